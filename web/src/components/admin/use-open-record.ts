import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The record a details dialog shows: the list's current copy of it while the list has it, else the
 * snapshot taken when it was opened (so a filter that drops the row, say Unread after it was read,
 * does not close the dialog).
 *
 * A link with `?open={id}` (the lead notification mails carry one) opens that record once the list
 * holds it, through `onOpenFromLink` (the screen's own open, e.g. one that also marks it read).
 */
export function useOpenRecord<T extends { id: string }>(rows: readonly T[], onOpenFromLink?: (record: T) => void) {
  const [snapshot, setSnapshot] = useState<T | null>(null);
  const [params, setParams] = useSearchParams();
  const linked = params.get("open");
  useEffect(() => {
    if (!linked) return;
    const found = rows.find((r) => r.id === linked);
    if (!found) return;
    setParams(
      (p) => {
        p.delete("open");
        return p;
      },
      { replace: true },
    );
    if (onOpenFromLink) onOpenFromLink(found);
    else setSnapshot(found);
  }, [linked, rows, setParams, onOpenFromLink]);
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
