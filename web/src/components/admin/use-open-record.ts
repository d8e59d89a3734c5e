import { useState } from "react";

/**
 * The record a details dialog shows: the list's current copy of it while the list has it, else the
 * snapshot taken when it was opened (so a filter that drops the row, say Unread after it was read,
 * does not close the dialog).
 */
export function useOpenRecord<T extends { id: string }>(rows: readonly T[]) {
  const [snapshot, setSnapshot] = useState<T | null>(null);
  const record = snapshot ? (rows.find((r) => r.id === snapshot.id) ?? snapshot) : null;
  return {
    record,
    open: (r: T) => setSnapshot(r),
    close: () => setSnapshot(null),
    /** After a save: the snapshot follows (if that record is the open one). */
    update: (id: string, changes: Partial<T>) => setSnapshot((s) => (s?.id === id ? { ...s, ...changes } : s)),
    /** After a delete: closes the dialog if it showed that record. */
    closeIf: (id: string) => setSnapshot((s) => (s?.id === id ? null : s)),
  };
}
