import { useEffect, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { X } from "lucide-react";

/** Open panels, innermost last: only the top one answers keys (a confirmation over an editor). */
const openPanels: HTMLElement[] = [];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** A centred dialog, or a drawer from the left edge (small-screen filters). */
  variant?: "dialog" | "drawer";
  /** "alertdialog" for a confirmation that interrupts the user. */
  role?: "dialog" | "alertdialog";
  /** id of the element that describes the dialog (an alertdialog's question). */
  describedBy?: string;
}

/**
 * The one dialog: role="dialog" + aria-modal, named by its heading, the rest of the page inert
 * while open, focus moved in (to [data-autofocus] or the panel) and back to the opener on close,
 * Tab kept inside, Escape and a click on the backdrop close it. At most 90% of the screen high;
 * the panel scrolls.
 */
export function Modal({ open, onClose, labelledBy, children, width = "max-w-2xl", variant = "dialog", role = "dialog", describedBy }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const downOnBackdrop = useRef(false);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const root = document.getElementById("root");
    root?.setAttribute("inert", "");
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const panel = panelRef.current;
    // A dialog over a dialog (a confirmation over an editor) makes the one below inert too.
    const below = openPanels.at(-1)?.parentElement;
    below?.setAttribute("inert", "");
    if (panel) openPanels.push(panel);
    (panel?.querySelector<HTMLElement>("[data-autofocus]") ?? panel)?.focus();

    const onKey = (e: KeyboardEvent) => {
      if (panel && openPanels.at(-1) !== panel) return;
      if (e.key === "Escape") {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== "Tab" || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (!items.length) {
        e.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === panel)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (panel) openPanels.splice(openPanels.indexOf(panel), 1);
      below?.removeAttribute("inert");
      if (!openPanels.length) root?.removeAttribute("inert");
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the backdrop closes, for the mouse; Escape does it from the keyboard
    <div
      className={`fixed inset-0 z-[60] flex bg-slate-950/70 backdrop-blur-sm animate-[fade-in_150ms_ease-out] ${variant === "drawer" ? "justify-start" : "items-center justify-center p-4"}`}
      data-testid="modal-backdrop"
      onMouseDown={(e) => (downOnBackdrop.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (downOnBackdrop.current && e.target === e.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative w-full overflow-y-auto overscroll-contain bg-white shadow-2xl outline-none ${width} ${
          variant === "drawer" ? "h-full rounded-r-2xl" : "max-h-[90vh] rounded-2xl animate-[pop-in_180ms_ease-out]"
        }`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** The round close button every dialog puts in its top corner. */
export function CloseButton({ onClick, label = "Close" }: { onClick: () => void; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded-full p-2 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600"
    >
      <X className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
