import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { History as HistoryIcon, RotateCcw } from "lucide-react";
import { auditActionLabels } from "@agency/core/contract/audit";
import type { Revision, RevisionEntity, RevisionSummary } from "@agency/core/contract/revisions";
import { api } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { usePagedList } from "../../lib/paged";
import { Spinner } from "../spinner";
import { Modal } from "../ui/modal";
import { useApiErrorHandler } from "./api-errors";
import { fieldLabel } from "./field-label";
import { actionOutline, actionPrimary } from "./classes";
import { useConfirm } from "./confirm-dialog";
import { useToast } from "./toasts";
import { DialogHeader } from "./dialog-header";

const BASE = "/api/admin/revisions";
const revisionKeys = { list: (entity: RevisionEntity, id: string) => ["admin", "revisions", entity, id] as const };
/** An item's revisions, newest first, paged by the server; fresh whenever History opens. */
const useRevisions = (entity: RevisionEntity, id: string) => usePagedList<RevisionSummary>(revisionKeys.list(entity, id), BASE, { entity, id }, { freshOnMount: true });
const fetchRevision = (id: string) => api.get<Revision>(`${BASE}/${encodeURIComponent(id)}`);
/** Restores a revision over the item at the version the editor holds; answers the saved item. */
const restoreRevision = <T,>(id: string, version: number) => api.post<T>(`${BASE}/${encodeURIComponent(id)}/restore`, { version });

/** The diff code (the `diff` package) is fetched only when History shows a diff. */
const WordDiff = lazy(() => import("./word-diff"));

type Item = { version: number };

/** Fields that are not text an editor wrote: ids, times and flags are left out of the diff. */
const notText = new Set(["id", "key", "type", "page_slug", "section_key", "search"]);
const isHtml = (v: string) => /<[a-z][\s\S]*>/i.test(v);
/** An HTML field's words (the policies' and posts' content), as a reader sees them. */
const asText = (v: string) => (isHtml(v) ? (new DOMParser().parseFromString(v, "text/html").body.textContent ?? "") : v);

/** The text fields that differ between a revision's snapshot and the item as it is now. */
function changedText(snapshot: Record<string, unknown>, current: Item): { field: string; before: string; after: string }[] {
  return Object.keys(snapshot)
    .filter((f) => !notText.has(f) && !f.endsWith("_at") && typeof snapshot[f] === "string")
    .map((f) => {
      const now = (current as Record<string, unknown>)[f];
      return { field: f, before: asText(snapshot[f] as string), after: asText(typeof now === "string" ? now : "") };
    })
    .filter((d) => d.before !== d.after);
}

/** One revision: its diff against the current item, and Restore. */
function RevisionDetail({ revision, current, onRestore, restoring }: { revision: RevisionSummary; current: Item; onRestore: () => void; restoring: boolean }) {
  const detail = useQuery({ queryKey: ["admin", "revision", revision.id], queryFn: () => fetchRevision(revision.id), staleTime: Infinity });
  if (detail.isError) return <p className="text-sm text-red-700">Failed to load this revision.</p>;
  if (!detail.data) return <Spinner label="Loading revision" />;
  const diffs = changedText(detail.data.snapshot, current);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Version {revision.version} compared with the current version</h3>
        <button type="button" className={actionPrimary} onClick={onRestore} disabled={restoring}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {restoring ? "Restoring..." : `Restore version ${revision.version}`}
        </button>
      </div>
      {diffs.length === 0 ? (
        <p className="text-sm text-slate-700">The text of version {revision.version} is the same as the current version.</p>
      ) : (
        <Suspense fallback={<Spinner label="Loading the comparison" />}>
          {diffs.map((d) => (
            <WordDiff key={d.field} label={fieldLabel(d.field)} version={revision.version} before={d.before} after={d.after} />
          ))}
        </Suspense>
      )}
    </div>
  );
}

/**
 * `?history={id}` (an Activity row's link, features/audit/item-link.ts): the item whose editor opens
 * with its History. Read once when the screen opens, then taken out of the address.
 */
export const useHistoryLink = () => useLinkedId("history");

/**
 * The id a link's parameter `name` names (`?history=`, or `?open=` on a screen whose editor opens
 * from a link, as the Overview's rows link): read once when the screen opens, then taken out of the address.
 */
export function useLinkedId(name: string): string | undefined {
  const [params, setParams] = useSearchParams();
  const [linked] = useState(() => params.get(name) || undefined);
  useEffect(() => {
    if (!linked) return;
    const next = new URLSearchParams(window.location.search);
    next.delete(name);
    setParams(next, { replace: true });
  }, [linked, name, setParams]);
  return linked;
}

