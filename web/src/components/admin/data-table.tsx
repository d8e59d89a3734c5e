import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type OnChangeFn, type RowData, type SortingState } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Spinner } from "../spinner";
import { actionOutline } from "./classes";
import { LoadFailed } from "./load-failed";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats the library's type parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for this column's header and cells (widths, alignment, `hidden md:table-cell`). */
    className?: string;
    /** This column's cell is the row's open button. Default: the first column. */
    opensRow?: boolean;
    /** The header is a name for screen readers only (a row's actions, its checkbox), on every screen size. */
    srOnlyHeader?: boolean;
  }
}

/** What a paged (server-side) list gives the table: react-query's useInfiniteQuery fields. */
export interface DataTablePaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The last page failed: stop loading on scroll, keep the button (it retries). */
  isFetchNextPageError?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table (a visually hidden caption) and its scroll region. */
  caption: string;
  data: readonly T[];
  /** TanStack Table v8 column definitions; `meta` takes className and opensRow (see above). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of different value types in one list: TanStack's documented ColumnDef<T, any>
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /**
   * Opens a row (a details dialog). The opening column's cell becomes a button, so keyboard users
   * Tab to it and press Enter; a click anywhere else on the row that is not on another control does
   * the same for the mouse. No tabindex on <tr>, no button inside a button.
   */
  onRowOpen?: (row: T) => void;
  /** Rows to draw attention to (unread messages). They get a tinted background and data-highlighted. */
  isRowHighlighted?: (row: T) => boolean;
  /**
   * Sorting is off unless a column sets `enableSorting: true`. By default the table sorts the rows it
   * has; for a server-sorted list pass `sorting`, `onSortingChange` and `manualSorting`.
   */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  manualSorting?: boolean;
  isLoading?: boolean;
  /** The first page failed: shows the message with a Retry button (onRetry). */
  error?: unknown;
  onRetry?: () => void;
  /** Shown when there are no rows (usually an <EmptyState>). */
  empty?: ReactNode;
  /** Server paging: more rows load when the end of the table scrolls into view, or with "Load more". */
  paging?: DataTablePaging;
  /** Rows on screen are being replaced (new filters loading): marks the table aria-busy. */
  isRefreshing?: boolean;
}

