import { randomBytes, randomUUID } from "node:crypto";
import { createConversions, type EntityItem } from "electrodb";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type AdminWebhook,
  type AdminWebhookDelivery,
  type CreatedWebhook,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookInput,
} from "../contract/webhooks";
import { config } from "../config";
import { allBuckets, bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { pageAcrossPartitions, type Page } from "../db/paging";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import { retryDelaysFromEnv } from "../retry-delays";
import type { WebhookDeliveryEntity, WebhookEndpointEntity } from "./entity";
import { webhookDeliveryDue } from "./outbox";
import { refusedUrl, sendDelivery } from "./send";

type Endpoint = EntityItem<typeof WebhookEndpointEntity>;
type Delivery = EntityItem<typeof WebhookDeliveryEntity>;

/**
 * Waits after each failed attempt: the first retry within 60 s, then backing off, the last attempt
 * about 23.7 hours after the first; after it the delivery is given up (`failed`). WEBHOOK_RETRY_MS
 * ("100,200") replaces the list for tests and local trials.
 */
export const DEFAULT_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000];
const retryDelays = () => retryDelaysFromEnv("WEBHOOK_RETRY_MS") ?? DEFAULT_RETRY_DELAYS_MS;
/** A claim older than this is a crashed sender's (an attempt takes at most 10 s): another may take over. */
export const CLAIM_LEASE_MS = 60_000;
/** How long the deliveries log keeps a delivery (DynamoDB's TTL removes it after). */
export const DELIVERY_RETENTION_DAYS = 30;

const endpoints = () => db().webhookEndpoint;
const deliveries = () => db().webhookDelivery;

const adminWebhook = (e: Endpoint): AdminWebhook => ({
  id: e.id,
  url: e.url,
  events: e.events as WebhookEvent[],
  created_at: e.created_at,
  updated_at: e.updated_at,
});

const adminDelivery = (d: Delivery): AdminWebhookDelivery => ({
  id: d.id,
  event: d.event as WebhookDeliveryEvent,
  status: d.status,
  attempts: d.attempts,
  created_at: d.created_at,
  last_attempt_at: d.last_attempt_at ?? null,
  response_status: d.response_status ?? null,
  error: d.error ?? null,
  next_attempt_at: d.status === "pending" ? (d.next_attempt_at ?? null) : null,
});

/** 400 naming `url` for an address no delivery may go to (https only when deployed; no literal private address). */
function checkUrl(url: string) {
  const refused = refusedUrl(url);
  if (refused) throw new HttpError(400, "Validation failed", { fields: { url: refused } });
}

async function getEndpoint(id: string): Promise<Endpoint> {
  const { data } = await endpoints().get({ id }).go();
  if (!data) throw new NotFoundError("Webhook not found");
  return data as Endpoint;
}

async function listEndpoints(): Promise<Endpoint[]> {
  const { data } = await endpoints().query.all({}).go({ pages: "all" });
  return data as Endpoint[];
}

/** Stores one delivery of `event` to an endpoint and says it is due. */
async function createDelivery(endpointId: string, event: WebhookDeliveryEvent, data: unknown): Promise<Delivery> {
  const id = randomUUID();
  const created_at = new Date().toISOString();
  const body = JSON.stringify({ id, event, created_at, data });
  const { data: stored } = await deliveries()
    .create({
      id,
      endpoint_id: endpointId,
      event,
      body,
      status: "pending",
      attempts: 0,
      created_at,
      bucket: bucketOf(created_at),
      next_attempt_at: created_at,
      ttl: Math.floor(Date.parse(created_at) / 1000) + DELIVERY_RETENTION_DAYS * 86_400,
    })
    .go();
  webhookDeliveryDue(id);
  return stored as Delivery;
}

