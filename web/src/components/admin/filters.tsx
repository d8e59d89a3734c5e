import { useEffect, useId, useState, type ReactNode } from "react";
import { Search } from "lucide-react";
import { fieldControl } from "./classes";

/** `value`, `ms` after it last changed: feed a search box's text to a server query with this. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/**
 * A search input with a magnifier and a label (visually hidden: the placeholder and the icon say
 * what it is). Controlled; debounce the value before querying (useDebouncedValue).
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  className = "",
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`relative min-w-0 flex-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
      <input id={id} type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} className={`${fieldControl} pl-9`} maxLength={200} />
    </div>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled select of a filter bar. The label is visually hidden unless `showLabel`. */
export function SelectFilter({
  label,
  value,
  onChange,
  options,
  showLabel = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  showLabel?: boolean;
}) {
  const id = useId();
  return (
    <div className="min-w-[10rem]">
      <label htmlFor={id} className={showLabel ? "mb-1 block text-sm font-medium text-slate-800" : "sr-only"}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldControl}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The row of search and filters above a table, wrapping on small screens. */
export function FilterBar({ children, label = "Filters" }: { children: ReactNode; label?: string }) {
  return (
    <div role="search" aria-label={label} className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {children}
    </div>
  );
}
