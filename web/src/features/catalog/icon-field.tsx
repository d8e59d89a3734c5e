import { useId } from "react";
import type { LucideIcon } from "lucide-react";
import { fieldControl } from "../../components/admin/classes";
import { FormField } from "../../components/ui/form-field";

/**
 * Icon Name: a choice among the names the server accepts for this kind (SPEC §3, lucide-react
 * names), with the chosen icon drawn beside it as the public site will draw it.
 */
export function IconField({
  label = "Icon Name",
  value,
  onChange,
  names,
  iconOf,
  hint,
  error,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  names: readonly string[];
  iconOf: (name: string) => LucideIcon;
  hint: string;
  error?: string;
}) {
  const id = useId();
  const Icon = iconOf(value);
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(field) => (
        <div className="flex items-center gap-3">
          <span data-testid="icon-preview" data-icon={value} className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-purple-100 text-purple-700">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <select {...field} value={value} onChange={(e) => onChange(e.target.value)} className={fieldControl}>
            {!names.includes(value) && <option value={value}>{value || "Default"}</option>}
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      )}
    </FormField>
  );
}
