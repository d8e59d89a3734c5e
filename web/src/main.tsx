import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./lib/query-client";
import { AppRouter } from "./app/router";

function mount() {
  const root = createRoot(document.getElementById("root")!);
  // A transition render yields to the browser every few milliseconds instead of blocking the main
  // thread for the whole first render.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

mount();
