import { CalendarDays, CheckCheck, Mail, MailCheck, MailOpen } from "lucide-react";
import { messageFilters, type AdminMessage, type MessageFilters, type MessageStats } from "@agency/core/contract/admin";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { tileTones } from "../../components/admin/badge";
import { actionOutline, panel } from "../../components/admin/classes";
import { useConfirm } from "../../components/admin/confirm-dialog";
import { SelectFilter } from "../../components/admin/filters";
import { StatCard, StatGrid } from "../../components/admin/stat-card";
import { useToast } from "../../components/admin/toasts";
import { bulkDelete, LeadInbox, type InboxConfig } from "../../features/leads/lead-inbox";
import { messagesApi, useMarkAllRead } from "../../features/messages/admin-api";
import { inquiryType, knownInquiryTypes } from "../../features/messages/inquiry-types";
import { messageColumns } from "../../features/messages/message-columns";
import { MessageDetails } from "../../features/messages/message-details";
import { messageCsvColumns } from "../../features/messages/messages-csv";
import { counted } from "../../lib/format";

const statusOptions = [
  { value: "all", label: "All Status" },
  { value: "unread", label: "Unread" },
  { value: "read", label: "Read" },
] as const;

/** Known types first, then whatever else the counters have seen (old data), so every type is filterable. */
function inquiryTypes(stats: MessageStats | undefined) {
  const counts = new Map((stats?.by_type ?? []).map((t) => [t.form_type, t.count]));
  return { counts, types: [...knownInquiryTypes, ...[...counts.keys()].filter((t) => !knownInquiryTypes.includes(t)).sort()] };
}

const config: InboxConfig<AdminMessage, MessageFilters, MessageStats> = {
  api: messagesApi,
  title: "Contact Messages",
  noun: "message",
  caption: "Contact messages",
  filters: messageFilters,
  search: { label: "Search messages", placeholder: "Search by name, email, company, or message..." },
  filterControls: (filters, setFilter, stats) => (
    <>
      <SelectFilter
        label="Inquiry type"
        value={filters.form_type}
        onChange={(v) => setFilter("form_type", v)}
        options={[{ value: "", label: "All Inquiry Types" }, ...inquiryTypes(stats).types.map((t) => ({ value: t, label: inquiryType(t).label }))]}
      />
      <SelectFilter label="Status" value={filters.status} onChange={(v) => setFilter("status", v)} options={statusOptions} />
    </>
  ),
  stats: (stats) => {
    const { counts, types } = inquiryTypes(stats);
    return (
      <>
        <StatGrid label="Message counts">
          <StatCard label="Total Messages" value={stats?.total} icon={Mail} tone="purple" />
          <StatCard label="Unread" value={stats?.unread} icon={MailOpen} tone="blue" />
          <StatCard label="Read" value={stats?.read} icon={MailCheck} tone="green" />
          <StatCard label="Today" value={stats?.today} icon={CalendarDays} tone="amber" />
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
                    <span className="block text-lg font-bold text-slate-900 tabular-nums">{stats ? (counts.get(t) ?? 0).toLocaleString("en-US") : "—"}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      </>
    );
  },
  columns: ({ change, remove, resend }) => messageColumns({ onToggleRead: (m) => change(m, { is_read: !m.is_read }), onDelete: remove, onResend: resend }),
  nameOf: (m) => m.name,
  isRowHighlighted: (m) => !m.is_read,
  // SPEC §4: opening an unread message marks it read.
  onOpenChange: (m) => (m.is_read ? undefined : { is_read: true }),
  details: (m, { close, change, busyId }) => (
    <MessageDetails message={m} onClose={close} onToggleRead={(x) => change(x, { is_read: !x.is_read })} toggling={busyId !== undefined} />
  ),
  bulkActions: [
    {
      label: "Mark read",
      icon: MailOpen,
      verb: "Marking as read",
      body: () => ({ action: "mark_read" }),
      confirm: (count) => ({
        title: `Mark ${count} as read?`,
        message: "They will show as read. You can mark any of them unread again.",
        confirmLabel: "Mark read",
        tone: "default",
      }),
    },
    {
      label: "Mark unread",
      icon: Mail,
      verb: "Marking as unread",
      body: () => ({ action: "mark_unread" }),
      confirm: (count) => ({ title: `Mark ${count} as unread?`, message: "They will show as unread, as if no one had opened them.", confirmLabel: "Mark unread", tone: "default" }),
    },
    bulkDelete,
  ],
  deleteOne: { title: "Delete message", message: "Are you sure you want to delete this message?", success: "Message deleted", fallback: "Failed to delete the message" },
  csv: { prefix: "contact-messages", columns: messageCsvColumns },
  empty: { icon: Mail, title: "No messages found", filtered: "Try adjusting your filters", unfiltered: "Contact messages will appear here when customers submit the contact form" },
  headerActions: () => <MarkAllRead />,
};

/** 'Mark All Read': asks first with the number of unread messages, then marks them batch by batch, showing how many are done. */
function MarkAllRead() {
  const stats = messagesApi.useStats();
  const markAll = useMarkAllRead();
  const [dialog, confirm] = useConfirm();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const unread = stats.data?.unread;

  async function run() {
    // Ask with the count as it is now: messages may have arrived, or been read elsewhere, since the page loaded.
    const fresh = await stats.refetch();
    const count = fresh.data?.unread ?? unread ?? 0;
    if (count === 0) return void toast.success("All messages are already read");
    // The question is the title; the message says what it does, not the question again.
    const n = counted(count, "unread message");
    if (!(await confirm({ title: "Mark all as read?", message: `${n} will show as read. You can mark any of them unread again.`, confirmLabel: "Mark All Read", tone: "default" })))
      return;
    markAll.mutate(undefined, {
      onSuccess: (count) => toast.success(`Marked ${counted(count, "message")} as read`),
      onError: (err) => showError(err, { fallback: "Failed to mark all messages as read" }),
    });
  }

  return (
    <>
      <button type="button" className={actionOutline} onClick={() => void run()} disabled={markAll.isPending || !unread}>
        <CheckCheck aria-hidden="true" className="h-4 w-4" />
        {markAll.isPending ? `Marking... ${markAll.marked.toLocaleString("en-US")} done` : "Mark All Read"}
      </button>
      <span role="status" className="sr-only">
        {markAll.isPending ? `Marking all messages as read: ${markAll.marked.toLocaleString("en-US")} done` : ""}
      </span>
      {dialog}
    </>
  );
}

/** /admin/messages: 'Contact Messages' (SPEC §2 Messages), the inbox configured for messages. */
export default function MessagesPage() {
  return <LeadInbox {...config} />;
}
