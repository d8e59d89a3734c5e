import { deliverWebhook, sweepWebhookDeliveries } from "@agency/core/webhooks/webhooks";
import { onWebhookDeliveryDue } from "@agency/core/webhooks/outbox";
import { localTimers } from "./later";

/**
 * The local runtime's webhook deliveries: what the table's stream and the webhook queue drive in AWS
 * (packages/functions/src/webhooks), driven here by timers running the same deliverWebhook. Loopback
 * (and plain http) receivers are allowed here, and only here, so tests can receive deliveries on this
 * machine; a deployed stage refuses them (webhooks/send.ts). At start, the deliveries a previous run
 * left waiting or sending are scheduled again (sweepWebhookDeliveries).
 */
export function startLocalWebhooks() {
  process.env.WEBHOOKS_ALLOW_LOOPBACK ??= "1";
  const timers = localTimers(
    (id: string) => deliverWebhook(id),
    (id) => `Webhook delivery ${id}`,
  );
  onWebhookDeliveryDue(timers.schedule);
  // The timers of deliveries that were waiting or being sent when the runtime stopped died with it.
  const swept = sweepWebhookDeliveries({ all: true }).catch((err: unknown) => {
    console.error("Webhook deliveries left from before the start could not be picked up:", err);
    return [];
  });
  return {
    /** The ids of the deliveries picked up again at start, once the sweep has run. */
    swept,
    close() {
      onWebhookDeliveryDue(undefined);
      timers.close();
    },
  };
}
