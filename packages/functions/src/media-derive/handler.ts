import { deriveImage, deriveMissing } from "./derive";

/** S3's "Object Created" event as EventBridge delivers it (the key is not URL-encoded there). */
export interface ObjectCreatedEvent {
  "detail-type"?: string;
  detail?: { object?: { key?: string } };
}

/** `originals/{id}.{ext}`: the id of the image whose original arrived, or undefined. */
export const originalId = (key: string | undefined) => /^originals\/([0-9a-f-]+)\.[a-z]+$/.exec(key ?? "")?.[1];

/**
 * An original's arrival in the media bucket (infra/media.ts, mediaDerivation): a completed upload
 * whose sizes are due. Derivation is idempotent (an image already ready is skipped), so an event
 * delivered twice does nothing more; an error throws, EventBridge retries the event, and then it goes
 * to the dead-letter queue, whose alarm tells the team.
 */
export async function handler(event: ObjectCreatedEvent, context?: { getRemainingTimeInMillis?: () => number }) {
  if (event.detail) {
    const id = originalId(event.detail.object?.key);
    if (id) await deriveImage(id);
    return;
  }
  // The deploy's script (infra/api.ts, MediaDeriveScript): the images that have no sizes yet (stored
  // before derivation existed, or whose event was lost), as many as fit in this invocation; the next
  // deploy, or `npm run admin -- media-derive`, does the rest.
  const budgetMs = Math.max(0, (context?.getRemainingTimeInMillis?.() ?? 60_000) - DEPLOY_MARGIN_MS);
  const report = await deriveMissing({ budgetMs });
  console.log(JSON.stringify({ level: report.failed.length || report.left ? "warn" : "info", message: "deploy: image sizes made", ...report }));
}

/** Room kept, when the deploy runs it, for the image in hand after the budget runs out (one 5 MB JPEG: ~10 s). */
const DEPLOY_MARGIN_MS = 20_000;
