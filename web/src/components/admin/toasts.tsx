import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { CheckCircle2, TriangleAlert, X } from "lucide-react";

export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface Toast {
  id: number;
  tone: "success" | "error";
  message: string;
  action?: ToastAction;
}

export interface Toaster {
  /** A save went through. Disappears after a few seconds. */
  success: (message: string) => void;
  /** Something failed. Stays longer than a success, and while the pointer or focus is on it. */
  error: (message: string, options?: { action?: ToastAction }) => void;
}

/** How long a toast stays; the timer waits while the pointer or the keyboard focus is on it. */
export const TOAST_MS = { success: 5000, error: 10000 } as const;
const ToastContext = createContext<Toaster | null>(null);

/**
 * The one way a back-office screen reports a save's outcome. Wrap the admin area once; screens call
 * `useToast()`. The live region (aria-live polite) exists before any toast, so screen readers
 * announce each message; it is rendered into <body>, outside #root, so a toast raised while a dialog
 * has made the page inert is still announced. Toasts sit at the bottom corner, and at the top
 * while a dialog is open, so they never cover a dialog's actions (Save, Cancel).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) window.clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const push = useCallback(
    (toast: Omit<Toast, "id">) => {
      const id = nextId.current++;
      // The same message twice in a row (a double click) shows once.
      setToasts((list) => [...list.filter((t) => t.message !== toast.message).slice(-3), { ...toast, id }]);
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), TOAST_MS[toast.tone]),
      );
    },
    [dismiss],
  );
  /** Holds a toast while it is pointed at or focused (its text may be long); the full time runs again after. */
  const hold = useCallback((id: number) => {
    window.clearTimeout(timers.current.get(id));
    timers.current.set(id, 0);
  }, []);
  const release = useCallback(
    (t: Toast) => {
      if (!timers.current.has(t.id)) return;
      window.clearTimeout(timers.current.get(t.id));
      timers.current.set(
        t.id,
        window.setTimeout(() => dismiss(t.id), TOAST_MS[t.tone]),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => window.clearTimeout(t));
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({
      success: (message) => push({ tone: "success", message }),
      error: (message, options) => push({ tone: "error", message, action: options?.action }),
    }),
    [push],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {createPortal(
        <div
          aria-live="polite"
          role="status"
          data-testid="toasts"
          className="pointer-events-none fixed inset-x-0 bottom-0 z-[70] flex flex-col items-center gap-2 p-4 sm:items-end [body:has([aria-modal=true])_&]:top-0 [body:has([aria-modal=true])_&]:bottom-auto [body:has([aria-modal=true])_&]:items-center [body:has([aria-modal=true])_&]:p-2"
        >
          {toasts.map((t) => (
            <div
              key={t.id}
              data-tone={t.tone}
              onMouseEnter={() => hold(t.id)}
              onMouseLeave={() => release(t)}
              onFocus={() => hold(t.id)}
              onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && release(t)}
              className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm shadow-lg animate-[pop-in_180ms_ease-out] ${
                t.tone === "success" ? "border-green-200" : "border-red-200"
              }`}
            >
              {t.tone === "success" ? (
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              ) : (
                <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
              )}
              <p className="flex-1 text-slate-900">
                <span className="sr-only">{t.tone === "success" ? "Success: " : "Error: "}</span>
                {t.message}
              </p>
              {t.action && (
                <button
                  type="button"
                  onClick={() => {
                    dismiss(t.id);
                    t.action!.onClick();
                  }}
                  className="rounded-md px-2 py-0.5 font-semibold text-purple-700 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
                >
                  {t.action.label}
                </button>
              )}
              <button
                type="button"
                aria-label="Dismiss notification"
                onClick={() => dismiss(t.id)}
                className="rounded-md p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-purple-600"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </div>
          ))}
        </div>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

/** The toaster of the admin area (see ToastProvider). */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error("useToast needs a <ToastProvider> above it");
  return toaster;
}
