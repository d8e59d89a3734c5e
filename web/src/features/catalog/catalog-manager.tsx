import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { Pencil, Plus, Trash2, type LucideIcon } from "lucide-react";
import { Badge } from "../../components/admin/badge";
import { actionPrimary } from "../../components/admin/classes";
import { actionsColumn } from "../../components/admin/columns";
import { DataTable } from "../../components/admin/data-table";
import { EditorDialog } from "../../components/admin/editor-dialog";
import { EmptyState } from "../../components/admin/empty-state";
import { useHistoryLink } from "../../components/admin/history";
import { RowAction } from "../../components/admin/row-actions";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useRecordEditor, type FormValues, type RecordEditor } from "../../components/admin/use-record-editor";
import { fetchLatest, useCatalog, useDeleteCatalogItem, useSaveCatalogItem, type CatalogApi } from "./admin-api";

export interface CatalogItem {
  id: string;
  version: number;
  order_index: number;
  is_active: boolean;
}

export interface CatalogManagerProps<T extends CatalogItem, V extends FormValues> {
  api: CatalogApi<T>;
  /** The section heading ("Services Management") and what one item is called ("service"). */
  heading: string;
  noun: string;
  addLabel: string;
  createTitle: string;
  editTitle: string;
  /** SPEC's delete question. */
  deleteMessage: string;
  emptyIcon?: LucideIcon;
  /** The item's columns before Order, Status and Actions. */
  columns: ColumnDef<T>[];
  /** The form's values for an item, or a new one's defaults given how many items exist. */
  toValues: (item: T | undefined, count: number) => V;
  labels: Record<keyof V & string, string>;
  validate?: (values: V) => Record<string, string> | undefined;
  /** The form's fields. */
  form: (editor: RecordEditor<T, V>) => ReactNode;
  /** Editor width (a long form wants a wider dialog). */
  width?: string;
  /** The heading level of `heading`: 2 inside a tabbed page, 1 on a page of its own (rendered by the caller). */
  headingLevel?: 1 | 2;
  /** A page of its own passes its PageHeader here, with the Add button as its action. */
  header?: (addButton: ReactNode) => ReactNode;
  /**
   * What a save sends, from the form's fields (all of them on create, the changed ones on edit),
   * when the stored shape differs from the form's (a `|`-separated list edited one item per line).
   */
  toPayload?: (fields: Partial<V>) => Record<string, unknown>;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The list-plus-editor of a curated catalogue (Services, Industries, Courses, Service Details): the
 * one table, Add opening 'Create New …', edit opening 'Edit …', delete behind SPEC's question. New
 * items start at order_index = current count and active; the table shows Order and Status.
 */
export function CatalogManager<T extends CatalogItem, V extends FormValues>(props: CatalogManagerProps<T, V>) {
  const { api, noun } = props;
  const list = useCatalog(api);
  const remove = useDeleteCatalogItem(api);
  // undefined: closed; null: creating; an item: editing it.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  // An Activity row's link: that item's editor opens with its History, once the list has it.
  const linked = useHistoryLink();
  const [historyFor, setHistoryFor] = useState(linked);
  const [linkOpened, setLinkOpened] = useState(false);
  useEffect(() => {
    if (!linked || linkOpened || !list.data) return;
    setLinkOpened(true);
    const item = list.data.find((i) => i.id === linked);
    if (item) setEditing(item);
  }, [linked, linkOpened, list.data]);

  const [deleteDialog, requestDelete] = useConfirmedDelete<T>({
    title: `Delete ${noun}`,
    message: props.deleteMessage,
    remove: (item) => remove.mutateAsync(item),
    success: `${capital(noun)} deleted`,
    fallback: `Failed to delete the ${noun}`,
    onReload: () => list.refetch(),
  });

  const columns = useMemo<ColumnDef<T>[]>(
    () => [
      ...props.columns,
      { id: "order", header: "Order", meta: { className: "w-px text-center" }, cell: ({ row }) => row.original.order_index },
      {
        id: "status",
        header: "Status",
        meta: { className: "w-px" },
        cell: ({ row }) => (row.original.is_active ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>),
      },
      actionsColumn<T>((item) => (
        <>
          <RowAction label={`Edit ${noun}`} icon={Pencil} onClick={() => setEditing(item)} />
          <RowAction label={`Delete ${noun}`} icon={Trash2} danger onClick={() => void requestDelete(item)} />
        </>
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- columns are static per screen: new ones would re-create every cell
    [requestDelete, noun],
  );

  const addButton = (
    <button type="button" className={actionPrimary} onClick={() => setEditing(null)}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {props.addLabel}
    </button>
  );

  return (
    <div>
      {props.header ? (
        props.header(addButton)
      ) : (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900">{props.heading}</h2>
          {addButton}
        </div>
      )}
      <DataTable
        caption={props.heading}
        data={list.data ?? []}
        isLoading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        columns={columns}
        getRowId={(item) => item.id}
        onRowOpen={(item) => setEditing(item)}
        empty={<EmptyState icon={props.emptyIcon} title={`No ${noun} yet`} hint={`Use ${props.addLabel} to create the first one.`} />}
      />
      {editing !== undefined && (
        <CatalogEditor
          key={editing?.id ?? "new"}
          {...props}
          item={editing ?? undefined}
          count={list.data?.length ?? 0}
          openHistory={Boolean(editing && editing.id === historyFor)}
          onClose={() => {
            setEditing(undefined);
            setHistoryFor(undefined);
          }}
        />
      )}
      {deleteDialog}
    </div>
  );
}

function CatalogEditor<T extends CatalogItem, V extends FormValues>({
  api,
  item,
  count,
  onClose,
  openHistory,
  ...props
}: CatalogManagerProps<T, V> & { item: T | undefined; count: number; onClose: () => void; openHistory: boolean }) {
  const save = useSaveCatalogItem(api);
  // A new item's order_index is the count when the editor opened, whatever the list does meanwhile.
  const [initialCount] = useState(count);
  const editor = useRecordEditor<T, V>({
    record: item,
    toValues: (r) => props.toValues(r, initialCount),
    labels: props.labels,
    validate: props.validate ? (values) => props.validate!(values) : undefined,
    save: ({ values, changes, record }) => {
      const fields: Partial<V> = record ? changes : values;
      return save.mutateAsync({ record, fields: props.toPayload ? props.toPayload(fields) : fields });
    },
    reload: (r) => fetchLatest(api, r.id),
    success: (_saved, created) => `${capital(props.noun)} ${created ? "created" : "updated"}`,
    fallback: (created) => `Failed to ${created ? "create" : "update"} the ${props.noun}`,
    // SPEC §4: a successful save closes the editor and reloads the list.
    onSaved: () => onClose(),
  });
  return (
    <EditorDialog open title={item ? props.editTitle : props.createTitle} editor={editor} onClose={onClose} width={props.width} history={api.entity} openHistory={openHistory}>
      {props.form(editor)}
    </EditorDialog>
  );
}
