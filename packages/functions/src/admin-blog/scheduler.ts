import type { SchedulerClient } from "@aws-sdk/client-scheduler";
import type { ScheduleChange } from "@agency/core/blog/schedules";
import { config } from "@agency/core/config";

/**
 * Scheduled publishing in AWS: one EventBridge Scheduler one-time schedule per scheduled post, kept
 * in step with the post's publish_at (created, moved, deleted with it) and invoking the
 * scheduled-publish function at that time. The schedule deletes itself once it has run; a failed
 * invocation is retried, then lands in the dead-letter queue, whose alarm says so (infra/schedule.ts).
 * The catch-up sweep publishes whatever a schedule missed, so a failure here is logged and the save
 * it followed still stands.
 *
 * The Scheduler client is loaded on the first schedule, not at start: a cold admin-blog function
 * that only lists or saves drafts never loads it. Without config.scheduler (locally) nothing is done
 * here: the local runtime's timer listens to the same changes.
 */

/** What the scheduled-publish function receives. */
export interface ScheduledPublishEvent {
  post_id: string;
  publish_at: string;
}

/** How often and how long the Scheduler retries an invocation before the dead-letter queue. */
export const SCHEDULE_RETRY = { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 };

/** A schedule's name: unique per post within the group (letters, digits, `-`, `_`, `.`; at most 64). */
export const scheduleName = (postId: string) => `post-${postId.replace(/[^0-9A-Za-z_.-]/g, "_")}`.slice(0, 64);

/** EventBridge Scheduler's one-time expression, in UTC: `at(yyyy-mm-ddThh:mm:ss)`. */
export const atExpression = (publishAt: string) => `at(${new Date(publishAt).toISOString().slice(0, 19)})`;

let client: SchedulerClient | undefined;

export async function syncAwsSchedule({ post_id, publish_at, previous }: ScheduleChange): Promise<void> {
  const settings = config.scheduler;
  if (!settings) return;
  const sdk = await import("@aws-sdk/client-scheduler");
  client ??= new sdk.SchedulerClient({ maxAttempts: 3 });
  const Name = scheduleName(post_id);
  const exists = (err: unknown) => err instanceof sdk.ConflictException;
  const missing = (err: unknown) => err instanceof sdk.ResourceNotFoundException;
  if (!publish_at) {
    await client.send(new sdk.DeleteScheduleCommand({ Name, GroupName: settings.group })).catch((err: unknown) => {
      if (!missing(err)) throw err; // already run (and deleted) or never made
    });
    return;
  }
  const schedule = {
    Name,
    GroupName: settings.group,
    Description: `Publishes blog post ${post_id} at ${publish_at}`,
    ScheduleExpression: atExpression(publish_at),
    ScheduleExpressionTimezone: "UTC",
    FlexibleTimeWindow: { Mode: sdk.FlexibleTimeWindowMode.OFF },
    ActionAfterCompletion: sdk.ActionAfterCompletion.DELETE,
    Target: {
      Arn: settings.targetArn,
      RoleArn: settings.roleArn,
      Input: JSON.stringify({ post_id, publish_at } satisfies ScheduledPublishEvent),
      RetryPolicy: SCHEDULE_RETRY,
      DeadLetterConfig: { Arn: settings.deadLetterArn },
    },
  };
  const create = () => client!.send(new sdk.CreateScheduleCommand(schedule));
  const update = () => client!.send(new sdk.UpdateScheduleCommand(schedule));
  // A schedule that has run deleted itself; a moved one still exists: try the likelier first.
  if (previous) await update().catch((err: unknown) => (missing(err) ? create() : Promise.reject(err)));
  else await create().catch((err: unknown) => (exists(err) ? update() : Promise.reject(err)));
}
