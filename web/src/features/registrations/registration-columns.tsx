import type { ColumnDef } from "@tanstack/react-table";
import { Reply, Trash2 } from "lucide-react";
import type { AdminRegistration, RegistrationStatus } from "@agency/core/contract/admin";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { RowAction, RowActionLink } from "../../components/admin/row-actions";
import { preview, replyMailto } from "../../lib/mailto";
import { EmailText } from "../leads/email-text";
import { NotificationFailedBadge, ResendAction } from "../leads/notification";
import { RegistrationStatusSelect } from "./registration-status";

export const NOTES_PREVIEW_CHARS = 60;

const muted = "block text-sm text-slate-600 break-words";

/**
 * The Course Registrations table, fitting 1280 px with the sidebar: Contact (name, email, phone,
 * company), Course (course, experience, preferred start), Notes (from 1536 px), Status (changed in
 * place), Date, Actions. Every field is in the details.
 */
export function registrationColumns(actions: {
  onStatusChange: (registration: AdminRegistration, status: RegistrationStatus) => void;
  onDelete: (registration: AdminRegistration) => void;
  onResend: (registration: AdminRegistration) => void;
}): ColumnDef<AdminRegistration>[] {
  return [
    {
      id: "name",
      accessorFn: (r) => r.name.toLowerCase(),
      header: "Contact",
      enableSorting: true,
      meta: { opensRow: true, className: "min-w-[12rem]" },
      cell: ({ row: { original: r } }) => (
        <span className="flex flex-col items-start gap-0.5">
          <span className="font-semibold text-slate-900">{r.name}</span>
          <EmailText email={r.email} />
          {r.phone && <span className={muted}>{r.phone}</span>}
          {r.company && <span className={muted}>{r.company}</span>}
          <NotificationFailedBadge status={r.mail_status} />
        </span>
      ),
    },
    {
      id: "course_interest",
      header: "Course",
      meta: { className: "hidden min-w-[10rem] md:table-cell" },
      cell: ({ row: { original: r } }) => (
        <span className="block">
          <span className="block text-slate-900">{r.course_interest || <span className="text-slate-500">—</span>}</span>
          {r.experience_level && <span className={muted}>{r.experience_level}</span>}
          {r.preferred_start_date && <span className={muted}>Start {r.preferred_start_date}</span>}
        </span>
      ),
    },
    {
      id: "notes",
      header: "Notes",
      meta: { className: "hidden min-w-[10rem] 2xl:table-cell" },
      cell: ({ row }) => preview(row.original.additional_notes, NOTES_PREVIEW_CHARS) || <span className="text-slate-500">—</span>,
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row: { original: r } }) => (
        <RegistrationStatusSelect aria-label={`Status for ${r.name}`} status={r.status} onChange={(status) => actions.onStatusChange(r, status)} />
      ),
    },
    { ...dateColumn<AdminRegistration>("created_at", "Date", (r) => r.created_at, { sortable: true }), meta: { className: "hidden whitespace-nowrap sm:table-cell" } },
    actionsColumn<AdminRegistration>((r) => (
      <>
        <RowActionLink label="Reply via email" icon={Reply} href={replyMailto(r.email, r.name, "Re: Your course registration")} />
        <ResendAction status={r.mail_status} onResend={() => actions.onResend(r)} />
        <RowAction label="Delete registration" icon={Trash2} danger onClick={() => actions.onDelete(r)} />
      </>
    )),
  ];
}
