import type { ReactNode } from "react";
import { useStableCallback } from "../../lib/use-stable-callback";
import { useApiErrorHandler } from "./api-errors";
import { useConfirm } from "./confirm-dialog";
import { useToast } from "./toasts";

interface Options<T> {
  /** The confirmation's title ("Delete message") and SPEC's question, verbatim. */
  title: string;
  message: string;
  /** The confirm button's text; default "Delete". */
  confirmLabel?: string;
  /** The delete call, e.g. a mutation's mutateAsync. */
  remove: (item: T) => Promise<unknown>;
  /** Toast after success ("Message deleted"), and the fallback error text. */
  success: string;
  fallback: string;
  onDeleted?: (item: T) => void;
  /** Reload after a 409 (see useApiErrorHandler). */
  onReload?: () => void;
}

/**
 * Every admin delete: ask (the one confirmation dialog), delete, report the outcome (toast or the
 * one error mapping). Render `dialog` once; call `requestDelete(item)` from the row's button.
 *
 *   const [dialog, requestDelete] = useConfirmedDelete({ title: "Delete user", message: "...", remove: (u) => del.mutateAsync(u.id), success: "User deleted", fallback: "Failed to delete the user" });
 */
export function useConfirmedDelete<T>({ title, message, confirmLabel, remove, success, fallback, onDeleted, onReload }: Options<T>): [ReactNode, (item: T) => Promise<void>] {
  const [dialog, confirm] = useConfirm();
  const toast = useToast();
  const showError = useApiErrorHandler();
  // Stable, so it can go into memoised column definitions.
  const requestDelete = useStableCallback(async (item: T) => {
    if (!(await confirm({ title, message, ...(confirmLabel ? { confirmLabel } : {}) }))) return;
    try {
      await remove(item);
      onDeleted?.(item);
      toast.success(success);
    } catch (err) {
      showError(err, { fallback, onReload });
    }
  });
  return [dialog, requestDelete];
}
