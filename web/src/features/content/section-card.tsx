import { CheckCircle2, TriangleAlert } from "lucide-react";
import { type SectionField, type SectionLayout, type PageSection } from "@agency/core/contract/page-sections";
import { panel } from "../../components/admin/classes";
import { EditorRecovery } from "../../components/admin/editor-dialog";
import { HistoryButton } from "../../components/admin/history";
import { CheckboxField, TextAreaField, TextField } from "../../components/admin/form-fields";
import { useLeaveGuard } from "../../components/admin/leave-guard";
import { useRecordEditor } from "../../components/admin/use-record-editor";
import { useSaveShortcut } from "../../components/admin/use-save-shortcut";
import { ImageUrlField } from "../media/image-url-field";
import { fetchLatestSection, useSaveSection } from "./admin-api";

type SectionValues = { title: string; content: string; image_url: string; image_alt: string; video_url: string; is_active: boolean };

const toValues = (s: PageSection | undefined): SectionValues => ({
  title: s?.title ?? "",
  content: s?.content ?? "",
  image_url: s?.image_url ?? "",
  image_alt: s?.image_alt ?? "",
  video_url: s?.video_url ?? "",
  is_active: s?.is_active ?? true,
});

const labels = { title: "Title", content: "Content", image_url: "Image URL", image_alt: "Image Alt Text", video_url: "Video URL", is_active: "Active" };
/** A section that is one text calls its field "Text", whichever field holds it. */
const textLabels = { ...labels, title: "Text", content: "Text" };

/**
 * One page section (SPEC §2 Page Sections): named by where it appears ("Hero · Title", from the
 * page's layout) with its section_key as a small label, Active (saves at once), and only the fields
 * its page reads (Title, Content, Image URL, Video URL), which save when the field loses focus. A
 * spinner shows while it saves, then whether it saved; a stale save shows the conflict with Reload.
 * `openHistory`: opened from an Activity row, it shows its History at once.
 */
export function SectionCard({ section, layout, openHistory = false }: { section: PageSection; layout: SectionLayout; openHistory?: boolean }) {
  const save = useSaveSection();
  const editor = useRecordEditor<PageSection, SectionValues>({
    record: section,
    toValues,
    labels: layout.fields.length === 1 ? textLabels : labels,
    save: ({ changes, record }) => save.mutateAsync({ section: record!, fields: changes }),
    reload: fetchLatestSection,
    fallback: () => "Failed to save the section",
  });
  const leaveDialog = useLeaveGuard(editor.dirty);
  // Ctrl/Cmd+S in a field saves it without leaving it.
  useSaveShortcut(() => void editor.submit(), editor.dirty);
  const { values, errors, set } = editor;
  const saveOnBlur = () => void editor.submit();
  const name = section.section_key;
  const uses = (field: SectionField) => layout.fields.includes(field);
  const single = layout.fields.length === 1;

  return (
    <section aria-labelledby={`section-${section.id}`} data-testid="page-section" data-key={name} className={`${panel} p-5`} aria-busy={editor.saving || undefined}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`section-${section.id}`} className="text-base font-semibold text-slate-900">
            {layout.label}
          </h3>
          <p className="font-mono text-xs break-all text-slate-600" data-testid="section-key">
            {name}
          </p>
        </div>
        <div className="flex items-center gap-4">
          <p aria-live="polite" className="flex min-h-6 items-center gap-1.5 text-sm" data-testid="section-status">
            {editor.saving ? (
              <span className="flex items-center gap-1.5 text-slate-700">
                <span aria-hidden="true" data-testid="section-spinner" className="h-4 w-4 animate-spin rounded-full border-2 border-purple-200 border-t-purple-600" />
                Saving...
              </span>
            ) : editor.status === "saved" && !editor.dirty ? (
              <span className="flex items-center gap-1.5 font-medium text-green-800">
                <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
                Saved
              </span>
            ) : editor.status === "failed" ? (
              <span className="flex items-center gap-1.5 font-medium text-red-800">
                <TriangleAlert aria-hidden="true" className="h-4 w-4" />
                Not saved
              </span>
            ) : null}
          </p>
          <CheckboxField label="Active" checked={values.is_active} onChange={(checked) => void editor.submit({ is_active: checked })} />
          {editor.record && (
            <HistoryButton
              entity="page-sections"
              id={editor.record.id}
              name={layout.label}
              current={editor.record}
              initiallyOpen={openHistory}
              onRestored={(saved) => editor.load(saved)}
            />
          )}
        </div>
      </div>
      <div className="space-y-4">
        <EditorRecovery editor={editor} />
        {uses("title") && (
          <TextField
            label={single ? textLabels.title : labels.title}
            value={values.title}
            onChange={(v) => set("title", v)}
            onBlur={saveOnBlur}
            error={errors.title}
            name={`${name}-title`}
          />
        )}
        {uses("content") && (
          <TextAreaField
            label={single ? textLabels.content : labels.content}
            rows={4}
            value={values.content}
            onChange={(v) => set("content", v)}
            onBlur={saveOnBlur}
            error={errors.content}
            name={`${name}-content`}
          />
        )}
        {uses("image_url") && (
          <ImageUrlField
            label="Image URL"
            value={values.image_url}
            onChange={(v) => set("image_url", v)}
            onBlur={saveOnBlur}
            error={errors.image_url}
            name={`${name}-image_url`}
            alt={{ value: values.image_alt, onChange: (v) => set("image_alt", v), error: errors.image_alt }}
          />
        )}
        {uses("video_url") && (
          <TextField
            label="Video URL"
            type="url"
            value={values.video_url}
            onChange={(v) => set("video_url", v)}
            onBlur={saveOnBlur}
            error={errors.video_url}
            name={`${name}-video_url`}
          />
        )}
      </div>
      {leaveDialog}
    </section>
  );
}
