import "./zod-jitless";
import { useMemo } from "react";
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from "@tanstack/react-query";
import { NEXT_CURSOR_HEADER, PAGE_SIZE_MAX } from "@agency/core/contract/admin";
import { api } from "./api";

/**
 * Paged admin lists (contract/admin.ts): `GET <list>?limit=&cursor=&...filters` answers a JSON array
 * and the next page's cursor in the X-Next-Cursor header, absent on the last page. A server without
 * paging (no header) is simply a one-page list.
 */
export type ListParams = Record<string, string | number | undefined>;

export interface Page<T> {
  items: T[];
  nextCursor: string | undefined;
}
/** The cached value of a paged list: react-query's infinite data, the pages loaded so far in order. */
export type PagedData<T> = InfiniteData<Page<T>, string | undefined>;

/** `path?k=v&...` without empty values (the contract's defaults stand for them). */
export function listUrl(path: string, params: ListParams): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") qs.set(key, String(value));
  const query = qs.toString();
  return query ? `${path}?${query}` : path;
}

export async function fetchPage<T>(path: string, params: ListParams, cursor?: string, signal?: AbortSignal): Promise<Page<T>> {
  let next: string | null = null;
  const items = await api.get<T[]>(listUrl(path, { ...params, cursor }), signal ? { signal } : undefined, (headers) => {
    next = headers.get(NEXT_CURSOR_HEADER);
  });
  return { items: Array.isArray(items) ? items : [], nextCursor: next || undefined };
}

/**
 * One paged list (react-query's useInfiniteQuery), cached under `[...key, params]` (invalidating
 * `key` refreshes every filter combination). `rows` is every loaded row; pass the result as
 * DataTable's `paging`. While new filters load, the previous rows stay on screen (and no next page
 * is offered for them). A refresh reloads as many pages as were loaded, from the first.
 */
export function usePagedList<T>(key: QueryKey, path: string, params: ListParams, { freshOnMount = false }: { freshOnMount?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey: [...key, params],
    queryFn: ({ pageParam, signal }) => fetchPage<T>(path, params, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
    // A list that other screens change without knowing of it (where images are used) reloads on every visit.
    ...(freshOnMount ? { refetchOnMount: "always" as const } : {}),
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  return { ...query, rows, hasNextPage: query.hasNextPage && !query.isPlaceholderData };
}

/**
 * Every row matching `params`, page after page at the largest page size (exports). `onProgress`
 * gets the running count after each page. Stops if the server repeats a cursor.
 */
export async function fetchAllPages<T>(path: string, params: ListParams, onProgress?: (loaded: number) => void): Promise<T[]> {
  const all: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage<T>(path, { ...params, limit: PAGE_SIZE_MAX }, cursor);
    all.push(...page.items);
    onProgress?.(all.length);
    cursor = page.nextCursor;
    if (cursor && seen.has(cursor)) break;
    if (cursor) seen.add(cursor);
  } while (cursor);
  return all;
}

/** Applies `update` to one row of a cached paged list: use with queryClient.setQueriesData for instant feedback. */
export function patchRows<T extends { id: string }>(data: PagedData<T> | undefined, id: string, update: (row: T) => T): PagedData<T> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((row) => (row.id === id ? update(row) : row)) })) };
}

/** Refreshes every query under each key: what a mutation's onSuccess returns (it stays pending until done). */
export function useInvalidate(...keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
