import { useDeferredValue } from "react";

/**
 * Query data for rendering a list. React Query delivers results through useSyncExternalStore,
 * which re-renders synchronously; with the deferred value the first re-render keeps the previous
 * (empty) list and React renders the full list in a time-sliced background pass, so a large grid
 * arriving does not block the main thread. `pending` stays true until the list is rendered.
 */
export function useDeferredData<T>(query: { data: T | undefined; isPending: boolean }) {
  const data = useDeferredValue(query.data);
  return { data, pending: query.isPending || (query.data !== undefined && data === undefined) };
}
