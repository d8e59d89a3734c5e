import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { deliverWebhook, sweepWebhookDeliveries } from "@agency/core/webhooks/webhooks";
import { queueLater } from "../later";

interface StreamRecord {
  dynamodb?: { NewImage?: Record<string, AttributeValue> };
}
interface QueueRecord {
  body: string;
}
type Event = { Records: (StreamRecord | QueueRecord)[] };
/** The sweep rule's invocation (infra/api.ts): EventBridge's scheduled event, no records. */
type ScheduledEvent = { source: "aws.events"; "detail-type"?: string };

/** A retry: a message on the webhook queue, delayed (at most 15 minutes; a longer wait is sent on again). */
const later = (id: string, delayMs: number) => queueLater("WEBHOOK_QUEUE_URL", { id }, delayMs);

/** The delivery ids of a batch: new deliveries from the table's stream, retries from the webhook queue. */
export function deliveryIds(event: Event): string[] {
  const ids: string[] = [];
  for (const record of event.Records) {
    if ("body" in record) {
      const id = (JSON.parse(record.body) as { id?: unknown }).id;
      if (typeof id === "string") ids.push(id);
      continue;
    }
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    const item = unmarshall(image) as { __edb_e__?: string; id?: string; status?: string };
    if (item.__edb_e__ === "webhookDelivery" && item.id && item.status === "pending") ids.push(item.id);
  }
  return ids;
}

/**
 * The webhook function (infra/api.ts): each delivery of the batch attempted at once (an attempt
 * waits at most 10 s), each claimed first, so a record or message received twice is sent once. A
 * failed attempt is recorded on the delivery and its retry queued; anything else throws, and the
 * stream or queue retries the batch (then keeps it in the dead-letter queue). The sweep rule's
 * invocation queues the deliveries a lost trigger left waiting or sending (sweepWebhookDeliveries).
 */
export async function handler(event: Event | ScheduledEvent) {
  if (!("Records" in event)) {
    const swept = await sweepWebhookDeliveries({ later });
    if (swept.length) console.warn(`Webhook sweep: ${swept.length} stranded deliveries queued again`);
    return;
  }
  await Promise.all(deliveryIds(event).map((id) => deliverWebhook(id, { later })));
}
