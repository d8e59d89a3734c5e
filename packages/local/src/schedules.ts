import { BlogSchedules, onScheduleChanged } from "@agency/core/blog/schedules";
import { publishDue } from "@agency/functions/publish";

/** How often the catch-up sweep runs besides the timer. */
export const SWEEP_INTERVAL_MS = 30_000;
/** setTimeout's longest delay; a later schedule is re-armed by the sweep long before. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Scheduled publishing in the local runtime (in AWS: EventBridge Scheduler and a catch-up rule,
 * infra/schedule.ts), with the same publish code (packages/functions/src/publish.ts):
 * - a timer for the next scheduled post, re-armed on every write that sets, moves or clears one;
 * - a catch-up sweep at start and every SWEEP_INTERVAL_MS, which publishes everything due and not
 *   yet live: a post whose time passed while the runtime was stopped goes live when it starts.
 * Timer and sweep may race for a post: the publish is a conditional write, so it goes live once.
 */
export function startLocalSchedules() {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  // One sweep at a time; a sweep asked for while one runs follows it.
  const sweep = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const published = await publishDue();
        for (const post of published) console.info(`Scheduled post published: ${post.title} (/blog/${post.slug})`);
      } catch (err) {
        console.error("Scheduled publishing failed:", err);
      }
      await arm();
    });
    return running;
  };

  const arm = async () => {
    if (stopped) return;
    try {
      const [next] = await BlogSchedules.upcoming(1);
      clearTimeout(timer);
      timer = undefined;
      if (!next) return;
      const delay = Math.min(MAX_DELAY_MS, Math.max(0, Date.parse(next.publish_at) - Date.now()));
      timer = setTimeout(() => void sweep(), delay);
      timer.unref();
    } catch (err) {
      console.error("Scheduled publishing could not read the next schedule:", err);
    }
  };

  const unlisten = onScheduleChanged(() => arm());
  const interval = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  interval.unref();
  const started = sweep();

  return {
    /** The first sweep's end (tests wait for it). */
    started,
    /** Runs a sweep now (and re-arms the timer); resolves when it is done. */
    sweep,
    async close() {
      stopped = true;
      unlisten();
      clearInterval(interval);
      clearTimeout(timer);
      await running;
    },
  };
}
