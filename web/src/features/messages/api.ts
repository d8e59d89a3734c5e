import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminMessage, MarkAllReadResult, MessageStats } from "@agency/core/contract/admin";
import { api } from "../../lib/api";
import { fetchAllPages, patchRows, useInvalidate, usePagedList, type ListParams, type PagedData } from "../../lib/paged";
import { dashboardStatsKey } from "../dashboard/api";

const BASE = "/api/admin/contact-submissions";

export const messageKeys = {
  list: ["admin", "messages", "list"],
  stats: ["admin", "messages", "stats"],
} as const;

/** What any change to messages affects: the lists, this screen's counters and the Overview's. */
const affected = [messageKeys.list, messageKeys.stats, dashboardStatsKey] as const;

export type MessageStatusFilter = "all" | "read" | "unread";
export interface MessageFilters {
  /** Search over name, email, company and message (server side, case-insensitive). */
  q: string;
  /** "" for every inquiry type. */
  form_type: string;
  status: MessageStatusFilter;
}

/** The contract's query parameters; defaults are left out of the URL. */
const params = ({ q, form_type, status }: MessageFilters): ListParams => ({
  q: q || undefined,
  form_type: form_type || undefined,
  status: status === "all" ? undefined : status,
});

export const useMessages = (filters: MessageFilters) => usePagedList<AdminMessage>(messageKeys.list, BASE, params(filters));

export const useMessageStats = () => useQuery({ queryKey: messageKeys.stats, queryFn: () => api.get<MessageStats>(`${BASE}/stats`) });

/** Every message matching the filters, for Export CSV. */
export const fetchAllMessages = (filters: MessageFilters, onProgress: (loaded: number) => void) =>
  fetchAllPages<AdminMessage>(BASE, params(filters), onProgress);

/** Read or unread: the row changes at once, then lists and counters refresh. */
export function useSetMessageRead() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(...affected);
  return useMutation({
    mutationFn: ({ id, is_read }: { id: string; is_read: boolean }) => api.put<unknown>(`${BASE}/${encodeURIComponent(id)}/status`, { is_read }),
    onSuccess: (_data, { id, is_read }) => {
      queryClient.setQueriesData<PagedData<AdminMessage>>({ queryKey: messageKeys.list }, (data) => patchRows(data, id, (m) => ({ ...m, is_read })));
      return invalidate();
    },
  });
}

export function useDeleteMessage() {
  const invalidate = useInvalidate(...affected);
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`${BASE}/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

/**
 * 'Mark All Read' against a server that marks one time-boxed batch per call and says how many
 * remain: calls again while any remain, reporting the running count. A server that does not say
 * (no `remaining`) has done everything; a batch that changes nothing ends the loop rather than
 * spinning. Returns how many were marked.
 */
export async function markAllInBatches(markBatch: () => Promise<Partial<MarkAllReadResult> | undefined>, onProgress: (marked: number) => void): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await markBatch();
    const updated = result?.updated ?? 0;
    total += updated;
    onProgress(total);
    if (!((result?.remaining ?? 0) > 0) || updated === 0) return total;
  }
}

/** 'Mark All Read' with its progress (`marked`); lists and counters refresh afterwards, even after a failure. */
export function useMarkAllRead() {
  const [marked, setMarked] = useState(0);
  const invalidate = useInvalidate(...affected);
  const mutation = useMutation({
    mutationFn: () => {
      setMarked(0);
      return markAllInBatches(() => api.put<Partial<MarkAllReadResult>>(`${BASE}/mark-all-read`), setMarked);
    },
    onSettled: () => invalidate(),
  });
  return { ...mutation, marked };
}
