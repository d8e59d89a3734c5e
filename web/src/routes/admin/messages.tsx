import { useMemo, useState } from "react";
import { CheckCheck, Mail, MailOpen, MailCheck, CalendarDays } from "lucide-react";
import type { AdminMessage } from "@agency/core/contract/admin";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { tileTones } from "../../components/admin/badge";
import { actionOutline, panel } from "../../components/admin/classes";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SearchBox, SelectFilter, useDebouncedValue } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { StatCard, StatGrid } from "../../components/admin/stat-card";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useOpenRecord } from "../../components/admin/use-open-record";
import { ExportCsvButton } from "../../features/export/export-csv-button";
import {
  fetchAllMessages,
  messageKeys,
  useDeleteMessage,
  useMarkAllRead,
  useMessageStats,
  useMessages,
  useSetMessageRead,
  type MessageFilters,
  type MessageStatusFilter,
} from "../../features/messages/api";
import { useResendNotification } from "../../features/leads/notification";
import { inquiryType, knownInquiryTypes } from "../../features/messages/inquiry-types";
import { messageColumns } from "../../features/messages/message-columns";
import { MessageDetails } from "../../features/messages/message-details";
import { messageCsvColumns } from "../../features/messages/messages-csv";
import { useStableCallback } from "../../lib/use-stable-callback";

const statusOptions = [
  { value: "all", label: "All Status" },
  { value: "unread", label: "Unread" },
  { value: "read", label: "Read" },
] as const;

/** /admin/messages: 'Contact Messages' (SPEC §2 Messages). */
export default function MessagesPage() {
  const [search, setSearch] = useState("");
  const [formType, setFormType] = useState("");
  const [status, setStatus] = useState<MessageStatusFilter>("all");
  const q = useDebouncedValue(search.trim(), 300);
  const filters: MessageFilters = useMemo(() => ({ q, form_type: formType, status }), [q, formType, status]);
  const filtered = q !== "" || formType !== "" || status !== "all";

  const list = useMessages(filters);
  const stats = useMessageStats();
  const setRead = useSetMessageRead();
  const remove = useDeleteMessage();
  const markAll = useMarkAllRead();
  const toast = useToast();
  const showError = useApiErrorHandler();
  // A notification mail's link (?open={id}) opens its message as a click would, marking it read.
  const openFromLink = useStableCallback((message: AdminMessage) => openMessage(message));
  const details = useOpenRecord(list.rows, openFromLink);

  const toggleRead = useStableCallback((message: AdminMessage, is_read: boolean = !message.is_read) => {
    setRead.mutate(
      { id: message.id, is_read },
      {
        onSuccess: () => details.update(message.id, { is_read }),
        onError: (err) => showError(err, { fallback: "Failed to update the message", onReload: () => list.refetch() }),
      },
    );
  });

  function openMessage(message: AdminMessage) {
    details.open(message);
    // SPEC §4: opening an unread message marks it read.
    if (!message.is_read) toggleRead(message, true);
  }

  const [confirmDialog, deleteMessage] = useConfirmedDelete<AdminMessage>({
    title: "Delete message",
    message: "Are you sure you want to delete this message?",
    remove: (m) => remove.mutateAsync(m.id),
    success: "Message deleted",
    fallback: "Failed to delete the message",
    onDeleted: (m) => details.closeIf(m.id),
    onReload: () => list.refetch(),
  });

  function markAllRead() {
    markAll.mutate(undefined, {
      onSuccess: (count) => toast.success(count === 1 ? "Marked 1 message as read" : `Marked ${count.toLocaleString("en-US")} messages as read`),
      onError: (err) => showError(err, { fallback: "Failed to mark all messages as read" }),
    });
  }

  const busyId = setRead.isPending ? setRead.variables?.id : undefined;
  const resend = useResendNotification("/api/admin/contact-submissions", messageKeys.list);
  const columns = useMemo(
    () => messageColumns({ onToggleRead: (m) => toggleRead(m), onDelete: deleteMessage, onResend: (m) => resend(m.id), busyId }),
    [toggleRead, deleteMessage, resend, busyId],
  );

  // Known types first, then whatever else the counters have seen (old data), so every type is filterable.
  const typeCounts = new Map((stats.data?.by_type ?? []).map((t) => [t.form_type, t.count]));
  const types = [...knownInquiryTypes, ...[...typeCounts.keys()].filter((t) => !knownInquiryTypes.includes(t)).sort()];
  const typeOptions = [{ value: "", label: "All Inquiry Types" }, ...types.map((t) => ({ value: t, label: inquiryType(t).label }))];

  return (
    <div>
      <PageHeader
        title="Contact Messages"
        actions={
          <>
            <button type="button" className={actionOutline} onClick={markAllRead} disabled={markAll.isPending || stats.data?.unread === 0}>
              <CheckCheck aria-hidden="true" className="h-4 w-4" />
              {markAll.isPending ? `Marking... ${markAll.marked.toLocaleString("en-US")} done` : "Mark All Read"}
            </button>
            <span role="status" className="sr-only">
              {markAll.isPending ? `Marking all messages as read: ${markAll.marked} done` : ""}
            </span>
            <ExportCsvButton filePrefix="contact-messages" noun="message" columns={messageCsvColumns} fetchAll={(onProgress) => fetchAllMessages(filters, onProgress)} />
          </>
        }
      />

      <StatGrid label="Message counts">
        <StatCard label="Total Messages" value={stats.data?.total} icon={Mail} tone="purple" />
        <StatCard label="Unread" value={stats.data?.unread} icon={MailOpen} tone="blue" />
        <StatCard label="Read" value={stats.data?.read} icon={MailCheck} tone="green" />
        <StatCard label="Today" value={stats.data?.today} icon={CalendarDays} tone="amber" />
      </StatGrid>

      <section aria-labelledby="by-type" className={`${panel} mb-6 p-5`}>
        <h2 id="by-type" className="text-base font-semibold text-slate-900">
          Messages by Inquiry Type
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-5">
          {types.map((t) => {
            const meta = inquiryType(t);
            return (
              <li key={t} data-testid="type-count" className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                <span className={`hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg sm:flex ${tileTones[meta.tone]}`}>
                  <meta.icon aria-hidden="true" className="h-4 w-4" />
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm text-slate-700">{meta.label}</span>
                  <span className="block text-lg font-bold text-slate-900 tabular-nums">{stats.data ? (typeCounts.get(t) ?? 0).toLocaleString("en-US") : "—"}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <FilterBar label="Filter messages">
        <SearchBox label="Search messages" placeholder="Search by name, email, company, or message..." value={search} onChange={setSearch} />
        <SelectFilter label="Inquiry type" value={formType} onChange={setFormType} options={typeOptions} />
        <SelectFilter label="Status" value={status} onChange={(v) => setStatus(v as MessageStatusFilter)} options={statusOptions} />
      </FilterBar>

      <DataTable
        caption="Contact messages"
        {...fromPagedList(list)}
        columns={columns}
        getRowId={(m) => m.id}
        onRowOpen={openMessage}
        isRowHighlighted={(m) => !m.is_read}
        empty={
          <EmptyState
            icon={Mail}
            title="No messages found"
            hint={filtered ? "Try adjusting your filters" : "Contact messages will appear here when customers submit the contact form"}
          />
        }
      />

      <MessageDetails message={details.record} onClose={details.close} onToggleRead={(m) => toggleRead(m)} toggling={setRead.isPending} />
      {confirmDialog}
    </div>
  );
}
