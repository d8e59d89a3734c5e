import { useId, type ReactNode } from "react";
import { Modal } from "../ui/modal";
import { DialogHeader } from "./dialog-header";

/**
 * A record's details (Message Details, a registration): title with a close button, a list of
 * label/value pairs (<Detail>), and the record's actions at the bottom. Open while `open`; Escape,
 * the close button or a click outside call onClose. Built on the one Modal (focus trap, focus return).
 */
export function DetailsDialog({ open, onClose, title, actions, children }: { open: boolean; onClose: () => void; title: string; actions?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} width="max-w-2xl">
      <DialogHeader id={titleId} title={title} onClose={onClose} />
      <div className="px-6 py-5">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">{children}</dl>
        {actions && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{actions}</div>}
      </div>
    </Modal>
  );
}

/** One label/value pair of a DetailsDialog; `wide` spans both columns, `long` keeps line breaks and scrolls. */
export function Detail({ label, children, wide = false, long = false }: { label: string; children: ReactNode; wide?: boolean; long?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className={`mt-1 text-sm break-words text-slate-900 ${long ? "max-h-80 overflow-y-auto rounded-lg bg-slate-50 p-4 whitespace-pre-wrap" : ""}`}
        {...(long ? { tabIndex: 0 } : {})}
      >
        {children}
      </dd>
    </div>
  );
}
