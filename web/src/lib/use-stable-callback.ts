import { useCallback, useRef } from "react";

/**
 * A function whose identity never changes but which always calls the latest `fn`: for handlers
 * handed to memoised things (a table's column definitions) without rebuilding them every render.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
