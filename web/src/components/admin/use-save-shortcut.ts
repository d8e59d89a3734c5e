import { useEffect, useRef } from "react";

/**
 * Ctrl+S / Cmd+S saves the open editor instead of the browser's "Save page as". Pass `enabled`
 * false while nothing is open (or a save is in flight); the latest `onSave` is always the one called.
 */
export function useSaveShortcut(onSave: () => void, enabled = true): void {
  const latest = useRef(onSave);
  latest.current = onSave;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
