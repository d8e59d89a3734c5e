import { db } from "../db/service";

/** Public form submissions (contact, course registration): per source address and endpoint. */
export const PUBLIC_WRITE_LIMIT = { count: 5, windowSeconds: 600 };
import { TooManyRequestsError } from "../errors";

/**
 * Fixed-window limiter kept in DynamoDB: one atomic ADD per request on the item of the current
 * window. Throws 429 with Retry-After once `limit` requests were counted in the window.
 */
export async function rateLimit(scope: string, client: string, limit: number, windowSeconds: number, now = Date.now()) {
  const { key, nowSec, windowEnd } = windowOf(scope, client, windowSeconds, now);
  const { data } = await db()
    .rateLimit.upsert({ key, ttl: windowEnd + 60 })
    .add({ count: 1 })
    .go({ response: "all_new" });
  if ((data.count ?? 0) > limit) throw new TooManyRequestsError(Math.max(1, windowEnd - nowSec));
}

/**
 * Forgets what the current window counted for `scope` and `client`: a limit on failures counts each
 * attempt up front (atomic, so concurrent attempts cannot slip past it) and resets on success.
 */
export async function resetRateLimit(scope: string, client: string, windowSeconds: number, now = Date.now()) {
  await db()
    .rateLimit.delete({ key: windowOf(scope, client, windowSeconds, now).key })
    .go();
}

function windowOf(scope: string, client: string, windowSeconds: number, now: number) {
  const nowSec = Math.floor(now / 1000);
  const windowStart = nowSec - (nowSec % windowSeconds);
  return { key: `${scope}#${client}#${windowStart}`, nowSec, windowEnd: windowStart + windowSeconds };
}