/**
 * 'History' of an editable item (contract/revisions.ts), one component for every editor: a button
 * that opens the item's revisions (who, when, what changed), a side-by-side word diff of a chosen
 * revision's text against the current version, and Restore (after a confirmation), which saves the
 * revision as a new version; `onRestored` then gets the saved item so the editor shows it.
 * `current` is the item as the editor last loaded or saved it (its version is the one a restore sends).
 */
export function HistoryButton<T extends Item>({
  entity,
  id,
  current,
  onRestored,
  name,
  initiallyOpen = false,
}: {
  entity: RevisionEntity;
  id: string;
  /** What the item is called, where several History buttons share a screen: the button's and the dialog's name ("History of Company Name"). */
  name?: string;
  current: T;
  onRestored: (item: T) => void;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Opened by a link (Activity's), History opens once the editor around it has opened: a dialog
  // opened in the same render as its editor would register first and end up below it, inert.
  useEffect(() => {
    if (initiallyOpen) setOpen(true);
  }, [initiallyOpen]);
  return (
    <>
      <button type="button" className={actionOutline} onClick={() => setOpen(true)} aria-label={name ? `History of ${name}` : undefined}>
        <HistoryIcon aria-hidden="true" className="h-4 w-4" />
        History
      </button>
      {open && <HistoryDialog entity={entity} id={id} name={name} current={current} onRestored={onRestored} onClose={() => setOpen(false)} />}
    </>
  );
}

function HistoryDialog<T extends Item>({
  entity,
  id,
  name,
  current,
  onRestored,
  onClose,
}: {
  entity: RevisionEntity;
  id: string;
  name?: string;
  current: T;
  onRestored: (item: T) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const list = useRevisions(entity, id);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [restoring, setRestoring] = useState(false);
  const [confirmDialog, confirm] = useConfirm();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const queryClient = useQueryClient();
  const chosen = list.rows.find((r) => r.id === selected) ?? list.rows[0];

  const restore = async (revision: RevisionSummary) => {
    const ok = await confirm({
      title: `Restore version ${revision.version}`,
      message: `Are you sure you want to restore version ${revision.version}? It is saved as a new version; the current version stays in History.`,
      confirmLabel: "Restore",
      tone: "default",
    });
    if (!ok) return;
    setRestoring(true);
    try {
      const saved = await restoreRevision<T>(revision.id, current.version);
      toast.success(`Version ${revision.version} restored successfully!`);
      // The item's lists and editors read it again (only those on screen refetch now).
      await queryClient.invalidateQueries({ queryKey: ["admin"] });
      onRestored(saved);
      onClose();
    } catch (err) {
      showError(err, { fallback: "Failed to restore the revision" });
    } finally {
      setRestoring(false);
    }
  };

  return (
    <>
      <Modal open onClose={onClose} labelledBy={titleId} width="max-w-6xl">
        <DialogHeader id={titleId} title={name ? `History of ${name}` : "History"} onClose={onClose} />
        <div className="grid gap-6 px-6 py-5 lg:grid-cols-[18rem_1fr]">
          <div>
            {list.isPending ? (
              <Spinner label="Loading history" />
            ) : list.isError ? (
              <p className="text-sm text-red-700">Failed to load the history.</p>
            ) : list.rows.length === 0 ? (
              <p className="text-sm text-slate-700">No revisions yet: every save from now on is kept here.</p>
            ) : (
              <ol aria-label="Revisions" className="space-y-2">
                {list.rows.map((r) => (
                  <li key={r.id}>
                    <button
                      type="button"
                      aria-pressed={chosen?.id === r.id}
                      onClick={() => setSelected(r.id)}
                      className={`w-full rounded-lg border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-purple-600 ${chosen?.id === r.id ? "border-purple-600 bg-purple-50" : "border-slate-200 bg-white hover:bg-slate-50"}`}
                    >
                      <span className="block font-semibold text-slate-900">
                        {auditActionLabels[r.action]} by {r.actor.name || "someone"}
                      </span>
                      <time dateTime={r.at} className="block text-slate-700">
                        {formatDateTime(r.at)} · version {r.version}
                      </time>
                      {r.changed_fields.length > 0 && <span className="block text-slate-700">Changed: {r.changed_fields.map(fieldLabel).join(", ")}</span>}
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {list.hasNextPage && (
              <button type="button" className={`${actionOutline} mt-3`} onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? "Loading..." : "Load more"}
              </button>
            )}
          </div>
          <div className="min-w-0">{chosen && <RevisionDetail revision={chosen} current={current} restoring={restoring} onRestore={() => void restore(chosen)} />}</div>
        </div>
      </Modal>
      {confirmDialog}
    </>
  );
}
