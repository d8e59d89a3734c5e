import { useId, type ReactNode, type Ref } from "react";
import { CheckCircle2 } from "lucide-react";
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
            {" "}
            *
          </span>
        )}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "aria-required": required ? true : undefined })}
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
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
export const submitErrorMessage = (err: unknown) => (err instanceof ApiError ? "Something went wrong. Please try again." : "Network error. Please try again.");

/** A public form's outcome, announced where it is shown: success as a status, an error as an alert. */
export interface FormStatusValue {
  kind: "success" | "error";
  message: string;
}

/** A form's outcome. `statusRef` lets a form bring it into view and focus it (a dialog that scrolls). */
export function FormStatus({ status, id, testId, statusRef }: { status: FormStatusValue | null; id?: string; testId: string; statusRef?: Ref<HTMLParagraphElement> }) {
  return (
    <div id={id} role={status?.kind === "error" ? "alert" : "status"} aria-live="polite">
      {status && (
        <p
          ref={statusRef}
          tabIndex={statusRef ? -1 : undefined}
          data-testid={testId}
          className={`flex scroll-mt-32 items-start gap-2 rounded-xl p-4 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 ${status.kind === "success" ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"}`}
        >
          {status.kind === "success" && <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />}
          {status.message}
        </p>
      )}
    </div>
  );
}
