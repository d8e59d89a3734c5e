import { useSyncExternalStore } from "react";

const query = "(prefers-reduced-motion: reduce)";
const media = () => (typeof window !== "undefined" && window.matchMedia ? window.matchMedia(query) : undefined);

/** True when the visitor asked the system for less motion; counters and carousels then stay still. */
export const prefersReducedMotion = () => media()?.matches ?? false;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = media();
      m?.addEventListener("change", onChange);
      return () => m?.removeEventListener("change", onChange);
    },
    prefersReducedMotion,
    () => false,
  );
}
