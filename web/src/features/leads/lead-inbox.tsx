import "../../lib/zod-jitless";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import type { ColumnDef } from "@tanstack/react-table";
import { Trash2, X, type LucideIcon } from "lucide-react";
import { ApiError } from "../../lib/api";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { actionDanger, actionOutline, fieldControl, panel } from "../../components/admin/classes";
import { useConfirm, type ConfirmOptions } from "../../components/admin/confirm-dialog";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SearchBox, useDebouncedValue } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useOpenRecord } from "../../components/admin/use-open-record";
import { counted } from "../../lib/format";
import { useStableCallback } from "../../lib/use-stable-callback";
import type { CsvColumn } from "../export/csv";
import { ExportCsvButton } from "../export/export-csv-button";
import type { LeadApi } from "./inbox-api";
import { useResendNotification } from "./notification";

type Filters = Record<string, string> & { q: string };

/** A bulk action of the selection bar; `choices` makes it a choice (a select) and a button. */
export interface BulkAction {
  label: string;
  icon?: LucideIcon;
  danger?: boolean;
  /** The choice's label and options (Change status); the body then gets the chosen value. */
  choices?: { label: string; options: readonly { value: string; label: string }[] };
  body: (choice: string) => Record<string, unknown>;
  /** The question, given the count ("3 messages") and the choice's label. */
  confirm: (count: string, choiceLabel: string) => ConfirmOptions;
  /** The progress line's verb: "Deleting". */
  verb: string;
}

/** What a screen hands the inbox: its calls, texts, filters, columns, details, bulk actions and export. */
export interface InboxConfig<T extends { id: string; created_at: string }, F extends Filters, S> {
  api: LeadApi<T, F, S>;
  title: string;
  /** What one lead is called ("message"), for counts, questions and toasts. */
  noun: string;
  caption: string;
  /** The contract's schema of the filters: the address is read through it (anything it refuses: the defaults). */
  filters: { safeParse(raw: unknown): { data?: F | undefined }; parse(raw: unknown): F };
  search: { label: string; placeholder: string };
  /** The filter selects beside the search box. */
  filterControls: (filters: F, setFilter: (key: keyof F & string, value: string) => void, stats: S | undefined) => ReactNode;
  /** The figures above the list. */
  stats: (stats: S | undefined) => ReactNode;
  /** The lead's columns (the selection column is the inbox's). `change` saves a change of one lead. */
  columns: (ctx: RowContext<T>) => ColumnDef<T>[];
  /** A lead's name in labels ("Select Ada Lovelace"). */
  nameOf: (row: T) => string;
  isRowHighlighted?: (row: T) => boolean;
  /** A change to save when a lead is opened (a message opened unread is marked read). */
  onOpenChange?: (row: T) => Partial<T> | undefined;
  /** A toast after a change of one lead, if any. */
  changed?: (row: T, change: Partial<T>) => string | undefined;
  /** The details dialog; `busyId` is the lead whose change is being saved. */
  details: (row: T | null, ctx: RowContext<T> & { close: () => void; busyId: string | undefined }) => ReactNode;
  bulkActions: BulkAction[];
  deleteOne: { title: string; message: string; success: string; fallback: string };
  csv: { prefix: string; columns: readonly CsvColumn<T>[] };
  empty: { icon: LucideIcon; title: string; filtered: string; unfiltered: string };
  /** More of the header's actions (Mark All Read), before Export CSV. */
  headerActions?: (ctx: { total: number | undefined }) => ReactNode;
}

export interface RowContext<T> {
  change: (row: T, change: Partial<T>) => void;
  remove: (row: T) => void;
  resend: (row: T) => void;
}

