import { useCallback } from "react";
import { STALE_ITEM_CODE, STALE_ITEM_MESSAGE } from "@agency/core/contract/versioned";
import { ApiError } from "../../lib/api";
import { useToast } from "./toasts";

export interface ApiErrorOptions {
  /** SPEC's text for this failure ("Failed to delete blog post"), used when the server sent no message. */
  fallback: string;
  /** A form's field errors: a 400 naming fields puts each message under its field instead of a toast. */
  setFieldErrors?: (fields: Record<string, string>) => void;
  /** What Reload does after a stale 409 (someone else changed the record): usually refetch the query. */
  onReload?: () => void;
}

const NETWORK_ERROR = "Network error. Please try again.";

/** The message to show for a failed call: the server's own, else the caller's fallback. */
export function apiErrorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return err instanceof TypeError ? NETWORK_ERROR : fallback;
  // The client's generic text means the server sent no message of its own.
  return err.message && !err.message.startsWith("API responded with HTTP status") ? err.message : fallback;
}

/**
 * The one mapping from a failed call to what the admin sees (DESIGN "Errors map one way"): an
 * ApiError's `fields` go to the form's fields, a stale 409 (someone else changed the record) shows
 * the conflict message with a Reload action, anything else a toast: only an action that helps is
 * offered (reloading cannot undo "this image is used by …"). Every failure is also logged to the console (SPEC §8).
 *
 *   const showError = useApiErrorHandler();
 *   save.mutate(input, { onError: (err) => showError(err, { fallback: "Failed to save", setFieldErrors }) });
 */
export function useApiErrorHandler() {
  const toast = useToast();
  return useCallback(
    (err: unknown, { fallback, setFieldErrors, onReload }: ApiErrorOptions) => {
      console.error(`${fallback}:`, err);
      if (err instanceof ApiError && err.fields && setFieldErrors && Object.keys(err.fields).length) {
        setFieldErrors(err.fields);
        return;
      }
      if (err instanceof ApiError && err.status === 409 && err.code === STALE_ITEM_CODE) {
        toast.error(apiErrorMessage(err, STALE_ITEM_MESSAGE), onReload ? { action: { label: "Reload", onClick: onReload } } : undefined);
        return;
      }
      toast.error(apiErrorMessage(err, fallback));
    },
    [toast],
  );
}