export const Webhooks = {
  list: async (): Promise<AdminWebhook[]> => (await listEndpoints()).map(adminWebhook),

  /** A new endpoint and its secret, which this answer alone shows. */
  async create(input: { url: string; events: WebhookEvent[] }): Promise<CreatedWebhook> {
    checkUrl(input.url);
    if ((await listEndpoints()).length >= WEBHOOK_ENDPOINTS_MAX) throw new ConflictError(`A site has at most ${WEBHOOK_ENDPOINTS_MAX} webhooks`);
    const secret = `whsec_${randomBytes(24).toString("base64url")}`;
    const { data } = await endpoints()
      .create({ id: randomUUID(), url: input.url, events: [...new Set(input.events)], secret })
      .go();
    return { ...adminWebhook(data as Endpoint), secret };
  },

  async update(id: string, input: Required<WebhookInput>): Promise<AdminWebhook> {
    checkUrl(input.url);
    try {
      const { data } = await endpoints()
        .patch({ id })
        .set({ url: input.url, events: [...new Set(input.events)] })
        .go({ response: "all_new" });
      return adminWebhook(data as Endpoint);
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("Webhook not found");
      throw err;
    }
  },

  /** Deletes an endpoint (its deliveries log stays until it expires; nothing more is sent to it). */
  async remove(id: string): Promise<AdminWebhook> {
    try {
      const { data } = await endpoints().remove({ id }).go({ response: "all_old" });
      if (data) return adminWebhook(data as Endpoint);
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
    throw new NotFoundError("Webhook not found");
  },

  /** An endpoint's deliveries, newest first, paged like the other admin lists. */
  async deliveries(endpointId: string, query: { limit: number; cursor?: string | undefined }): Promise<Page<AdminWebhookDelivery>> {
    await getEndpoint(endpointId);
    const conv = (
      createConversions(deliveries() as never).byAccessPattern as unknown as Record<
        string,
        { fromComposite: { toCursor(c: object): string }; fromCursor: { toComposite(c: string): Record<string, string> } }
      >
    ).byEndpoint!;
    const page = await pageAcrossPartitions<Delivery>({
      buckets: allBuckets(),
      list: `webhook-deliveries:${endpointId}`,
      filters: {},
      limit: query.limit,
      cursor: query.cursor,
      order: "desc",
      filtered: false,
      keyOf: (d) => [d.created_at, d.id],
      bucketOf: ([time]) => bucketOf(time),
      toCursor: (bucket, [created_at, id]) => conv.fromComposite.toCursor({ endpoint_id: endpointId, bucket, created_at, id }),
      fromCursor: (c) => {
        const k = conv.fromCursor.toComposite(c);
        return [k.created_at ?? "", k.id ?? ""];
      },
      query: (bucket, p) => deliveries().query.byEndpoint({ endpoint_id: endpointId, bucket }).go(p) as never,
    });
    return { ...page, items: page.items.map(adminDelivery) };
  },

  /** "Send test event": a delivery of `webhook.test` to this endpoint, whatever its events. */
  async test(id: string): Promise<AdminWebhookDelivery> {
    const endpoint = await getEndpoint(id);
    return adminDelivery(
      await createDelivery(endpoint.id, WEBHOOK_TEST_EVENT, { message: "A test event from Arcline. Your endpoint receives signed deliveries.", webhook_id: endpoint.id }),
    );
  },

  getDelivery: async (id: string): Promise<AdminWebhookDelivery | undefined> => {
    const { data } = await deliveries().get({ id }).go();
    return data ? adminDelivery(data as Delivery) : undefined;
  },
};

/**
 * Something happened that endpoints may want: a delivery is stored for each endpoint that listens
 * for `event`, and each is sent in the background (the stream in AWS, timers locally). Never throws
 * and never waits for a receiver: a webhook's trouble never breaks the request that caused it.
 */
export async function emitWebhookEvent(event: WebhookEvent, data: unknown): Promise<void> {
  try {
    const listening = (await listEndpoints()).filter((e) => e.events.includes(event));
    await Promise.all(listening.map((e) => createDelivery(e.id, event, data)));
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: `webhook event ${event} could not be stored`, error: (err as Error)?.message }));
  }
}

export interface DeliverOptions {
  /** How a retry is scheduled: the queue in AWS, the runtime's timers locally (the default). */
  later?: (id: string, delayMs: number) => Promise<void> | void;
  now?: () => Date;
}

/**
 * One attempt of a due delivery, exactly once: the delivery is claimed by a conditional write first,
 * so a second trigger (a stream record delivered twice, a queue message received twice, a restart)
 * finds it sending or done and does nothing. A delivery not yet due is handed back to `later`. A 2xx
 * within 10 s is `delivered`; anything else waits for the next retry, or after the last one is
 * `failed` (given up). Answers the delivery's status after this call.
 */
