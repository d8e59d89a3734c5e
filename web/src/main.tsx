import { startTransition, StrictMode, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { hydrate, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import { queryClient } from "./lib/query-client";
import { AppRouter } from "./app/router";

/**
 * A rendered page (packages/functions/src/render) carries the query cache it was rendered from.
 * Its data counts as fetched now: the browser revalidated the page itself on load (no-cache + ETag),
 * so the first client render matches the HTML and asks the API for nothing the page holds.
 */
function pageData(): DehydratedState | undefined {
  const el = document.getElementById("page-data");
  if (!el?.textContent) return undefined;
  try {
    const state = JSON.parse(el.textContent) as DehydratedState;
    const now = Date.now();
    for (const q of state.queries) q.state.dataUpdatedAt = now;
    return state;
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
  const state = pageData();
  if (state) {
    hydrate(queryClient, state);
    hydrateRoot(container, app);
    return;
  }
  const root = createRoot(container);
  // A transition render yields to the browser every few milliseconds instead of blocking the main
  // thread for the whole first render.
  startTransition(() => root.render(app));
}

mount();
