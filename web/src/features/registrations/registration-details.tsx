import { useId } from "react";
import { Reply } from "lucide-react";
import type { AdminRegistration, RegistrationStatus } from "@agency/core/contract/admin";
import { actionPrimary } from "../../components/admin/classes";
import { Detail, DetailsDialog } from "../../components/admin/details-dialog";
import { formatDateTime } from "../../lib/format";
import { replyMailto } from "../../lib/mailto";
import { RegistrationStatusSelect } from "./registration-status";

const orDash = (value: string) => value || "—";

/** A course registration's details: every submitted field, the status (changed here too), the date. */
export function RegistrationDetails({
  registration: r,
  onClose,
  onStatusChange,
  saving,
}: {
  registration: AdminRegistration | null;
  onClose: () => void;
  onStatusChange: (registration: AdminRegistration, status: RegistrationStatus) => void;
  saving: boolean;
}) {
  const statusId = useId();
  return (
    <DetailsDialog
      open={r !== null}
      onClose={onClose}
      title="Registration Details"
      actions={
        r && (
          <a className={actionPrimary} href={replyMailto(r.email, r.name, "Re: Your course registration")}>
            <Reply aria-hidden="true" className="h-4 w-4" />
            Reply via Email
          </a>
        )
      }
    >
      {r && (
        <>
          <Detail label="Name">{r.name}</Detail>
          <Detail label="Email">
            <a className="break-all text-purple-700 underline underline-offset-2 hover:text-purple-900" href={`mailto:${r.email}`}>
              {r.email}
            </a>
          </Detail>
          <Detail label="Phone">{orDash(r.phone)}</Detail>
          <Detail label="Company">{orDash(r.company)}</Detail>
          <Detail label="Course">{orDash(r.course_interest)}</Detail>
          <Detail label="Experience">{orDash(r.experience_level)}</Detail>
          <Detail label="Preferred Start">{orDash(r.preferred_start_date)}</Detail>
          <Detail label="Date">
            <time dateTime={r.created_at}>{formatDateTime(r.created_at, { withYear: true })}</time>
          </Detail>
          <div className="sm:col-span-2">
            <dt>
              <label htmlFor={statusId} className="text-sm font-medium text-slate-600">
                Status
              </label>
            </dt>
            <dd className="mt-1 max-w-xs">
              <RegistrationStatusSelect id={statusId} status={r.status} busy={saving} onChange={(status) => onStatusChange(r, status)} />
            </dd>
          </div>
          <Detail label="Notes" wide long>
            {orDash(r.additional_notes)}
          </Detail>
        </>
      )}
    </DetailsDialog>
  );
}
