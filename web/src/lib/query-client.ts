import { QueryClient } from "@tanstack/react-query";

/** One cache for server state: concurrent loads of the same key share one request. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});
