import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BULK_IDS_MAX, type BulkResult, type CountResult } from "@agency/core/contract/admin";
import { api } from "../../lib/api";
import { fetchAllPages, listUrl, patchRows, useInvalidate, usePagedList, type ListParams, type PagedData } from "../../lib/paged";
import { dashboardStatsKey } from "../dashboard/api";

/**
 * The calls of one inbox (messages or registrations), on its API path: the paged list, the count of
 * a filter's matches, one lead by id, stats, a change of one lead, delete, and bulk actions. Every
 * change refreshes the lists, counts and figures of this inbox and the Overview's.
 */
export function leadApi<T extends { id: string }, F extends Record<string, string>, S>(name: "messages" | "registrations", base: string) {
  const keys = {
    all: ["admin", name],
    list: ["admin", name, "list"],
    count: ["admin", name, "count"],
    stats: ["admin", name, "stats"],
  } as const;
  /** The contract's query parameters; empty and "all" (the defaults) are left out. */
  const params = (filters: F): ListParams => Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === "" || v === "all" ? undefined : v]));
  /**
   * Refreshes what a change affects. A read still in flight started before the change (the first
   * load, as a mail's link opens a lead and marks it read) is cancelled first: invalidating alone
   * would wait for it and keep its stale answer.
   */
  const useAffected = () => {
    const queryClient = useQueryClient();
    const invalidate = useInvalidate(keys.all, dashboardStatsKey);
    return async () => {
      await queryClient.cancelQueries({ queryKey: keys.all });
      return invalidate();
    };
  };
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

  return {
    base,
    keys,
    useList: (filters: F) => usePagedList<T>(keys.list, base, params(filters)),
    useCount: (filters: F) => useQuery({ queryKey: [...keys.count, params(filters)], queryFn: () => api.get<CountResult>(listUrl(`${base}/count`, params(filters))) }),
    useStats: () => useQuery({ queryKey: keys.stats, queryFn: () => api.get<S>(`${base}/stats`) }),
    /** One lead by id (a notification's link to a lead that is not among the loaded rows). */
    fetchOne: (id: string) => api.get<T>(one(id)),
    /** Every lead matching the filters, for Export CSV. */
    fetchAll: (filters: F, onProgress: (loaded: number) => void) => fetchAllPages<T>(base, params(filters), onProgress),

    /** A change of one lead (PUT {id}/status): the row changes at once, then lists and counters refresh. */
    useSetStatus<B extends Partial<T>>() {
      const queryClient = useQueryClient();
      const invalidate = useAffected();
      return useMutation({
        mutationFn: ({ id, change }: { id: string; change: B }) => api.put<T>(`${one(id)}/status`, change),
        onSuccess: async (_data, { id, change }) => {
          await queryClient.cancelQueries({ queryKey: keys.all }); // before the patch, which a cancel would revert
          queryClient.setQueriesData<PagedData<T>>({ queryKey: keys.list }, (data) => patchRows(data, id, (row) => ({ ...row, ...change })));
          return invalidate();
        },
      });
    },

    useDelete() {
      const invalidate = useAffected();
      return useMutation({ mutationFn: (id: string) => api.delete<unknown>(one(id)), onSuccess: () => invalidate() });
    },

    /**
     * A bulk action on the selection: listed ids go BULK_IDS_MAX per call; "all matching the filter"
     * is one call after another while the server answers a cursor (each works about 3 s). `onProgress`
     * gets how many were done so far. Lists and counters refresh afterwards, even after a failure.
     */
    useBulk() {
      const invalidate = useAffected();
      return useMutation({
        mutationFn: async ({ body, target, onProgress }: { body: Record<string, unknown>; target: { ids: string[] } | { filter: F }; onProgress: (done: number) => void }) => {
          let processed = 0;
          let updated = 0;
          const send = async (extra: object) => {
            const result = await api.post<BulkResult>(`${base}/bulk`, { ...body, ...extra });
            processed += result.processed;
            updated += result.updated;
            onProgress(processed);
            return result;
          };
          if ("ids" in target) {
            for (let i = 0; i < target.ids.length; i += BULK_IDS_MAX) await send({ ids: target.ids.slice(i, i + BULK_IDS_MAX) });
          } else {
            let cursor: string | undefined;
            do cursor = (await send({ filter: target.filter, ...(cursor ? { cursor } : {}) })).cursor;
            while (cursor);
          }
          return { processed, updated };
        },
        onSettled: () => invalidate(),
      });
    },
  };
}

export type LeadApi<T extends { id: string }, F extends Record<string, string>, S> = ReturnType<typeof leadApi<T, F, S>>;
