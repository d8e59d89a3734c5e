import * as z from "./zod";
import { pageQuery } from "./admin";

/**
 * Webhooks (issue 32): endpoints the owner and admins register in Settings, each a URL and the
 * events it wants. Every delivery is a JSON POST `{id, event, created_at, data}` signed with the
 * endpoint's secret (X-Arcline-Signature, webhooks/signature.ts), retried with backoff for 24 hours.
 */
export const webhookEvents = ["lead.created", "registration.created", "subscriber.confirmed", "post.published"] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** What "Send test event" delivers: any endpoint gets it, whatever its events. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_SIGNATURE_HEADER = "X-Arcline-Signature";
/** How many endpoints a site may have: the fan-out of one event stays small. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

export const URL_MESSAGE = "Enter a full web address, such as https://hooks.example.com/arcline";
export const EVENTS_MESSAGE = "Choose at least one event";
export const UNKNOWN_EVENT_MESSAGE = `Events are ${webhookEvents.join(", ")}`;

const url = z.string({ error: URL_MESSAGE }).check(
  z.trim(),
  z.minLength(1, URL_MESSAGE),
  z.maxLength(2000, "The address is at most 2000 characters"),
  z.refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password && u.hostname !== "";
    } catch {
      return false;
    }
  }, URL_MESSAGE),
);
const events = z
  .array(z.enum(webhookEvents, { error: UNKNOWN_EVENT_MESSAGE }), { error: EVENTS_MESSAGE })
  .check(z.minLength(1, EVENTS_MESSAGE), z.maxLength(webhookEvents.length, UNKNOWN_EVENT_MESSAGE));

/** POST /api/admin/webhooks and PUT /api/admin/webhooks/{id}. */
export const webhookInput = z.lazy(() => z.object({ url, events }));
export type WebhookInput = z.input<typeof webhookInput>;

/** An endpoint as the back office sees it: never its secret, which only the create answers (once). */
export interface AdminWebhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  created_at: string;
  updated_at: string;
}
export type CreatedWebhook = AdminWebhook & { secret: string };

export const webhookDeliveryStatuses = ["pending", "sending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** GET /api/admin/webhooks/{id}/deliveries?limit&cursor: newest first, the next cursor in X-Next-Cursor. */
export const deliveryListQuery = pageQuery;
export interface AdminWebhookDelivery {
  id: string;
  event: WebhookDeliveryEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  created_at: string;
  last_attempt_at: string | null;
  /** The receiver's HTTP status of the last attempt; null when it gave none (timeout, refused, blocked). */
  response_status: number | null;
  /** Why the last attempt failed, when it did. */
  error: string | null;
  next_attempt_at: string | null;
}
