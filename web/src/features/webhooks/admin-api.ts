import { useMutation, useQuery } from "@tanstack/react-query";
import type { AdminWebhook, AdminWebhookDelivery, CreatedWebhook, WebhookInput } from "@agency/core/contract/webhooks";
import { api } from "../../lib/api";
import { useInvalidate, usePagedList } from "../../lib/paged";

const BASE = "/api/admin/webhooks";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const webhookKeys = {
  list: ["admin", "webhooks", "list"],
  deliveries: (id: string) => ["admin", "webhooks", "deliveries", id],
} as const;

export const useWebhooks = () => useQuery({ queryKey: webhookKeys.list, queryFn: () => api.get<AdminWebhook[]>(BASE) });

/** POST /api/admin/webhooks: the answer carries the secret, which no later call shows again. */
export function useCreateWebhook() {
  const invalidate = useInvalidate(webhookKeys.list);
  return useMutation({
    mutationFn: (input: WebhookInput) => api.post<CreatedWebhook>(BASE, input),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateWebhook() {
  const invalidate = useInvalidate(webhookKeys.list);
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WebhookInput }) => api.put<AdminWebhook>(one(id), input),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate(webhookKeys.list);
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(one(id)),
    onSuccess: () => invalidate(),
  });
}

/** An endpoint's deliveries log, newest first, paged. */
export const useDeliveries = (id: string) => usePagedList<AdminWebhookDelivery>(webhookKeys.deliveries(id), `${one(id)}/deliveries`, {});

/** "Send test event": a `webhook.test` delivery, which then shows in the endpoint's log. */
export function useSendTestEvent(id: string) {
  const invalidate = useInvalidate(webhookKeys.deliveries(id));
  return useMutation({
    mutationFn: () => api.post<AdminWebhookDelivery>(`${one(id)}/test`),
    onSuccess: () => invalidate(),
  });
}
