import { useId, useState } from "react";
import { Save } from "lucide-react";
import { type PageSection, type PolicyKey } from "@agency/core/contract/page-sections";
import { actionPrimary, panel } from "../../components/admin/classes";
import { EditorRecovery, useEditorGuards } from "../../components/admin/editor-dialog";
import { HistoryButton } from "../../components/admin/history";
import { TextAreaField, TextField } from "../../components/admin/form-fields";
import { LoadFailed } from "../../components/admin/load-failed";
import { PageHeader } from "../../components/admin/page-header";
import { Tabs } from "../../components/admin/tabs";
import { useRecordEditor } from "../../components/admin/use-record-editor";
import { Spinner } from "../../components/spinner";
import { useSettings } from "../../features/content/api";
import { fetchLatestSection, useAdminSections, useSaveSection } from "../../features/content/admin-api";
import { policyList } from "../../features/policies/api";
import { PolicyDocument } from "../../features/policies/policy-document";

type PolicyValues = { title: string; content: string };
const toValues = (s: PageSection | undefined): PolicyValues => ({ title: s?.title ?? "", content: s?.content ?? "" });

/** One policy: title and HTML content beside a live preview of the public pop-up; saved, never created. */
function PolicyEditor({ section, label, contactEmail, hidden }: { section: PageSection; label: string; contactEmail: string; hidden: boolean }) {
  const save = useSaveSection();
  const previewId = useId();
  const editor = useRecordEditor<PageSection, PolicyValues>({
    record: section,
    toValues,
    labels: { title: "Title", content: "Content" },
    save: ({ changes, record }) => save.mutateAsync({ section: record!, fields: changes }),
    reload: fetchLatestSection,
    success: () => `${label} saved`,
    fallback: () => `Failed to save the ${label}`,
    draft: "policy",
  });
  const guards = useEditorGuards({ active: !hidden, dirty: editor.dirty, onSave: () => void editor.submit() });
  const { values, set, errors } = editor;
  return (
    <div hidden={hidden} data-testid="policy-editor" data-key={section.section_key}>
      <div className="grid gap-6 xl:grid-cols-2">
        <form
          className={`${panel} space-y-4 p-5`}
          aria-label={`Edit ${label}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void editor.submit();
          }}
        >
          <EditorRecovery editor={editor} />
          <TextField label="Title" value={values.title} onChange={(v) => set("title", v)} error={errors.title} />
          <TextAreaField
            label="Content"
            hint="HTML allowed: headings, paragraphs, lists and links. Scripts and styles are removed."
            rows={18}
            value={values.content}
            onChange={(v) => set("content", v)}
            error={errors.content}
          />
          <div className="flex items-center justify-end gap-3">
            {editor.record && <HistoryButton entity="page-sections" id={editor.record.id} name={label} current={editor.record} onRestored={(saved) => editor.load(saved)} />}
            <p className="text-sm text-slate-600" aria-live="polite">
              {editor.dirty ? "Unsaved changes" : "All changes saved"}
            </p>
            <button type="submit" className={actionPrimary} disabled={editor.saving || !editor.dirty}>
              <Save aria-hidden="true" className="h-4 w-4" />
              {editor.saving ? "Saving..." : "Save"}
            </button>
          </div>
        </form>
        <section aria-labelledby={`${previewId}-label`} className="min-w-0">
          <h2 id={`${previewId}-label`} className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
            Live preview
          </h2>
          <div data-testid="policy-preview" className="max-h-[80vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
            <PolicyDocument
              titleId={`${previewId}-title`}
              headingLevel={3}
              title={values.title.trim() || label}
              content={values.content}
              updatedAt={editor.record?.updated_at}
              contactEmail={contactEmail}
            />
          </div>
        </section>
      </div>
      {guards.dialog}
    </div>
  );
}

/** /admin/policies: Privacy Policy, Terms of Service and Cookie Policy (SPEC §2 Policy management). */
export default function PoliciesPage() {
  const sections = useAdminSections("policies");
  // The pop-up's contact line is the contact_email setting, as on the public site.
  const { contact_email } = useSettings();
  const [selected, setSelected] = useState<PolicyKey>("privacy_policy");

  return (
    <div>
      <PageHeader title="Policy Management" description="What visitors read in the footer's policy pop-ups. The preview shows it as they will." />
      {sections.isPending ? (
        <Spinner label="Loading policies" />
      ) : sections.isError ? (
        <LoadFailed onRetry={() => void sections.refetch()} />
      ) : (
        <Tabs label="Policies" tabs={policyList.map((p) => ({ id: p.key, label: p.label }))} selected={selected} onSelect={(id) => setSelected(id as PolicyKey)}>
          {policyList.map((p) => {
            const section = sections.data.find((s) => s.section_key === p.key);
            if (!section) {
              return (
                <p key={p.key} hidden={p.key !== selected} className="text-sm text-slate-700">
                  The {p.label} has no section yet. Run the seed (npm run seed) to create the policy sections.
                </p>
              );
            }
            return <PolicyEditor key={section.id} section={section} label={p.label} contactEmail={contact_email} hidden={p.key !== selected} />;
          })}
        </Tabs>
      )}
    </div>
  );
}
