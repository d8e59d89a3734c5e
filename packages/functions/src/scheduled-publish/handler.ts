import { publishDue, publishScheduled } from "../publish";
import type { ScheduledPublishEvent } from "../admin-blog/scheduler";

/**
 * Scheduled publishing's function (infra/schedule.ts). Two callers:
 * - a post's one-time EventBridge Scheduler schedule, with `{post_id, publish_at}`: publishes that
 *   post if it is still scheduled for that time (a moved or cancelled schedule that fires anyway
 *   does nothing);
 * - the catch-up rule every few minutes (an EventBridge event, no post): publishes every post due
 *   and not yet live.
 * The same code as the local runtime's timer (../publish.ts). A failure throws, so the Scheduler
 * retries it and finally sends it to the dead-letter queue, and the function's error alarm sees it.
 */
export async function handler(event: Partial<ScheduledPublishEvent> & Record<string, unknown>) {
  if (typeof event.post_id === "string" && typeof event.publish_at === "string") {
    const post = await publishScheduled({ post_id: event.post_id, publish_at: event.publish_at });
    console.info(JSON.stringify({ level: "info", message: post ? "published on schedule" : "nothing to publish", post_id: event.post_id, publish_at: event.publish_at }));
    return { published: post ? [post.id] : [] };
  }
  const published = await publishDue();
  console.info(JSON.stringify({ level: "info", message: "catch-up sweep", published: published.map((p) => p.id) }));
  return { published: published.map((p) => p.id) };
}
