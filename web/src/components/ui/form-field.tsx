import { useId, type ReactNode } from "react";
import { ApiError } from "../../lib/api";
import { label as labelClass } from "./classes";

export interface FieldProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
}

/**
 * Label, control and error message wired together: the control gets its id, aria-invalid and
 * aria-describedby from the render function.
 */
export function FormField({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: (props: FieldProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : "", hint ? hintId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}*
          </span>
        )}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "aria-required": required ? true : undefined })}
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">{hint}</p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">{error}</p>
      )}
    </div>
  );
}

/**
 * The honeypot: people never see or reach it (visually hidden, aria-hidden, out of the tab order,
 * no autofill); bots that fill every field give themselves away. Its value is sent as `website`.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** SPEC §8: a form submission's message for a non-OK answer, and for a request that failed. */
export const submitErrorMessage = (err: unknown) =>
  err instanceof ApiError ? "Something went wrong. Please try again." : "Network error. Please try again.";
