import { actionOutline, actionPrimary } from "./classes";

/** A dialog form's Cancel and submit buttons; the submit button says `pendingLabel` and is disabled while the save runs. */
export function FormActions({
  className,
  onCancel,
  pending,
  label,
  pendingLabel,
}: {
  className: string;
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <div className={className}>
      <button type="button" className={actionOutline} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={actionPrimary} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
