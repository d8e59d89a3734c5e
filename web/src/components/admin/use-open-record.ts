import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The record a details dialog shows: the list's current copy of it while the list has it, else the
 * snapshot taken when it was opened (so a filter that drops the row, say Unread after it was read,
 * does not close the dialog).
 *
 * A link with `?open={id}` (the lead notification mails carry one) opens that record through
 * `onOpenFromLink` (the screen's own open, e.g. one that also marks it read): from the loaded rows
 * when they hold it, otherwise fetched by id with `fetchOne`, so a link to an old lead opens too.
 * `onMissing` is told when there is no such record.
 */
export function useOpenRecord<T extends { id: string }>(
  rows: readonly T[],
  { onOpenFromLink, fetchOne, onMissing }: { onOpenFromLink?: (record: T) => void; fetchOne?: (id: string) => Promise<T>; onMissing?: (err: unknown) => void } = {},
) {
  const [snapshot, setSnapshot] = useState<T | null>(null);
  const [params, setParams] = useSearchParams();
  const linked = params.get("open");
  useEffect(() => {
    if (!linked) return;
    const found = rows.find((r) => r.id === linked);
    if (!found && !fetchOne) return;
    setParams(
      (p) => {
        p.delete("open");
        return p;
      },
      { replace: true },
    );
    const open = (record: T) => (onOpenFromLink ? onOpenFromLink(record) : setSnapshot(record));
    if (found) open(found);
    else fetchOne!(linked).then(open, (err: unknown) => onMissing?.(err));
  }, [linked, rows, setParams, onOpenFromLink, fetchOne, onMissing]);
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
