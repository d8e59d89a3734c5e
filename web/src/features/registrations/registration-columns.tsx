import type { ColumnDef } from "@tanstack/react-table";
import { Reply, Trash2 } from "lucide-react";
import type { AdminRegistration, RegistrationStatus } from "@agency/core/contract/admin";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { RowAction, RowActionLink } from "../../components/admin/row-actions";
import { preview, replyMailto } from "../../lib/mailto";
import { NotificationFailedBadge, ResendAction } from "../leads/notification";
import { RegistrationStatusSelect } from "./registration-status";

export const NOTES_PREVIEW_CHARS = 60;

const text = (value: string) => value || <span className="text-slate-500">—</span>;

/** The Course Registrations table: every submitted field, the status (changed in place), the date, actions. */
export function registrationColumns(actions: {
  onStatusChange: (registration: AdminRegistration, status: RegistrationStatus) => void;
  onDelete: (registration: AdminRegistration) => void;
  onResend: (registration: AdminRegistration) => void;
  busyId?: string | undefined;
}): ColumnDef<AdminRegistration>[] {
  return [
    {
      id: "name",
      accessorFn: (r) => r.name.toLowerCase(),
      header: "Name",
      enableSorting: true,
      meta: { opensRow: true, className: "min-w-[10rem]" },
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-semibold text-slate-900">{row.original.name}</span>
          <NotificationFailedBadge status={row.original.mail_status} />
        </span>
      ),
    },
    { id: "email", header: "Email", cell: ({ row }) => <span className="break-all">{row.original.email}</span> },
    { id: "phone", header: "Phone", meta: { className: "whitespace-nowrap" }, cell: ({ row }) => text(row.original.phone) },
    { id: "company", header: "Company", cell: ({ row }) => text(row.original.company) },
    { id: "course_interest", header: "Course", meta: { className: "min-w-[10rem]" }, cell: ({ row }) => text(row.original.course_interest) },
    { id: "experience_level", header: "Experience", cell: ({ row }) => text(row.original.experience_level) },
    {
      id: "preferred_start_date",
      accessorFn: (r) => r.preferred_start_date,
      header: "Preferred Start",
      enableSorting: true,
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => text(row.original.preferred_start_date),
    },
    {
      id: "notes",
      header: "Notes",
      meta: { className: "min-w-[12rem]" },
      cell: ({ row }) => text(preview(row.original.additional_notes, NOTES_PREVIEW_CHARS)),
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row: { original: r } }) => (
        <RegistrationStatusSelect
          aria-label={`Status for ${r.name}`}
          status={r.status}
          disabled={actions.busyId === r.id}
          onChange={(status) => actions.onStatusChange(r, status)}
        />
      ),
    },
    dateColumn<AdminRegistration>("created_at", "Date", (r) => r.created_at, { sortable: true }),
    actionsColumn<AdminRegistration>((r) => (
      <>
        <RowActionLink label="Reply via email" icon={Reply} href={replyMailto(r.email, r.name, "Re: Your course registration")} />
        <ResendAction status={r.mail_status} onResend={() => actions.onResend(r)} />
        <RowAction label="Delete registration" icon={Trash2} danger onClick={() => actions.onDelete(r)} />
      </>
    )),
  ];
}
