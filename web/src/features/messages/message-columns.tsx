import type { ColumnDef } from "@tanstack/react-table";
import { Mail, MailOpen, Reply, Trash2 } from "lucide-react";
import type { AdminMessage } from "@agency/core/contract/admin";
import { Badge } from "../../components/admin/badge";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { RowAction, RowActionLink } from "../../components/admin/row-actions";
import { preview, replyMailto } from "../../lib/mailto";
import { EmailText } from "../leads/email-text";
import { NotificationFailedBadge, ResendAction } from "../leads/notification";
import { InquiryTypeBadge } from "./inquiry-types";

export const MESSAGE_PREVIEW_CHARS = 80;

export function ReadBadge({ isRead }: { isRead: boolean }) {
  return <Badge tone={isRead ? "slate" : "blue"}>{isRead ? "Read" : "Unread"}</Badge>;
}

/** The Contact Messages table (SPEC §2): Contact, Inquiry Type, Message Preview, Status, Date, Actions. */
export function messageColumns(actions: {
  onToggleRead: (message: AdminMessage) => void;
  onDelete: (message: AdminMessage) => void;
  onResend: (message: AdminMessage) => void;
}): ColumnDef<AdminMessage>[] {
  return [
    {
      id: "contact",
      header: "Contact",
      meta: { opensRow: true, className: "min-w-[12rem]" },
      cell: ({ row: { original: m } }) => (
        <span className="block">
          <span className="flex items-center gap-2 font-semibold text-slate-900">
            {!m.is_read && (
              <>
                <span aria-hidden="true" data-testid="unread-dot" className="h-2.5 w-2.5 shrink-0 rounded-full bg-blue-600" />
                <span className="sr-only">Unread message from </span>
              </>
            )}
            {m.name}
          </span>
          <EmailText email={m.email} />
          {m.company && <span className="block text-sm text-slate-600">{m.company}</span>}
          {m.mail_status === "failed" && (
            <span className="mt-1 block">
              <NotificationFailedBadge status={m.mail_status} />
            </span>
          )}
        </span>
      ),
    },
    {
      id: "form_type",
      header: "Inquiry Type",
      cell: ({ row }) => <InquiryTypeBadge formType={row.original.form_type} />,
    },
    {
      id: "message",
      header: "Message Preview",
      meta: { className: "min-w-[12rem] max-w-md" },
      cell: ({ row }) => <span className="text-slate-700">{preview(row.original.message, MESSAGE_PREVIEW_CHARS)}</span>,
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => <ReadBadge isRead={row.original.is_read} />,
    },
    dateColumn<AdminMessage>("created_at", "Date", (m) => m.created_at),
    actionsColumn<AdminMessage>((m) => (
      <>
        <RowAction label={m.is_read ? "Mark as unread" : "Mark as read"} icon={m.is_read ? Mail : MailOpen} onClick={() => actions.onToggleRead(m)} />
        <RowActionLink label="Reply via email" icon={Reply} href={replyMailto(m.email, m.name)} />
        <ResendAction status={m.mail_status} onResend={() => actions.onResend(m)} />
        <RowAction label="Delete message" icon={Trash2} danger onClick={() => actions.onDelete(m)} />
      </>
    )),
  ];
}
