import { useId, type FormEvent, type ReactNode } from "react";
import { Copy, History, RefreshCw, TriangleAlert } from "lucide-react";
import type { RevisionEntity } from "@agency/core/contract/revisions";
import { STALE_ITEM_MESSAGE } from "@agency/core/contract/versioned";
import { CloseButton, Modal } from "../ui/modal";
import { actionOutline, actionPrimary, fieldControl } from "./classes";
import { useConfirm } from "./confirm-dialog";
import { HistoryButton } from "./history";
import { useLeaveGuard } from "./leave-guard";
import { formatDateTime } from "../../lib/format";
import { useToast } from "./toasts";
import { useSaveShortcut } from "./use-save-shortcut";
import type { FormValues, KeptEdit, RecordEditor } from "./use-record-editor";

/**
 * A stale save's notice (409): SPEC's conflict text and Reload, which loads the latest version and
 * keeps what the admin typed (UnsavedCopy). Shown inside the editor, next to the work at stake.
 */
export function ConflictNotice({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  return (
    <div role="alert" data-testid="conflict" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-3 sm:flex-row sm:items-center">
        <p className="flex-1">{STALE_ITEM_MESSAGE}</p>
        <button type="button" className={actionOutline} onClick={onReload} disabled={reloading}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {reloading ? "Reloading..." : "Reload"}
        </button>
      </div>
    </div>
  );
}

/** After Reload: the values the admin had typed, read-only, each with Copy, until dismissed or saved. */
export function UnsavedCopy({ kept, onDismiss }: { kept: KeptEdit[]; onDismiss: () => void }) {
  const toast = useToast();
  const headingId = useId();
  if (!kept.length) return null;
  return (
    <section aria-labelledby={headingId} data-testid="kept-edits" className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-sm font-semibold text-blue-950">
            Your unsaved text
          </h3>
          <p className="text-sm text-blue-900">The form now shows the latest version. Copy back what you still need, then save.</p>
        </div>
        <button type="button" className={actionOutline} onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {kept.map((k) => (
        <div key={k.field}>
          <div className="mb-1 flex items-center justify-between gap-2">
            <label htmlFor={`${headingId}-${k.field}`} className="text-sm font-medium text-blue-950">
              Your {k.label}
            </label>
            <button
              type="button"
              className={actionOutline}
              onClick={() =>
                navigator.clipboard.writeText(k.value).then(
                  () => toast.success(`Copied your ${k.label}`),
                  () => toast.error("Could not copy: select the text and copy it by hand"),
                )
              }
            >
              <Copy aria-hidden="true" className="h-4 w-4" />
              Copy
            </button>
          </div>
          <textarea id={`${headingId}-${k.field}`} readOnly value={k.value} rows={Math.min(6, Math.max(2, k.value.split("\n").length))} className={`${fieldControl} font-mono`} />
        </div>
      ))}
    </section>
  );
}

/**
 * Unsaved text an earlier visit left in this browser (a crash, a closed tab): 'Restore unsaved
 * changes' puts it back into the form, Discard forgets it.
 */
export function DraftNotice({ typedAt, onRestore, onDiscard }: { typedAt: string; onRestore: () => void; onDiscard: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="unsaved-draft" className="flex items-start gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950">
      <History aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-blue-800" />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <h3 id={headingId} className="font-semibold">
            Unsaved changes found
          </h3>
          <p>You typed changes here on {formatDateTime(typedAt)} that were never saved. They are kept in this browser.</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button type="button" className={`${actionPrimary} whitespace-nowrap`} onClick={onRestore}>
            Restore unsaved changes
          </button>
          <button type="button" className={actionOutline} onClick={onDiscard}>
            Discard
          </button>
        </div>
      </div>
    </section>
  );
}

/** The kept-draft offer, conflict notice and kept copies of an editor, where its form shows them. */
export function EditorRecovery<R, V extends FormValues>({ editor }: { editor: RecordEditor<R, V> }) {
  return (
    <>
      {editor.draft && <DraftNotice typedAt={editor.draft.typed_at} onRestore={editor.restoreDraft} onDiscard={editor.discardDraft} />}
      {editor.stale && <ConflictNotice onReload={() => void editor.reloadLatest()} reloading={editor.reloading} />}
      <UnsavedCopy kept={editor.kept} onDismiss={editor.dismissKept} />
    </>
  );
}

/**
 * Closing an editor with unsaved changes asks first: `requestClose()` resolves true when it may
 * close. Also guards leaving the page (shell links, Logout, closing the tab) while dirty, even when
 * the editor is out of sight (another tab), and binds Ctrl/Cmd+S to `onSave` while `active` (on
 * screen). Render `dialog` once.
 */
export function useEditorGuards({ active, dirty, onSave }: { active: boolean; dirty: boolean; onSave: () => void }) {
  const leaveDialog = useLeaveGuard(dirty);
  const [confirmDialog, confirm] = useConfirm();
  useSaveShortcut(onSave, active);
  const requestClose = async () =>
    !dirty ||
    confirm({
      title: "Discard changes?",
      message: "You have unsaved changes. If you close this editor, they will be lost.",
      confirmLabel: "Discard changes",
      cancelLabel: "Keep editing",
    });
  return {
    requestClose,
    dialog: (
      <>
        {leaveDialog}
        {confirmDialog}
      </>
    ),
  };
}

/**
 * The modal editor of a record (Create/Edit Service, a course, a post): title, the form, the
 * conflict notice and kept copies, and Cancel / Save ('Saving...'). Enter in a field or Ctrl/Cmd+S
 * saves; Cancel, Escape or a click outside ask first when there are unsaved changes. With `history`,
 * an existing record's editor has History (its revisions, and Restore, which loads the restored record).
 */
export function EditorDialog<R, V extends FormValues>({
  open,
  title,
  editor,
  onClose,
  children,
  width = "max-w-2xl",
  saveLabel = "Save",
  history,
  openHistory = false,
}: {
  open: boolean;
  title: string;
  editor: RecordEditor<R, V>;
  /** Called once it may close (nothing unsaved, or the admin chose to discard). */
  onClose: () => void;
  children: ReactNode;
  width?: string;
  saveLabel?: string;
  /** Which revisions the record has (contract/revisions.ts). */
  history?: RevisionEntity;
  /** Opens with History shown (an Activity row's link). */
  openHistory?: boolean;
}) {
  const titleId = useId();
  const record = editor.record as ({ id: string; version: number } & Record<string, unknown>) | undefined;
  const guards = useEditorGuards({ active: open, dirty: editor.dirty, onSave: () => void editor.submit() });
  const close = async () => {
    if (!(await guards.requestClose())) return;
    // Unsaved changes discarded on purpose: nothing to offer next time. (A kept draft not yet
    // restored or discarded stays on offer.)
    if (editor.dirty) editor.discardDraft();
    onClose();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void editor.submit();
  };
  return (
    <>
      <Modal open={open} onClose={() => void close()} labelledBy={titleId} width={width}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <h2 id={titleId} className="text-xl font-bold text-slate-900">
              {title}
            </h2>
            <div className="flex items-center gap-2">
              {history && record && <HistoryButton entity={history} id={record.id} current={record} initiallyOpen={openHistory} onRestored={(saved) => editor.load(saved as R)} />}
              <CloseButton onClick={() => void close()} />
            </div>
          </div>
          <div className="space-y-4 px-6 py-5">
            <EditorRecovery editor={editor} />
            {children}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-6 py-4 sm:flex-row sm:justify-end">
            <button type="button" className={actionOutline} onClick={() => void close()}>
              Cancel
            </button>
            <button type="submit" className={actionPrimary} disabled={editor.saving}>
              {editor.saving ? "Saving..." : saveLabel}
            </button>
          </div>
        </form>
      </Modal>
      {guards.dialog}
    </>
  );
}
