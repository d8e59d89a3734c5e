import "../../lib/zod-jitless";
import { registrationStatuses, type RegistrationStatus } from "@agency/core/contract/admin";
import type { BadgeTone } from "../../components/admin/badge";
import { fieldControl } from "../../components/admin/classes";

/** A registration's follow-up: pending -> contacted -> enrolled or declined, and back (any step can be undone). */
const meta: Record<RegistrationStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "amber" },
  contacted: { label: "Contacted", tone: "blue" },
  enrolled: { label: "Enrolled", tone: "green" },
  declined: { label: "Declined", tone: "slate" },
};

export const statusLabel = (status: RegistrationStatus) => meta[status]?.label ?? status;
export const statusTone = (status: RegistrationStatus): BadgeTone => meta[status]?.tone ?? "slate";
export const statusOptions = registrationStatuses.map((value) => ({ value, label: statusLabel(value) }));

/** The status as a select that saves on change. Give it a label: `aria-label` in a row, a <label> elsewhere. */
export function RegistrationStatusSelect({
  status,
  onChange,
  disabled,
  id,
  "aria-label": ariaLabel,
}: {
  status: RegistrationStatus;
  onChange: (status: RegistrationStatus) => void;
  disabled?: boolean;
  id?: string;
  "aria-label"?: string;
}) {
  return (
    <select
      id={id}
      aria-label={ariaLabel}
      value={status}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as RegistrationStatus)}
      className={`${fieldControl} min-w-[8.5rem]`}
    >
      {statusOptions.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
