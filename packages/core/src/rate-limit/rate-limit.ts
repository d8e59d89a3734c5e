import { db } from "../db/service";

/** Public form submissions (contact, course registration): per source address and endpoint. */
export const PUBLIC_WRITE_LIMIT = { count: 5, windowSeconds: 600 };
import { TooManyRequestsError } from "../errors";

/**
 * Fixed-window limiter kept in DynamoDB: one atomic ADD per request on the item of the current
 * window. Throws 429 with Retry-After once `limit` requests were counted in the window.
 */
export async function rateLimit(scope: string, client: string, limit: number, windowSeconds: number, now = Date.now()) {
  const nowSec = Math.floor(now / 1000);
  const windowStart = nowSec - (nowSec % windowSeconds);
  const windowEnd = windowStart + windowSeconds;
  const { data } = await db()
    .rateLimit.upsert({ key: `${scope}#${client}#${windowStart}`, ttl: windowEnd + 60 })
    .add({ count: 1 })
    .go({ response: "all_new" });
  if ((data.count ?? 0) > limit) throw new TooManyRequestsError(Math.max(1, windowEnd - nowSec));
}
