import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { MailWarning, Send } from "lucide-react";
import type { LeadMailStatus } from "@agency/core/contract/admin";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge } from "../../components/admin/badge";
import { RowAction } from "../../components/admin/row-actions";
import { useToast } from "../../components/admin/toasts";
import { api } from "../../lib/api";
import { useStableCallback } from "../../lib/use-stable-callback";

/** A lead whose notification mail failed for good (every retry): said in its row, with Resend. */
export function NotificationFailedBadge({ status }: { status?: LeadMailStatus }) {
  if (status !== "failed") return null;
  return (
    <Badge tone="red" icon={MailWarning}>
      Notification failed
    </Badge>
  );
}

/**
 * Resend of a lead's notification (POST {list}/{id}/resend-notification): answers at once, the mail
 * goes out in the background, and the list refreshes to show it pending. `listKey` is the inbox's list.
 */
export function useResendNotification(base: string, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const resend = useMutation({
    mutationFn: (id: string) => api.post<unknown>(`${base}/${encodeURIComponent(id)}/resend-notification`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  return useStableCallback((id: string) =>
    resend.mutate(id, {
      onSuccess: () => toast.success("Notification sent again"),
      onError: (err) => showError(err, { fallback: "Failed to resend the notification", onReload: () => void queryClient.invalidateQueries({ queryKey: listKey }) }),
    }),
  );
}

/** The row action, shown only where the notification failed. */
export function ResendAction({ status, onResend }: { status?: LeadMailStatus; onResend: () => void }) {
  if (status !== "failed") return null;
  return <RowAction label="Resend notification" icon={Send} onClick={onResend} />;
}