/**
 * The list filters in the address (`?q=&status=`): reload, Back and a shared link keep them. The
 * search box writes its text there once typing pauses; Back brings the text back too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the filters are read: any inbox's item type
function useAddressFilters<F extends Filters>(schema: InboxConfig<any, F, unknown>["filters"]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const raw = Object.fromEntries([...params.entries()].filter(([k]) => k !== "open"));
    return schema.safeParse(raw).data ?? schema.parse({});
  }, [params, schema]);
  const setFilter = useStableCallback((key: string, value: string) =>
    setParams(
      (p) => {
        if (value === "" || value === "all") p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: key === "q" },
    ),
  );
  // The box shows the address's text as typed (the filter itself is lowercased by the contract).
  const addressQ = params.get("q") ?? "";
  const [search, setSearch] = useState(addressQ);
  const typed = useDebouncedValue(search.trim(), 300);
  // Only the typed text writes the address (not the address changing: the write reads the address's
  // text as it is then); the address writes the box below.
  const writeTyped = useStableCallback((text: string) => {
    if (text !== addressQ) setFilter("q", text);
  });
  useEffect(() => writeTyped(typed), [typed, writeTyped]);
  useEffect(() => setSearch((s) => (s.trim() === addressQ ? s : addressQ)), [addressQ]);
  return { filters, setFilter, search, setSearch };
}

/** The selection: listed ids, or every lead matching the filters (`all`). */
type Selection = { all: false; ids: Set<string> } | { all: true; ids: Set<string> };
const none: Selection = { all: false, ids: new Set() };

/**
 * One inbox (Messages, Registrations): figures, search and filters in the address, a result count,
 * the list with a selection column and bulk actions (each asks first with the count and shows its
 * progress), a lead's details (also opened by `?open={id}`, however old the lead), Export CSV.
 * Each screen is a configuration of it, as the catalogues are of CatalogManager.
 */
