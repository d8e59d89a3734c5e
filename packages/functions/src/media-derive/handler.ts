import { deriveImage } from "./derive";

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
export async function handler(event: ObjectCreatedEvent) {
  const id = originalId(event.detail?.object?.key);
  if (id) await deriveImage(id);
}
