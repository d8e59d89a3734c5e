import { useSyncExternalStore } from "react";

const subscribe = (onChange: () => void) => {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
};

/**
 * Whether the page has scrolled more than `px` down: false on the server and while hydrating, then
 * the window's own answer, re-rendering only when a scroll crosses the threshold. The part that
 * shows it reads it itself (the header, the back-to-top button), never the public layout: a render
 * of the layout re-renders its two Suspense boundaries, and React drops a boundary's rendered markup
 * for its fallback when an update reaches it before its lazy code has arrived, so an early scroll
 * replaced the page with "Loading page" and the footer with a dark block until their chunks came.
 */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > px,
    () => false,
  );
}
