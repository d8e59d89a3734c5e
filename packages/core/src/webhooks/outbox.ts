// In AWS a new delivery reaches the webhook function through the table's stream, and its retries
// through the webhook queue (packages/functions/src/webhooks). The local engine has no streams and
// no queue: the local runtime registers a listener here and runs the same deliverWebhook on timers.
let listener: ((id: string, delayMs: number) => void) | undefined;

/** The local runtime's stand-in for the stream and the queue (undefined to stop). */
export function onWebhookDeliveryDue(fn: typeof listener) {
  listener = fn;
}

/** A delivery is due in `delayMs`. Never waits, never throws. */
export function webhookDeliveryDue(id: string, delayMs = 0) {
  listener?.(id, delayMs);
}