export function LeadInbox<T extends { id: string; created_at: string }, F extends Filters, S>(c: InboxConfig<T, F, S>) {
  const { filters, setFilter, search, setSearch } = useAddressFilters(c.filters);
  const filtered = Object.values(filters).some((v) => v !== "" && v !== "all");
  const list = c.api.useList(filters);
  const count = c.api.useCount(filters);
  const stats = c.api.useStats();
  const setStatus = c.api.useSetStatus<Partial<T>>();
  const remove = c.api.useDelete();
  const bulk = c.api.useBulk();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [confirmDialog, confirm] = useConfirm();
  const total = count.data?.count;

  const change = useStableCallback((row: T, next: Partial<T>) => {
    setStatus.mutate(
      { id: row.id, change: next },
      {
        onSuccess: () => {
          details.update(row.id, next);
          const text = c.changed?.(row, next);
          if (text) toast.success(text);
        },
        onError: (err) => showError(err, { fallback: `Failed to update the ${c.noun}`, onReload: () => list.refetch() }),
      },
    );
  });
  const open = useStableCallback((row: T) => {
    details.open(row);
    const next = c.onOpenChange?.(row);
    if (next) change(row, next);
  });
  const details = useOpenRecord(list.rows, {
    onOpenFromLink: open,
    fetchOne: c.api.fetchOne,
    onMissing: useStableCallback((err: unknown) =>
      err instanceof ApiError && err.status === 404 ? toast.error(`This ${c.noun} no longer exists.`) : showError(err, { fallback: `Failed to open the ${c.noun}` }),
    ),
  });

  const [deleteDialog, deleteOne] = useConfirmedDelete<T>({
    ...c.deleteOne,
    remove: (row) => remove.mutateAsync(row.id),
    onDeleted: (row) => {
      details.closeIf(row.id);
      setSelection((s) => ({ ...s, ids: new Set([...s.ids].filter((id) => id !== row.id)) }));
    },
    onReload: () => list.refetch(),
  });
  const resend = useResendNotification(c.api.base, c.api.keys.list);

  // ---- Selection and bulk actions -------------------------------------------------------------
  const [selection, setSelection] = useState<Selection>(none);
  const filterKey = JSON.stringify(filters);
  useEffect(() => setSelection(none), [filterKey]);
  const onPage = list.rows.map((r) => r.id);
  const pageSelected = onPage.length > 0 && onPage.every((id) => selection.ids.has(id));
  const selectedCount = selection.all ? (total ?? 0) : selection.ids.size;
  const [progress, setProgress] = useState<{ verb: string; done: number; of: number } | null>(null);
  const [choice, setChoice] = useState<Record<string, string>>({});

  async function runBulk(action: BulkAction) {
    const picked = action.choices ? (choice[action.label] ?? action.choices.options[0]!.value) : "";
    const pickedLabel = action.choices?.options.find((o) => o.value === picked)?.label ?? "";
    const of = selectedCount;
    if (!(await confirm(action.confirm(counted(of, c.noun), pickedLabel)))) return;
    setProgress({ verb: action.verb, done: 0, of });
    try {
      const target = selection.all ? { filter: filters } : { ids: [...selection.ids] };
      const { updated } = await bulk.mutateAsync({ body: action.body(picked), target, onProgress: (done) => setProgress({ verb: action.verb, done, of }) });
      setSelection(none);
      toast.success(`${action.verb} done: ${counted(updated, c.noun)} changed`);
    } catch (err) {
      showError(err, { fallback: `${action.verb} failed` });
    } finally {
      setProgress(null);
    }
  }

  const selectionState: SelectionState = {
    pageSelected: pageSelected || selection.all,
    all: selection.all,
    pageEmpty: !onPage.length,
    has: (id) => selection.all || selection.ids.has(id),
    togglePage: (on) => setSelection({ all: false, ids: on ? new Set([...selection.ids, ...onPage]) : new Set() }),
    toggle: (id, on) => {
      const ids = new Set(selection.ids);
      if (on) ids.add(id);
      else ids.delete(id);
      setSelection({ all: false, ids });
    },
  };

  const busyId = setStatus.isPending ? setStatus.variables?.id : undefined;
  const rowContext: RowContext<T> = { change, remove: deleteOne, resend: (row) => resend(row.id) };
  // Made once: the selection reaches the cells through context, and `change`, `deleteOne` and
  // `resend` are stable, so no cell is re-created (and no focus lost) as the rows change.
  const nameOf = useStableCallback(c.nameOf);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- made once on purpose (above): new columns would re-create every cell
  const columns = useMemo(() => [selectColumn(nameOf), ...c.columns(rowContext)], []);

  return (
    <div className="min-w-0">
      <PageHeader
        title={c.title}
        actions={
          <>
            {c.headerActions?.({ total: stats.data === undefined ? undefined : total })}
            <ExportCsvButton filePrefix={c.csv.prefix} noun={c.noun} columns={c.csv.columns} fetchAll={(onProgress) => c.api.fetchAll(filters, onProgress)} />
          </>
        }
      />

      {c.stats(stats.data)}

      <FilterBar label={`Filter ${c.noun}s`}>
        <SearchBox label={c.search.label} placeholder={c.search.placeholder} value={search} onChange={setSearch} />
        {c.filterControls(filters, setFilter, stats.data)}
      </FilterBar>

      <div className="mb-3 flex min-h-9 flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm font-medium text-slate-700" aria-live="polite" data-testid="result-count">
          {total === undefined ? "" : counted(total, c.noun)}
        </p>
        {pageSelected && !selection.all && total !== undefined && total > onPage.length && (
          <button
            type="button"
            className="text-sm font-semibold text-purple-700 underline underline-offset-2 hover:text-purple-900"
            onClick={() => setSelection({ all: true, ids: new Set(onPage) })}
          >
            Select all {counted(total, c.noun)}
          </button>
        )}
      </div>

      {(selectedCount > 0 || progress) && (
        <section aria-label="Selected" className={`${panel} mb-3 flex flex-wrap items-center gap-2 p-3`}>
          <p className="mr-2 text-sm font-semibold text-slate-900" data-testid="selected-count">
            {selection.all ? `All ${counted(selectedCount, c.noun)} selected` : `${selectedCount.toLocaleString("en-US")} selected`}
          </p>
          {c.bulkActions.map((action) => (
            <span key={action.label} className="flex items-center gap-2">
              {action.choices && (
                <select
                  aria-label={action.choices.label}
                  className={`${fieldControl.replace("w-full", "w-40")}`}
                  value={choice[action.label] ?? action.choices.options[0]!.value}
                  onChange={(e) => setChoice({ ...choice, [action.label]: e.target.value })}
                  disabled={progress !== null}
                >
                  {action.choices.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
              <button type="button" className={action.danger ? actionDanger : actionOutline} onClick={() => void runBulk(action)} disabled={progress !== null}>
                {action.icon && <action.icon aria-hidden="true" className="h-4 w-4" />}
                {action.label}
              </button>
            </span>
          ))}
          <button type="button" className={actionOutline} onClick={() => setSelection(none)} disabled={progress !== null}>
            <X aria-hidden="true" className="h-4 w-4" />
            Clear selection
          </button>
          {progress && (
            <div className="basis-full" role="status">
              <p className="text-sm text-slate-700">
                {progress.verb}: {progress.done.toLocaleString("en-US")} of {counted(progress.of, c.noun)}
              </p>
              <div
                role="progressbar"
                aria-label={progress.verb}
                aria-valuemin={0}
                aria-valuemax={progress.of}
                aria-valuenow={Math.min(progress.done, progress.of)}
                className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-purple-600 transition-all" style={{ width: `${progress.of ? Math.min(100, (progress.done / progress.of) * 100) : 100}%` }} />
              </div>
            </div>
          )}
        </section>
      )}

      <SelectionContext.Provider value={selectionState}>
        <DataTable
          caption={c.caption}
          {...fromPagedList(list)}
          columns={columns}
          getRowId={(row) => row.id}
          onRowOpen={open}
          isRowHighlighted={c.isRowHighlighted}
          empty={<EmptyState icon={c.empty.icon} title={c.empty.title} hint={filtered ? c.empty.filtered : c.empty.unfiltered} />}
        />
      </SelectionContext.Provider>

      {c.details(details.record, { ...rowContext, close: details.close, busyId })}
      {deleteDialog}
      {confirmDialog}
    </div>
  );
}

interface SelectionState {
  pageSelected: boolean;
  all: boolean;
  pageEmpty: boolean;
  has: (id: string) => boolean;
  togglePage: (on: boolean) => void;
  toggle: (id: string, on: boolean) => void;
}
const SelectionContext = createContext<SelectionState | null>(null);

function SelectPage() {
  const s = useContext(SelectionContext)!;
  return (
    <input
      type="checkbox"
      aria-label="Select all on this page"
      className="h-4 w-4 accent-purple-600"
      checked={s.pageSelected}
      disabled={s.pageEmpty || s.all}
      onChange={(e) => s.togglePage(e.target.checked)}
    />
  );
}

function SelectRow({ id, name }: { id: string; name: string }) {
  const s = useContext(SelectionContext)!;
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      className="h-4 w-4 accent-purple-600"
      checked={s.has(id)}
      disabled={s.all}
      onChange={(e) => s.toggle(id, e.target.checked)}
    />
  );
}

/** The selection column: its header selects the loaded page, each cell its row. */
function selectColumn<T extends { id: string }>(nameOf: (row: T) => string): ColumnDef<T> {
  return {
    id: "select",
    header: SelectPage,
    meta: { className: "w-px" },
    cell: ({ row }) => <SelectRow id={row.original.id} name={nameOf(row.original)} />,
  };
}

/** The bulk Delete of an inbox: asks with the count, red. */
export const bulkDelete: BulkAction = {
  label: "Delete",
  icon: Trash2,
  danger: true,
  verb: "Deleting",
  body: () => ({ action: "delete" }),
  confirm: (count) => ({ title: `Delete ${count}?`, message: `Are you sure you want to delete ${count}? This cannot be undone.`, confirmLabel: `Delete ${count}` }),
};
