// The stylesheet belongs to the entry, so the build inlines it into index.html (vite.config.ts).
import "./styles.css";
import { startTransition, StrictMode, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { queryClient } from "./lib/query-client";
import { AppRouter } from "./app/router";

/**
 * A rendered page (packages/functions/src/render) carries the query cache it was rendered from.
 * Its data counts as fetched now: the browser revalidated the page itself on load (no-cache + ETag),
 * so the first client render matches the HTML and asks the API for nothing the page holds.
 */
function pageData(): { queryKey: QueryKey; state: { data: unknown } }[] | undefined {
  const el = document.getElementById("page-data");
  if (!el?.textContent) return undefined;
  try {
    return (JSON.parse(el.textContent) as { queries: { queryKey: QueryKey; state: { data: unknown } }[] }).queries;
  } catch {
    return undefined;
  }
}

function mount() {
  const container = document.getElementById("root")!;
  const app: ReactNode = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>
  );
  const queries = pageData();
  if (queries) {
    // setQueryData rather than react-query's hydrate(): the same cache entries, ~1 KB less script
    // on every first load (the page carries successful reads only).
    for (const q of queries) queryClient.setQueryData(q.queryKey, q.state.data);
    // Hydrating in a transition is time-sliced too: the page stays responsive while it hydrates.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  // A transition render yields to the browser every few milliseconds instead of blocking the main
  // thread for the whole first render (and the same for hydration, above).
  startTransition(() => root.render(app));
}

// In a task of its own: loading this module initialised React, the router, the query cache and the
// route table (on a phone, well over the 50 ms a task may take before it blocks input); the mount
// and the start of hydration come after the browser has had a turn.
setTimeout(mount, 0);
