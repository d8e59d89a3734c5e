import type { ReactNode } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { formatDateTime } from "../../lib/format";
import { RowActions } from "./row-actions";

/**
 * Column shapes every admin table repeats, for DataTable's `columns`:
 *   dateColumn("created_at", "Date", (m) => m.created_at, { sortable: true })
 *   actionsColumn((m) => <RowAction label="Delete message" ... />)
 */
export function dateColumn<T>(
  id: string,
  header: string,
  get: (row: T) => string | null | undefined,
  options: { sortable?: boolean; empty?: string; wrap?: boolean } = {},
): ColumnDef<T> {
  return {
    id,
    header,
    accessorFn: (row) => get(row) ?? "",
    enableSorting: options.sortable ?? false,
    sortDescFirst: true,
    // `wrap`: a narrow two-line date ("Nov 25," / "5:13 PM") where a table has many columns.
    meta: { className: options.wrap ? "min-w-[6rem]" : "whitespace-nowrap" },
    cell: ({ row }) => {
      const iso = get(row.original);
      return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : (options.empty ?? "");
    },
  };
}

/** The last column: the row's icon actions, headed "Actions" for screen readers only. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): ColumnDef<T> {
  return {
    id: "actions",
    header: "Actions",
    meta: { className: "w-px", srOnlyHeader: true },
    cell: ({ row }) => <RowActions>{cell(row.original)}</RowActions>,
  };
}
