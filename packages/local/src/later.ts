/**
 * The local runtime's stand-in for the table's stream and a delayed queue: work due now or after a
 * wait (core's `dueLater`) runs on a timer, in the background. The caller's request never waits
 * for it (nor fails with it): a failure is logged. `close` drops the timers not yet run.
 */
export function localTimers<T>(run: (item: T) => Promise<unknown>, describe: (item: T) => string) {
  const timers = new Set<NodeJS.Timeout>();
  return {
    schedule(item: T, delayMs: number) {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void run(item).catch((err: unknown) => console.error(`${describe(item)} could not be handled:`, err));
        },
        Math.max(0, delayMs),
      );
      timers.add(timer);
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
