import { useId, type InputHTMLAttributes } from "react";
import { FormField } from "../ui/form-field";
import { fieldControl } from "./classes";

interface BaseProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's (or the form's) message for this field; marks the control invalid. */
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  /** Saves on leaving the field (SPEC: Content and Settings save on blur). */
  onBlur?: () => void;
  disabled?: boolean;
  id?: string;
  name?: string;
}

/**
 * Labelled form controls of the back office: label, control, hint and error wired together
 * (aria-invalid, aria-describedby) through the one FormField. Field errors from a 400 come from
 * useApiErrorHandler's setFieldErrors: pass `error={fieldErrors.name}`.
 */
export function TextField({
  type = "text",
  inputMode,
  autoComplete,
  ...props
}: BaseProps & { type?: "text" | "email" | "url" | "tel" | "number" | "date"; inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"]; autoComplete?: string }) {
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  return (
    <FormField id={id} label={props.label} required={props.required} error={props.error} hint={props.hint}>
      {(field) => (
        <input
          {...field}
          type={type}
          name={props.name}
          inputMode={inputMode}
          autoComplete={autoComplete}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
          className={fieldControl}
        />
      )}
    </FormField>
  );
}

export function TextAreaField({ rows = 3, ...props }: BaseProps & { rows?: number }) {
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  return (
    <FormField id={id} label={props.label} required={props.required} error={props.error} hint={props.hint}>
      {(field) => (
        <textarea
          {...field}
          rows={rows}
          name={props.name}
          value={props.value}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
          className={fieldControl}
        />
      )}
    </FormField>
  );
}

export function SelectField({ options, ...props }: BaseProps & { options: readonly { value: string; label: string }[] }) {
  const fallbackId = useId();
  const id = props.id ?? fallbackId;
  return (
    <FormField id={id} label={props.label} required={props.required} error={props.error} hint={props.hint}>
      {(field) => (
        <select {...field} name={props.name} value={props.value} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value)} onBlur={props.onBlur} className={fieldControl}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A checkbox with its label beside it (Active, Publish immediately). */
export function CheckboxField({ label, checked, onChange, hint, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-purple-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