/** What a paged list hook (usePagedList) offers the table. */
interface PagedListState<T> extends DataTablePaging {
  rows: readonly T[];
  isPending: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** DataTable's rows, loading, error, retry and paging props from a usePagedList result: `<DataTable {...fromPagedList(list)} .../>`. */
export function fromPagedList<T>(list: PagedListState<T>) {
  return {
    data: list.rows,
    isLoading: list.isPending,
    error: list.error,
    onRetry: () => void list.refetch(),
    paging: list,
    isRefreshing: list.isPlaceholderData,
  };
}

/**
 * On a phone (below Tailwind's sm, 640 px) each row is a card: its cells wrap onto lines instead of
 * running off to the right, so a row's status and its actions stay on screen without scrolling the
 * table sideways; each cell shows its column's name above it. The explicit ARIA roles keep the
 * table a table for screen readers whatever the CSS display. A column hidden at small widths
 * (`hidden md:table-cell`) stays hidden.
 */
const PHONE_ROW = "max-sm:flex max-sm:flex-wrap max-sm:items-start max-sm:gap-x-6 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3";
/** A column that `hidden md:table-cell` hides on small screens. */
const hiddenOnPhone = (meta: string) => /(^|\s)hidden(\s|$)/.test(meta);
const phoneCell = (meta: string, opener: boolean) =>
  hiddenOnPhone(meta)
    ? ""
    : `max-sm:block max-sm:min-w-0 max-sm:max-w-full max-sm:w-auto max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] ${opener ? "max-sm:basis-full" : ""}`;

const CONTROLS = "a, button, input, select, textarea, label, summary, [role='button'], [role='menuitem']";

/**
 * The one table of the back office, headless TanStack Table v8 with the admin look: header row,
 * optional sorting (aria-sort), row opening, highlighted rows, loading, error and empty states, and
 * server paging (IntersectionObserver sentinel plus a visible "Load more" fallback).
 */
export function DataTable<T>({
  caption,
  data,
  columns,
  getRowId,
  onRowOpen,
  isRowHighlighted,
  sorting: controlledSorting,
  onSortingChange,
  manualSorting = false,
  isLoading = false,
  error,
  onRetry,
  empty,
  paging,
  isRefreshing = false,
}: DataTableProps<T>) {
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting = controlledSorting ?? localSorting;
  const table = useReactTable<T>({
    data: data as T[],
    columns,
    getRowId: (row) => getRowId(row),
    state: { sorting },
    onSortingChange: onSortingChange ?? setLocalSorting,
    manualSorting,
    defaultColumn: { enableSorting: false },
    getCoreRowModel: getCoreRowModel(),
    ...(manualSorting ? {} : { getSortedRowModel: getSortedRowModel() }),
  });

  const leafColumns = table.getVisibleLeafColumns();
  const openerId = onRowOpen ? (leafColumns.find((c) => c.columnDef.meta?.opensRow) ?? leafColumns[0])?.id : undefined;
  const rows = table.getRowModel().rows;

  // When the focused control leaves with its row (a confirmed delete), focus stays in the table
  // instead of falling back to the top of the page.
  const region = useRef<HTMLDivElement>(null);
  const focusInside = useRef(false);
  useEffect(() => {
    if (focusInside.current && (document.activeElement === document.body || !document.activeElement)) region.current?.focus({ preventScroll: true });
  }, [rows]);

  const rowClick = (row: T) => (e: MouseEvent<HTMLTableRowElement>) => {
    if (!onRowOpen) return;
    const target = e.target as Element;
    // A click on a control in the row (toggle, delete, a link) is that control's business.
    if (target.closest(CONTROLS) && e.currentTarget.contains(target.closest(CONTROLS))) return;
    // Selecting text to copy it is not a click.
    if (window.getSelection()?.toString()) return;
    onRowOpen(row);
  };

  let body: ReactNode;
  if (isLoading) {
    body = (
      <tr>
        <td colSpan={leafColumns.length}>
          <Spinner label="Loading" />
        </td>
      </tr>
    );
  } else if (error && !data.length) {
    body = (
      <tr>
        <td colSpan={leafColumns.length} className="px-6">
          <LoadFailed onRetry={onRetry} className="py-10" />
        </td>
      </tr>
    );
  } else if (!rows.length) {
    body = (
      <tr>
        <td colSpan={leafColumns.length}>{empty}</td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const highlighted = isRowHighlighted?.(row.original) ?? false;
      return (
        <tr
          key={row.id}
          role="row"
          data-row-id={row.id}
          data-highlighted={highlighted || undefined}
          onClick={onRowOpen ? rowClick(row.original) : undefined}
          className={`border-t border-slate-200 transition-colors ${PHONE_ROW} ${highlighted ? "bg-blue-50 hover:bg-blue-100/70" : "bg-white hover:bg-slate-50"} ${onRowOpen ? "cursor-pointer" : ""}`}
        >
          {row.getVisibleCells().map((cell) => {
            const content = flexRender(cell.column.columnDef.cell, cell.getContext());
            const meta = cell.column.columnDef.meta?.className ?? "";
            const header = cell.column.columnDef.header;
            const className = `px-4 py-3 align-top text-sm text-slate-700 ${meta} ${phoneCell(meta, cell.column.id === openerId)}`;
            const named = typeof header === "string" && header && !cell.column.columnDef.meta?.srOnlyHeader;
            const label = named && cell.column.id !== openerId ? header : undefined;
            if (cell.column.id !== openerId) {
              return (
                // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- the table is display:block on phones, which drops its semantics: the explicit roles keep them
                <td key={cell.id} role="cell" data-label={label} className={className}>
                  {content}
                </td>
              );
            }
            return (
              <th key={cell.id} scope="row" role="rowheader" className={`${className} text-left font-normal`}>
                <button
                  type="button"
                  onClick={() => onRowOpen!(row.original)}
                  className="block w-full rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600"
                >
                  {content}
                </button>
              </th>
            );
          })}
        </tr>
      );
    });
  }

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* Focusable and named, so keyboard users can scroll a wide table sideways. */}
      <div
        ref={region}
        role="region"
        aria-label={caption}
        aria-busy={isRefreshing || undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll region is reachable by keyboard, so it can be scrolled without a mouse (axe: scrollable-region-focusable)
        tabIndex={0}
        onFocus={() => (focusInside.current = true)}
        // Focus moving to another element tells where it went; to nowhere (null), it may be a removed row's.
        onBlur={(e) => e.relatedTarget && (focusInside.current = region.current?.contains(e.relatedTarget) ?? false)}
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-purple-600"
      >
        <table role="table" className="min-w-full border-collapse max-sm:block">
          <caption className="sr-only">{caption}</caption>
          {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- the table is display:block on phones, which drops its semantics: the explicit roles keep them */}
          <thead role="rowgroup" className={`bg-slate-50 ${rows.length ? "max-sm:block" : "max-sm:sr-only"}`}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role="row" className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4">
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort();
                  const dir = header.column.getIsSorted();
                  const rendered = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  const srOnly = header.column.columnDef.meta?.srOnlyHeader ?? false;
                  const label = srOnly ? <span className="sr-only">{rendered}</span> : rendered;
                  const Icon = dir === "asc" ? ArrowUp : dir === "desc" ? ArrowDown : ArrowUpDown;
                  // On a phone a plain column name is only read out (each card names its cells); a
                  // header that does something (sort, select all) stays on screen above the cards.
                  const phone = hiddenOnPhone(header.column.columnDef.meta?.className ?? "")
                    ? ""
                    : sortable || (!srOnly && typeof header.column.columnDef.header !== "string")
                      ? "max-sm:block"
                      : "max-sm:sr-only";
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      role="columnheader"
                      aria-sort={sortable ? (dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none") : undefined}
                      className={`px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase ${phone} ${header.column.columnDef.meta?.className ?? ""}`}
                    >
                      {sortable ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600"
                        >
                          {label}
                          <Icon aria-hidden="true" className={`h-3.5 w-3.5 ${dir ? "text-purple-700" : "text-slate-500"}`} />
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- the table is display:block on phones, which drops its semantics: the explicit roles keep them */}
          <tbody role="rowgroup" className="max-sm:block">
            {body}
          </tbody>
        </table>
      </div>
      {paging && !isLoading && rows.length > 0 && <LoadMore paging={paging} count={rows.length} />}
    </div>
  );
}

/** The end of a paged table: loads the next page as it scrolls into view; the button does it by hand. */
function LoadMore({ paging, count }: { paging: DataTablePaging; count: number }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError = false } = paging;
  const fetchNext = useRef(paging.fetchNextPage);
  fetchNext.current = paging.fetchNextPage;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === "undefined") return;
    // Re-created after every page, so a sentinel that is still visible asks for the next one.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fetchNext.current(), { rootMargin: "400px 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, count]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 border-t border-slate-200 px-4 py-4">
      {isFetchNextPageError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          Failed to load more. Please try again.
        </p>
      )}
      <button type="button" className={actionOutline} onClick={() => fetchNext.current()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? "Loading more..." : "Load more"}
      </button>
    </div>
  );
}
