import { useMutation, useQuery } from "@tanstack/react-query";
import type { AdminSubscriber, SubscriberFilters, SubscriberStats } from "@agency/core/contract/newsletter";
import { api } from "../../lib/api";
import { dashboardStatsKey } from "../dashboard/api";
import { fetchAllPages, useInvalidate, usePagedList, type ListParams } from "../../lib/paged";

const BASE = "/api/admin/newsletter/subscribers";

export const subscriberKeys = {
  list: ["admin", "subscribers", "list"],
  stats: ["admin", "subscribers", "stats"],
} as const;

const params = ({ q, status }: SubscriberFilters): ListParams => ({ q: q || undefined, status: status === "all" ? undefined : status });

export const useSubscribers = (filters: SubscriberFilters) => usePagedList<AdminSubscriber>(subscriberKeys.list, BASE, params(filters));
export const fetchAllSubscribers = (filters: SubscriberFilters, onProgress: (n: number) => void) => fetchAllPages<AdminSubscriber>(BASE, params(filters), onProgress);

export const useSubscriberStats = () => useQuery({ queryKey: subscriberKeys.stats, queryFn: () => api.get<SubscriberStats>(`${BASE}/stats`) });

export function useDeleteSubscriber() {
  const invalidate = useInvalidate(subscriberKeys.list, subscriberKeys.stats, dashboardStatsKey);
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`${BASE}/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}
