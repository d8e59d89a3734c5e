import { deriveImage } from "./derive";

interface S3Event {
  Records: { s3?: { object?: { key?: string } } }[];
}

/** `originals/{id}.{ext}` (URL-encoded in the event, as S3 sends keys). */
const ORIGINAL = /^originals\/([0-9a-f-]+)\.[a-z]+$/;

/**
 * The media bucket's ObjectCreated events under `originals/` (infra/media.ts): each is a completed
 * upload whose sizes are due. Derivation is idempotent (an image already ready is skipped), so an
 * event delivered twice does nothing more; an error throws, Lambda retries the event twice, and
 * then it goes to the dead-letter queue, whose alarm tells the team.
 */
export async function handler(event: S3Event) {
  for (const record of event.Records) {
    const key = decodeURIComponent((record.s3?.object?.key ?? "").replace(/\+/g, " "));
    const id = ORIGINAL.exec(key)?.[1];
    if (id) await deriveImage(id);
  }
}
