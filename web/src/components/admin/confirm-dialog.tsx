import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { TriangleAlert } from "lucide-react";
import { Modal } from "../ui/modal";
import { actionDanger, actionOutline, actionPrimary } from "./classes";

export interface ConfirmOptions {
  /** The dialog's name, e.g. "Delete message". */
  title: string;
  /** SPEC's question, verbatim: "Are you sure you want to delete this message?" */
  message: string;
  /** Default "Delete". */
  confirmLabel?: string;
  /** Default "Cancel". */
  cancelLabel?: string;
  /** "danger" (default) paints the confirm button red. */
  tone?: "danger" | "default";
}

interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The one confirmation dialog: role="alertdialog" named by its title and described by its question,
 * focus trapped inside, Escape (or a click outside) cancels, focus returns to the button that opened
 * it. Initial focus is on Cancel, so an Enter pressed by habit never confirms a delete.
 * Most screens want `useConfirm()` below rather than this component.
 */
export function ConfirmDialog({ open, title, message, confirmLabel = "Delete", cancelLabel = "Cancel", tone = "danger", onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // A question asked as soon as another is answered ("End sessions", then "Remove recent passkeys?")
  // is shown in the dialog still open: focus goes back to Cancel for it too, not left on the button
  // that answered the first, which now says the second's confirm.
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open, title, message]);
  return (
    <Modal open={open} onClose={onCancel} labelledBy={titleId} describedBy={messageId} role="alertdialog" width="max-w-md">
      <div className="p-6">
        <div className="flex items-start gap-4">
          {tone === "danger" && (
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700">
              <TriangleAlert aria-hidden="true" className="h-5 w-5" />
            </span>
          )}
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <p id={messageId} className="mt-2 text-sm text-slate-700">
              {message}
            </p>
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" data-autofocus className={actionOutline} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={tone === "danger" ? actionDanger : actionPrimary} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * A promise-shaped confirmation. Render `dialog` once in the screen, then:
 *
 *   const [dialog, confirm] = useConfirm();
 *   if (await confirm({ title: "Delete message", message: "Are you sure you want to delete this message?" })) remove.mutate(id);
 */
export function useConfirm(): [ReactNode, (options: ConfirmOptions) => Promise<boolean>, (ok: boolean) => void] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = <ConfirmDialog open={options !== null} title="" message="" {...options} onConfirm={() => settle(true)} onCancel={() => settle(false)} />;
  // `settle` answers an open question from outside (the reason for asking went away).
  return [dialog, confirm, settle];
}
