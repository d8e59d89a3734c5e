import { CloseButton } from "../ui/modal";

/** A dialog's title bar: its h2 (`id` labels the dialog) and the Close button. */
export function DialogHeader({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
      <h2 id={id} className="min-w-0 text-xl font-bold [overflow-wrap:anywhere] text-slate-900">
        {title}
      </h2>
      <CloseButton onClick={onClose} />
    </div>
  );
}
