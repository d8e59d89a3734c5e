import { useMemo, useState } from "react";
import { Download, RotateCcw, Trash2 } from "lucide-react";
import { trashEntities, trashEntityLabels, TRASH_DAYS, type TrashItem } from "@agency/core/contract/trash";
import { apiErrorMessage, useApiErrorHandler } from "../../components/admin/api-errors";
import { actionOutline } from "../../components/admin/classes";
import { useConfirm } from "../../components/admin/confirm-dialog";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SelectFilter } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { useToast } from "../../components/admin/toasts";
import { useCan } from "../../features/session/api";
import { usePurgeTrash, useRestoreTrash, useTrash } from "../../features/trash/api";
import { ImportSiteButton } from "../../features/trash/import-site";
import { trashColumns } from "../../features/trash/trash-columns";
import { counted } from "../../lib/format";
import { useStableCallback } from "../../lib/use-stable-callback";

const entityOptions = [{ value: "", label: "All Items" }, ...trashEntities.map((e) => ({ value: e, label: trashEntityLabels[e] }))];

/**
 * /admin/trash: what was deleted in the last TRASH_DAYS days, newest first: restore it (back where it
 * was, under its own address) or delete it for good, one at a time or the selected ones together.
 */
export default function TrashPage() {
  const [entity, setEntity] = useState("");
  const list = useTrash(entity);
  const restore = useRestoreTrash();
  const purge = usePurgeTrash();
  const can = useCan();
  const mayPurge = can("trash");
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [dialog, confirm] = useConfirm();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  /**
   * What the last bulk action could not do, by row: each failed row shows the server's reason (a kept
   * site export is not restored in place) and stays selected, while the others went through.
   */
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());

  /** Runs `act` on each item in turn; one toast for what happened, the one error mapping (or, in bulk, the row) for what failed. */
  const run = useStableCallback(async (items: TrashItem[], act: (t: TrashItem) => Promise<unknown>, done: string, fallback: string) => {
    let ok = 0;
    const failed = new Map<string, string>();
    for (const t of items) {
      try {
        await act(t);
        ok++;
      } catch (err) {
        if (items.length === 1) showError(err, { fallback, onReload: () => void list.refetch() });
        else {
          console.error(`${fallback}:`, err);
          failed.set(t.id, apiErrorMessage(err, fallback));
        }
      }
    }
    setFailures(failed);
    setSelected(new Set(failed.keys()));
    if (ok) toast.success(items.length === 1 ? done : `${done}: ${counted(ok, "item")}`);
    if (failed.size) toast.error(`${counted(failed.size, "item")} not done: the reason is shown on ${failed.size === 1 ? "its row" : "each row"}`);
  });
  const restoreItems = useStableCallback((items: TrashItem[]) =>
    run(items, (t) => restore.mutateAsync(t), items.length === 1 ? "Item restored" : "Restored", "Failed to restore the item"),
  );
  const purgeItems = useStableCallback(async (items: TrashItem[]) => {
    const one = items.length === 1;
    const ok = await confirm({
      title: one ? "Delete forever" : `Delete ${items.length} forever?`,
      message: one ? `"${items[0]!.label}" will be deleted for good. This cannot be undone.` : `${counted(items.length, "item")} will be deleted for good. This cannot be undone.`,
      confirmLabel: "Delete forever",
    });
    if (ok) await run(items, (t) => purge.mutateAsync(t), one ? "Item deleted forever" : "Deleted forever", "Failed to delete the item");
  });

  const columns = useMemo(
    () =>
      trashColumns({
        selected: (id) => selected.has(id),
        failure: (id) => failures.get(id),
        toggle: (id, on) =>
          setSelected((s) => {
            const next = new Set(s);
            if (on) next.add(id);
            else next.delete(id);
            return next;
          }),
        restore: (t) => void restoreItems([t]),
        ...(mayPurge ? { purge: (t: TrashItem) => void purgeItems([t]) } : {}),
      }),
    [selected, failures, mayPurge, restoreItems, purgeItems],
  );
  const chosen = list.rows.filter((t) => selected.has(t.id));

  return (
    <div>
      <PageHeader
        title="Trash"
        description={`Deleted items are kept here for ${TRASH_DAYS} days, then deleted for good. Restore one to put it back where it was.`}
        actions={
          can("backup") && (
            // The whole site's content as one file (GET /api/admin/export), and back: the owner's.
            <>
              <a href="/api/admin/export" download className={actionOutline}>
                <Download aria-hidden="true" className="h-4 w-4" />
                Export site
              </a>
              <ImportSiteButton />
            </>
          )
        }
      />
      <FilterBar label="Filter the Trash">
        <SelectFilter
          label="Item type"
          value={entity}
          onChange={(v) => {
            setEntity(v);
            setSelected(new Set());
          }}
          options={entityOptions}
        />
        {chosen.length > 0 && (
          <div role="group" aria-label="Selected items" className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-700">{counted(chosen.length, "item")} selected</span>
            <button type="button" className={actionOutline} onClick={() => void restoreItems(chosen)}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Restore selected
            </button>
            {mayPurge && (
              <button type="button" className={`${actionOutline} hover:border-red-300 hover:text-red-800`} onClick={() => void purgeItems(chosen)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete selected forever
              </button>
            )}
          </div>
        )}
      </FilterBar>
      <DataTable
        caption="Trash"
        {...fromPagedList(list)}
        columns={columns}
        getRowId={(t) => t.id}
        empty={
          <EmptyState icon={Trash2} title="The Trash is empty" hint={entity ? "Nothing of this type was deleted lately" : `What is deleted stays here for ${TRASH_DAYS} days`} />
        }
      />
      {dialog}
    </div>
  );
}
