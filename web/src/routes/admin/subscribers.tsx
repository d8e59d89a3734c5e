import { useMemo, useState } from "react";
import { TRASH_DAYS } from "@agency/core/contract/trash";
import type { ColumnDef } from "@tanstack/react-table";
import { Clock, MailCheck, MailX, Newspaper, Trash2 } from "lucide-react";
import type { AdminSubscriber, SubscriberFilters } from "@agency/core/contract/newsletter";
import { Badge } from "../../components/admin/badge";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SearchBox, SelectFilter, useDebouncedValue } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { RowAction } from "../../components/admin/row-actions";
import { StatCard, StatGrid } from "../../components/admin/stat-card";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { ExportCsvButton } from "../../features/export/export-csv-button";
import { fetchAllSubscribers, useDeleteSubscriber, useSubscribers, useSubscriberStats } from "../../features/newsletter/admin-api";
import { subscriberStatusLabels, subscriberStatusTones } from "../../features/newsletter/status";
import { subscriberCsvColumns } from "../../features/newsletter/subscribers-csv";

const statusOptions = [
  { value: "all", label: "All Status" },
  { value: "confirmed", label: "Confirmed" },
  { value: "pending", label: "Pending" },
  { value: "unsubscribed", label: "Unsubscribed" },
];

function subscriberColumns(onDelete: (s: AdminSubscriber) => void): ColumnDef<AdminSubscriber>[] {
  return [
    {
      id: "email",
      header: "Email",
      meta: { className: "min-w-[12rem]" },
      cell: ({ row: { original: s } }) => <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{s.email}</span>,
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row: { original: s } }) => <Badge tone={subscriberStatusTones[s.status]}>{subscriberStatusLabels[s.status]}</Badge>,
    },
    dateColumn<AdminSubscriber>("created_at", "Subscribed", (s) => s.created_at, { wrap: true }),
    dateColumn<AdminSubscriber>("confirmed_at", "Confirmed", (s) => s.confirmed_at, { empty: "Not yet", wrap: true }),
    actionsColumn<AdminSubscriber>((s) => <RowAction label="Delete subscriber" icon={Trash2} danger onClick={() => onDelete(s)} />),
  ];
}

/** /admin/subscribers: the newsletter's signups (issue 32), counted, searchable, filtered by status, exported as CSV. */
export default function SubscribersPage() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<SubscriberFilters["status"]>("all");
  const q = useDebouncedValue(search.trim().toLowerCase(), 300);
  const filters: SubscriberFilters = useMemo(() => ({ q, status }), [q, status]);
  const list = useSubscribers(filters);
  const stats = useSubscriberStats();
  const remove = useDeleteSubscriber();

  const [confirmDialog, deleteSubscriber] = useConfirmedDelete<AdminSubscriber>({
    title: "Delete subscriber",
    message: `Are you sure you want to delete this subscriber? It goes to the Trash, where it can be restored for ${TRASH_DAYS} days.`,
    remove: (s) => remove.mutateAsync(s.id),
    success: "Subscriber deleted",
    fallback: "Failed to delete the subscriber",
    onReload: () => list.refetch(),
  });
  const columns = useMemo(() => subscriberColumns(deleteSubscriber), [deleteSubscriber]);
  const filtered = q !== "" || status !== "all";

  return (
    <div>
      <PageHeader
        title="Newsletter Subscribers"
        description="Addresses that signed up in the footer or the blog. Only confirmed addresses are subscribers."
        actions={
          <ExportCsvButton
            filePrefix="newsletter-subscribers"
            noun="subscriber"
            columns={subscriberCsvColumns}
            fetchAll={(onProgress) => fetchAllSubscribers(filters, onProgress)}
          />
        }
      />
      <StatGrid label="Subscriber counts">
        <StatCard label="Confirmed" value={stats.data?.confirmed} icon={MailCheck} tone="green" />
        <StatCard label="Pending" value={stats.data?.pending} icon={Clock} tone="amber" />
        <StatCard label="Unsubscribed" value={stats.data?.unsubscribed} icon={MailX} tone="slate" />
        <StatCard label="Total Signups" value={stats.data?.total} icon={Newspaper} tone="purple" />
      </StatGrid>

      <FilterBar label="Filter subscribers">
        <SearchBox label="Search subscribers" placeholder="Search by email..." value={search} onChange={setSearch} />
        <SelectFilter label="Status" value={status} onChange={(v) => setStatus(v as SubscriberFilters["status"])} options={statusOptions} />
      </FilterBar>

      <DataTable
        caption="Newsletter subscribers"
        {...fromPagedList(list)}
        columns={columns}
        getRowId={(s) => s.id}
        empty={
          <EmptyState
            icon={Newspaper}
            title="No subscribers found"
            hint={filtered ? "Try adjusting your filters" : "Subscribers will appear here once visitors sign up for the newsletter"}
          />
        }
      />
      {confirmDialog}
    </div>
  );
}
