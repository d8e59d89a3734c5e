import "../../lib/zod-jitless";
import { useEffect, useRef, useState } from "react";
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

/** Keys with which a closed select steps through its options (each one fires `change`). */
const STEPPING = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

/**
 * The status as a select that saves on an explicit choice: a pick from its list (mouse or the open
 * list's Enter) saves at once; stepping through it with the arrow keys or typing while it is closed
 * only shows the choice, saved with Enter or when the select is left, and Escape puts it back.
 * Give it a label: `aria-label` in a row, a <label> elsewhere.
 */
export function RegistrationStatusSelect({
  status,
  onChange,
  busy,
  id,
  "aria-label": ariaLabel,
}: {
  status: RegistrationStatus;
  onChange: (status: RegistrationStatus) => void;
  /** A save in flight: said to assistive technology, never disabled (that would drop the keyboard's focus). */
  busy?: boolean;
  id?: string;
  "aria-label"?: string;
}) {
  const [shown, setShown] = useState(status);
  useEffect(() => setShown(status), [status]);
  const stepping = useRef(false);
  const commit = () => {
    if (shown !== status) onChange(shown);
  };
  return (
    <select
      id={id}
      aria-label={ariaLabel}
      value={shown}
      aria-busy={busy || undefined}
      onKeyDown={(e) => {
        stepping.current = STEPPING.has(e.key) || e.key.length === 1;
        if (e.key === "Enter") {
          // Enter is the choice; it does not also open the list.
          e.preventDefault();
          commit();
        }
        if (e.key === "Escape" && shown !== status) {
          e.stopPropagation();
          setShown(status);
        }
      }}
      onChange={(e) => {
        const next = e.target.value as RegistrationStatus;
        setShown(next);
        if (!stepping.current && next !== status) onChange(next);
        stepping.current = false;
      }}
      onBlur={commit}
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
