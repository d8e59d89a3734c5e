import { config } from "../config";
import { PUBLISH_AT_MAX_YEARS } from "../contract/blog";
import { bucketOf } from "../db/attributes";
import { giveIndexKeys } from "../db/index-keys";
import { db } from "../db/service";

/**
 * Scheduled publishing's index: one small item per scheduled post (entities.ts BlogScheduleEntity),
 * keyed by the year and time it is due, so the due posts and the next ones are Queries, never a
 * read of every post. The post's own `publish_at` is the truth: an item is written before the post
 * that names it and deleted after the post stops naming it, so a crash in between leaves an extra
 * item (dropped when read), never a scheduled post without one.
 *
 * Whoever keeps a clock on the schedules (the AWS Scheduler sync in the admin-blog function, the
 * local runtime's timer) listens with `onScheduleChanged`: every write that sets, moves or clears
 * a post's publish_at tells them, and waits for them (a Lambda may freeze once it answers).
 */
export interface Schedule {
  post_id: string;
  publish_at: string;
}

const keyOf = ({ post_id, publish_at }: Schedule) => ({ due_bucket: bucketOf(publish_at), publish_at, post_id });

/** A post's schedule changed: `publish_at` is the new time, or null when it has none any more. */
export type ScheduleChange = { post_id: string; publish_at: string | null; previous: string | null };
type Listener = (change: ScheduleChange) => Promise<void> | void;
const listeners = new Set<Listener>();

export const BlogSchedules = {
  async put(schedule: Schedule): Promise<void> {
    await db().blogSchedule.put(keyOf(schedule)).go({ response: "none" });
  },
  /** Idempotent: deleting an item that is gone is fine. */
  async remove(schedule: Schedule): Promise<void> {
    await db().blogSchedule.delete(keyOf(schedule)).go({ response: "none" });
  },
  /** Every schedule due at `now` (publish_at <= now), soonest first: one Query per year up to now's. */
  async due(now = new Date()): Promise<Schedule[]> {
    const at = now.toISOString();
    const years: string[] = [];
    // A schedule is due no earlier than the first year a record can carry.
    for (let y = config.recordsSince; y <= now.getUTCFullYear(); y++) years.push(String(y));
    const found = await Promise.all(years.map((due_bucket) => db().blogSchedule.query.byDue({ due_bucket }).lte({ publish_at: at }).go({ pages: "all" })));
    return found
      .flatMap((r) => r.data)
      .filter((s) => s.publish_at <= at)
      .map(({ post_id, publish_at }) => ({ post_id, publish_at }))
      .sort((a, b) => (a.publish_at < b.publish_at ? -1 : a.publish_at > b.publish_at ? 1 : 0));
  },
  /** The `n` soonest schedules after `now` (the Overview's upcoming list, the local timer): one Query. */
  async upcoming(n: number, now = new Date()): Promise<Schedule[]> {
    const at = now.toISOString();
    const { data } = await db().blogSchedule.query.bySoonest({}).gt({ publish_at: at }).go({ limit: n });
    return data.filter((s) => s.publish_at > at).map(({ post_id, publish_at }) => ({ post_id, publish_at }));
  },
  /**
   * Gives schedules stored before the bySoonest index its keys (the recount, once per table): they
   * are found year by year, through every year a schedule can be due in.
   */
  async backfillIndex(now = new Date()): Promise<number> {
    const last = now.getUTCFullYear() + PUBLISH_AT_MAX_YEARS;
    let given = 0;
    for (let y = config.recordsSince; y <= last; y++) {
      const { data } = await db()
        .blogSchedule.query.byDue({ due_bucket: String(y) })
        .where(() => "attribute_not_exists(gsi1pk)")
        .go({ pages: "all" });
      given += await giveIndexKeys(db().blogSchedule, data, ["gsi1pk", "gsi1sk"]);
    }
    return given;
  },
};

/** Listens to every change of a post's schedule (until the returned function is called). */
export function onScheduleChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener, and waits for them; a listener's failure is logged, never the write's. */
export async function scheduleChanged(change: ScheduleChange): Promise<void> {
  if (change.publish_at === change.previous) return;
  await Promise.all(
    [...listeners].map(async (listener) => {
      try {
        await listener(change);
      } catch (err) {
        console.error(JSON.stringify({ level: "error", message: "schedule listener failed", ...change, error: (err as Error)?.message }));
      }
    }),
  );
}
