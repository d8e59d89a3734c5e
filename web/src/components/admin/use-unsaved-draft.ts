import { useEffect, useRef, useState } from "react";
import { useStableCallback } from "../../lib/use-stable-callback";

/** The kept fields: what the editor's controls hold (use-record-editor.ts's FormValues). */
type FormValues = Record<string, string | number | boolean>;

/**
 * Unsaved text kept in the browser (localStorage) as it is typed, so a crash, a closed tab or an
 * expired session loses nothing. One entry per item: `agency:unsaved:<scope>:<id or "new">`, holding
 * the changed fields, the version of the item they were typed against, and when.
 */
export interface UnsavedDraft {
  /** The item's version the changes were typed against (none for a new item). */
  version?: number;
  /** The changed fields only: restored onto the item as it is now. */
  changes: Partial<FormValues>;
  /** ISO 8601: when they were last typed. */
  typed_at: string;
}

/** How long typing pauses before the text is written down. */
export const DRAFT_DEBOUNCE_MS = 400;
const PREFIX = "agency:unsaved:";

export const draftKey = (scope: string, id: string | undefined) => `${PREFIX}${scope}:${id ?? "new"}`;

const isValue = (v: unknown): v is string | number | boolean => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** The stored draft under `key`, or undefined when there is none or it is not one of ours. */
export function readDraft(key: string): UnsavedDraft | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return undefined;
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (!d || typeof d !== "object" || typeof d.typed_at !== "string" || !d.changes || typeof d.changes !== "object") return undefined;
    if (d.version !== undefined && typeof d.version !== "number") return undefined;
    const changes = Object.fromEntries(Object.entries(d.changes as Record<string, unknown>).filter(([, v]) => isValue(v))) as Partial<FormValues>;
    return { ...(typeof d.version === "number" ? { version: d.version } : {}), changes, typed_at: d.typed_at };
  } catch {
    return undefined;
  }
}

// Storage may be full or switched off (private windows): the editor works on without it.
function writeDraft(key: string, draft: UnsavedDraft | null) {
  try {
    if (draft) window.localStorage.setItem(key, JSON.stringify(draft));
    else window.localStorage.removeItem(key);
  } catch (err) {
    console.error("Could not keep the unsaved text in this browser:", err);
  }
}

/**
 * Keeps an editor's unsaved changes under `key` while it is open (debounced, and at once when the
 * page is hidden or the editor unmounts), and offers what an earlier visit left there. While an
 * offer is open nothing is written, so the kept text stays until the admin restores or discards it.
 */
export function useUnsavedDraft({ key, version, changes, dirty }: { key: string | undefined; version: number | undefined; changes: Partial<FormValues>; dirty: boolean }) {
  const [offered, setOffered] = useState<UnsavedDraft | undefined>(() => (key ? readDraft(key) : undefined));
  const pending = useRef<{ key: string; draft: UnsavedDraft | null } | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useStableCallback(() => {
    clearTimeout(timer.current);
    if (pending.current) writeDraft(pending.current.key, pending.current.draft);
    pending.current = undefined;
  });

  const serialized = JSON.stringify(changes);
  useEffect(() => {
    if (!key || offered) return;
    pending.current = {
      key,
      draft: dirty ? { ...(version !== undefined ? { version } : {}), changes: JSON.parse(serialized) as Partial<FormValues>, typed_at: new Date().toISOString() } : null,
    };
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, DRAFT_DEBOUNCE_MS);
  }, [key, offered, dirty, version, serialized, flush]);

  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  return {
    /** What an earlier visit left, until restored or discarded. */
    offered,
    /** Closes the offer; the editor's changes are written from now on. */
    settle: () => setOffered(undefined),
    /** Forgets the kept text of `key` (saved, or discarded by the admin). */
    clear: (of: string | undefined = key) => {
      if (!of) return;
      if (pending.current?.key === of) {
        clearTimeout(timer.current);
        pending.current = undefined;
      }
      writeDraft(of, null);
      if (of === key) setOffered(undefined);
    },
  };
}
