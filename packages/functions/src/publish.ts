import { randomUUID } from "node:crypto";
import type { AuditActor } from "@agency/core/contract/audit";
import type { BlogPost } from "@agency/core/blog/blog";
import { BlogEditor } from "@agency/core/blog/editor";
import { BlogSchedules, type Schedule } from "@agency/core/blog/schedules";
import { Revisions } from "@agency/core/revisions/revisions";
import { recordAudit } from "./audit";
import { invalidatePost } from "./invalidate";

/**
 * What follows a post's publication, by hand (PUT /api/admin/blog-posts/{id}/publish) or on
 * schedule: one module, so a scheduled post goes live exactly as a published one does (counters
 * in the editor's write, then the CDN invalidation of the list, its page and the feeds, then the
 * audit entry). The scheduled-publish function (AWS) and the local runtime's timer call
 * `publishScheduled` and `publishDue`; the admin-blog handler calls `invalidatePost` after each save.
 */

/** The audit log's actor of a scheduled publication. */
export const schedulerActor: AuditActor = { type: "system", id: "system#scheduler", name: "Scheduler" };

/**
 * Publishes the post of a schedule that came due, once: answers the post when this call published
 * it, undefined when there was nothing to do (not due, moved, cancelled, already published, or
 * published by a racing call). The audit entry is the one a manual Publish gets, by the scheduler.
 */
export async function publishScheduled({ post_id, publish_at }: Schedule, now = new Date()): Promise<BlogPost | undefined> {
  const result = await BlogEditor.publishScheduled(post_id, publish_at, now);
  if (!result) return undefined;
  await invalidatePost(result.saved);
  // A revision, as every publication by hand stores one (the http wrapper's hook, not run here).
  await Revisions.record({
    entity: "blog-posts",
    item_id: post_id,
    actor: schedulerActor,
    action: "publish",
    snapshot: result.saved,
    sent: ["is_published", "published_at"],
  }).catch((err) => console.error(JSON.stringify({ level: "error", message: `revision write failed: scheduled publish of ${post_id}`, error: (err as Error)?.message })));
  await recordAudit(
    { routeKey: "PUT /api/admin/blog-posts/{id}/publish", params: { id: post_id }, headers: {}, ip: "", requestId: randomUUID() },
    "admin",
    { actor: schedulerActor, action: "publish", changed_fields: ["is_published", "published_at"] },
    undefined,
    { status: 200, body: result.saved },
  );
  return result.saved;
}

/**
 * The catch-up sweep: publishes every post whose schedule is due and not yet live (one that came due
 * while nothing ran, or whose timer failed). Each post on its own: one failure does not hold up the
 * others, and is thrown at the end so the caller's retries and alarms see it.
 */
export async function publishDue(now = new Date()): Promise<BlogPost[]> {
  const published: BlogPost[] = [];
  const failures: unknown[] = [];
  for (const schedule of await BlogSchedules.due(now)) {
    try {
      const post = await publishScheduled(schedule, now);
      if (post) published.push(post);
    } catch (err) {
      failures.push(err);
      console.error(JSON.stringify({ level: "error", message: "scheduled publish failed", ...schedule, error: (err as Error)?.message }));
    }
  }
  if (failures.length) throw new AggregateError(failures, `${failures.length} scheduled post(s) could not be published`);
  return published;
}
