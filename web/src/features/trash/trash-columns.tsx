import type { ColumnDef } from "@tanstack/react-table";
import { Download, RotateCcw, Trash2, TriangleAlert } from "lucide-react";
import { trashEntityLabels, type TrashItem } from "@agency/core/contract/trash";
import { textAction } from "../../components/admin/classes";
import { actionsColumn, dateColumn } from "../../components/admin/columns";

export interface TrashRowActions {
  selected: (id: string) => boolean;
  /** Why the last bulk action failed on this row, if it did. */
  failure: (id: string) => string | undefined;
  toggle: (id: string, on: boolean) => void;
  restore: (item: TrashItem) => void;
  /** Absent for a role that may not purge. */
  purge?: (item: TrashItem) => void;
}

const nameOf = (t: TrashItem) => t.label || t.entity_id;

/** The Trash table's columns: select, what it was, its kind, who deleted it and when, when it goes, Restore and Delete forever. */
export function trashColumns(a: TrashRowActions): ColumnDef<TrashItem>[] {
  return [
    {
      id: "select",
      header: "Select",
      meta: { className: "w-px", srOnlyHeader: true },
      cell: ({ row: { original: t } }) => (
        <input
          type="checkbox"
          className="h-4 w-4 accent-purple-700"
          aria-label={`Select ${nameOf(t)}`}
          checked={a.selected(t.id)}
          onChange={(e) => a.toggle(t.id, e.target.checked)}
        />
      ),
    },
    {
      id: "label",
      header: "Item",
      cell: ({ row: { original: t } }) => {
        const failure = a.failure(t.id);
        return (
          <>
            <span className="font-medium text-slate-900">{nameOf(t)}</span>
            {failure && (
              <p className="mt-1 flex items-start gap-1.5 text-sm text-red-800">
                <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>
                  <span className="sr-only">Error: </span>
                  {failure}
                </span>
              </p>
            )}
          </>
        );
      },
    },
    { id: "entity", header: "Type", cell: ({ row: { original: t } }) => trashEntityLabels[t.entity] },
    { id: "deleted_by", header: "Deleted by", cell: ({ row: { original: t } }) => t.deleted_by.name },
    dateColumn<TrashItem>("deleted_at", "Deleted", (t) => t.deleted_at, { wrap: true }),
    dateColumn<TrashItem>("expires_at", "Deleted for good", (t) => t.expires_at, { wrap: true }),
    actionsColumn<TrashItem>((t) => (
      <>
        {t.entity === "site-export" ? (
          // The export an import kept of what it replaced: imported again, it undoes the import.
          <a href={`/api/admin/trash/${encodeURIComponent(t.id)}/download`} download className={textAction} aria-label={`Download ${nameOf(t)}`}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download
          </a>
        ) : (
          <button type="button" className={textAction} onClick={() => a.restore(t)} aria-label={`Restore ${nameOf(t)}`}>
            <RotateCcw aria-hidden="true" className="h-4 w-4" />
            Restore
          </button>
        )}
        {a.purge && (
          <button type="button" className={`${textAction} hover:border-red-300 hover:text-red-800`} onClick={() => a.purge!(t)} aria-label={`Delete ${nameOf(t)} forever`}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete forever
          </button>
        )}
      </>
    )),
  ];
}
