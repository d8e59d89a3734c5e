import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { AdminMessage, MarkAllReadResult, MessageFilters, MessageStats } from "@agency/core/contract/admin";
import { api } from "../../lib/api";
import { useInvalidate } from "../../lib/paged";
import { dashboardStatsKey } from "../dashboard/api";
import { leadApi } from "../leads/inbox-api";

/** The Messages inbox's calls (features/leads/inbox-api.ts) on SPEC's path. */
export const messagesApi = leadApi<AdminMessage, MessageFilters, MessageStats>("messages", "/api/admin/contact-submissions");

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
  const invalidate = useInvalidate(messagesApi.keys.all, dashboardStatsKey);
  const mutation = useMutation({
    mutationFn: () => {
      setMarked(0);
      return markAllInBatches(() => api.put<Partial<MarkAllReadResult>>(`${messagesApi.base}/mark-all-read`), setMarked);
    },
    onSettled: () => invalidate(),
  });
  return { ...mutation, marked };
}
