import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { FormField, type FieldProps } from "../ui/form-field";
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

/** FormField with BaseProps: the id (given or generated), label, required, error and hint. */
function Field({ props, children }: { props: BaseProps; children: (field: FieldProps) => ReactNode }) {
  const fallbackId = useId();
  return (
    <FormField id={props.id ?? fallbackId} label={props.label} required={props.required} error={props.error} hint={props.hint}>
      {children}
    </FormField>
  );
}

/** What every control takes from BaseProps besides the wiring FormField hands it. */
const common = (props: BaseProps) => ({
  name: props.name,
  value: props.value,
  disabled: props.disabled,
  onBlur: props.onBlur,
  className: fieldControl,
});

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
}: BaseProps & {
  type?: "text" | "email" | "password" | "url" | "tel" | "number" | "date" | "datetime-local";
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  autoComplete?: string;
}) {
  return (
    <Field props={props}>
      {(field) => <input {...field} {...common(props)} type={type} inputMode={inputMode} autoComplete={autoComplete} onChange={(e) => props.onChange(e.target.value)} />}
    </Field>
  );
}

export function TextAreaField({ rows = 3, ...props }: BaseProps & { rows?: number }) {
  return <Field props={props}>{(field) => <textarea {...field} {...common(props)} rows={rows} onChange={(e) => props.onChange(e.target.value)} />}</Field>;
}

export function SelectField({ options, ...props }: BaseProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <Field props={props}>
      {(field) => (
        <select {...field} {...common(props)} onChange={(e) => props.onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its label beside it (Active, Publish immediately). */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}) {
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
