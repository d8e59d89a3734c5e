/**
 * Work due now or later (a webhook delivery, a mail), as the table's stream and a delayed queue
 * message bring it in AWS. The local engine has neither: the local runtime registers a listener
 * here and runs the same domain code on timers (packages/local/src/later.ts).
 */
export function dueLater<T>() {
  let listener: ((item: T, delayMs: number) => void) | undefined;
  return {
    /** The local runtime's stand-in for the stream and the queue (undefined to stop). */
    on(fn: typeof listener) {
      listener = fn;
    },
    /** `item` is due in `delayMs`. Never waits, never throws. */
    due(item: T, delayMs = 0) {
      listener?.(item, delayMs);
    },
  };
}
