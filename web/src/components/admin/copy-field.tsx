import { useId } from "react";
import { Copy } from "lucide-react";
import { actionOutline, fieldControl } from "./classes";
import { useToast } from "./toasts";

/** A value to hand over (a link, a secret): a labelled read-only field that selects itself, and Copy. `noun` names it in the toasts. */
export function CopyField({ label, value, noun }: { label: string; value: string; noun: string }) {
  const toast = useToast();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={id} readOnly value={value} className={`${fieldControl} min-w-0 font-mono text-xs`} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className={actionOutline}
          onClick={() =>
            navigator.clipboard.writeText(value).then(
              () => toast.success(`${noun[0]!.toUpperCase()}${noun.slice(1)} copied`),
              () => toast.error(`Could not copy: select the ${noun} and copy it by hand`),
            )
          }
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy
        </button>
      </div>
    </div>
  );
}
