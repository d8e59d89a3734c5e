import { dueLater } from "../later";

// In AWS a new delivery reaches the webhook function through the table's stream, and its retries
// through the webhook queue (packages/functions/src/webhooks). Locally: timers (packages/local).
const deliveries = dueLater<string>();

/** The local runtime's stand-in for the stream and the queue (undefined to stop). */
export const onWebhookDeliveryDue = deliveries.on;

/** A delivery is due in `delayMs`. Never waits, never throws. */
export const webhookDeliveryDue = deliveries.due;