export async function deliverWebhook(id: string, options: DeliverOptions = {}): Promise<WebhookDeliveryStatus | undefined> {
  const later = options.later ?? webhookDeliveryDue;
  const now = options.now?.() ?? new Date();
  const nowIso = now.toISOString();
  const d = (await deliveries().get({ id }).go()).data as Delivery | null;
  if (!d) return undefined;
  if (d.status !== "pending" && d.status !== "sending") return d.status;
  if (d.status === "pending" && d.next_attempt_at && d.next_attempt_at > nowIso) {
    await later(id, Date.parse(d.next_attempt_at) - now.getTime());
    return "pending";
  }
  const stale = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  try {
    await deliveries()
      .patch({ id })
      .set({ status: "sending", claimed_at: nowIso })
      .where((a, { eq, lt, lte }) =>
        d.status === "pending" ? `${eq(a.status, "pending")} AND ${lte(a.next_attempt_at, nowIso)}` : `${eq(a.status, "sending")} AND ${lt(a.claimed_at, stale)}`,
      )
      .go({ response: "none" });
  } catch (err) {
    if (isConditionalFailure(err)) return d.status;
    throw err;
  }

  const attempts = d.attempts + 1;
  const endpoint = (await endpoints().get({ id: d.endpoint_id }).go()).data as Endpoint | null;
  const result = endpoint ? await sendDelivery(endpoint.url, d.body, endpoint.secret) : { ok: false, status: undefined, error: "The webhook was deleted" };
  const attempted = { attempts, last_attempt_at: new Date().toISOString(), ...(result.status ? { response_status: result.status } : {}) };
  const delay = endpoint ? retryDelays()[attempts - 1] : undefined;
  const status: WebhookDeliveryStatus = result.ok ? "delivered" : delay === undefined ? "failed" : "pending";
  if (!result.ok) console.warn(`Webhook delivery ${id} (${d.event}), attempt ${attempts}, failed: ${result.error}`);
  const set = {
    ...attempted,
    status,
    ...(status === "pending" ? { next_attempt_at: new Date(Date.now() + delay!).toISOString() } : {}),
  };
  const patch = deliveries().patch({ id }).set(set);
  try {
    await (result.ok ? patch.remove(["error"]) : patch.set({ error: (result.error ?? "Failed").slice(0, 500) }))
      .where((a, { eq }) => `${eq(a.status, "sending")} AND ${eq(a.claimed_at, nowIso)}`)
      .go({ response: "none" });
  } catch (err) {
    // Taken over by another sender after our lease ran out: its outcome stands.
    if (isConditionalFailure(err)) return undefined;
    throw err;
  }
  if (status === "pending") await later(id, delay!);
  return status;
}

/**
 * How overdue a delivery must be before the AWS sweep takes it as stranded: a delivery whose queue
 * message or stream record is on its way is attempted within seconds of its time, so one this late
 * lost its trigger (a Lambda that timed out after claiming it, a failed SendMessage).
 */
export const SWEEP_GRACE_MS = 5 * 60_000;

/**
 * Picks up deliveries left `pending` or `sending` by a trigger that was lost: a restart of the local
 * runtime (its timers die with it) or, in AWS, a function that timed out or crashed between claiming
 * a delivery and scheduling its retry. Each is handed to `later` when it is due (a `sending` one
 * when its claim's lease has run out, so deliverWebhook may take it over); deliverWebhook's claim
 * keeps a delivery that also has a live trigger from being sent twice.
 * - `all` (the local runtime at start): every unfinished delivery, since no timer survived.
 * - otherwise (the scheduled sweep in AWS): only those overdue by SWEEP_GRACE_MS or with a lapsed
 *   claim, so a retry waiting in the queue is not given a second trigger every sweep.
 * Reads each endpoint's deliveries of the retention window (a Query per endpoint and year); a
 * deleted endpoint's deliveries are left to expire, as nothing may be sent to it. Answers the ids handed on.
 */
export async function sweepWebhookDeliveries(options: { later?: DeliverOptions["later"]; now?: Date; all?: boolean } = {}): Promise<string[]> {
  const later = options.later ?? webhookDeliveryDue;
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const buckets = allBuckets(now).filter((b) => b >= bucketOf(since));
  const handed: string[] = [];
  for (const endpoint of await listEndpoints()) {
    for (const bucket of buckets) {
      const { data } = await deliveries()
        .query.byEndpoint({ endpoint_id: endpoint.id, bucket })
        .gte({ created_at: since })
        .where((a, { eq }) => `${eq(a.status, "pending")} OR ${eq(a.status, "sending")}`)
        .go({ pages: "all" });
      for (const d of data as Delivery[]) {
        const dueAt = d.status === "sending" ? Date.parse(d.claimed_at ?? d.created_at) + CLAIM_LEASE_MS + 1_000 : Date.parse(d.next_attempt_at ?? d.created_at);
        const delay = dueAt - now.getTime();
        if (!options.all && delay > (d.status === "sending" ? 0 : -SWEEP_GRACE_MS)) continue;
        await later(d.id, Math.max(0, delay));
        handed.push(d.id);
      }
    }
  }
  return handed;
}

/** What a lead's event carries: the lead as the back office shows it, without the mail's bookkeeping. */
export function leadCreated(kind: "message" | "registration", lead: object): Promise<void> {
  const data = Object.fromEntries(Object.entries(lead).filter(([k]) => !k.startsWith("mail_") && k !== "bucket" && k !== "search"));
  return emitWebhookEvent(kind === "message" ? "lead.created" : "registration.created", data);
}

/** `post.published`, when a save made a post public that was not (a create, save, toggle or schedule). */
export function postPublished(
  before: { is_published: boolean } | undefined,
  saved: {
    id: string;
    slug: string;
    title: string;
    excerpt?: string | null;
    category?: string | null;
    author_name?: string | null;
    is_published: boolean;
    published_at?: string | null;
  },
): Promise<void> {
  if (!saved.is_published || before?.is_published) return Promise.resolve();
  const { id, slug, title, excerpt, category, author_name, published_at } = saved;
  return emitWebhookEvent("post.published", { id, slug, title, excerpt, category, author_name, published_at, url: `${config.publicUrl}/blog/${encodeURIComponent(slug)}` });
}
