import { Entity } from "../db/entity";
import { webhookDeliveryStatuses } from "../contract/webhooks";

/**
 * Webhook endpoints (issue 32): a URL, the events it wants, and the secret its deliveries are signed
 * with (shown once, at creation; kept so each delivery can be signed). At most
 * WEBHOOK_ENDPOINTS_MAX of them, so they may share one partition.
 *
 * Access patterns:
 *   byId  Get    one endpoint                         pk: id
 *   all   Query  every endpoint, oldest first         gsi1: constant partition / created_at
 */
export const WebhookEndpointEntity = new Entity({
  model: { entity: "webhookEndpoint", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    url: { type: "string", required: true },
    events: { type: "list", items: { type: "string" }, required: true },
    secret: { type: "string", required: true, readOnly: true },
    created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
    updated_at: { type: "string", required: true, default: () => new Date().toISOString(), watch: "*", set: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    all: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["created_at", "id"] } },
  },
});

/**
 * One event sent to one endpoint: the body exactly as first built (every attempt sends the same
 * bytes, signed anew), and where its sending stands. Written `pending`; in AWS the table's stream
 * hands each new one to the webhook function, locally the runtime's timers (webhooks/outbox.ts).
 * A sender claims it (`sending`, conditional) before each attempt, so it is sent once however often
 * it is triggered. Kept DELIVERY_RETENTION_DAYS (`ttl`).
 *
 * Access patterns:
 *   byId        Get    one delivery                                   pk: id
 *   byEndpoint  Query  an endpoint's deliveries of a year, newest first   gsi1: endpoint_id + year / created_at
 */
export const WebhookDeliveryEntity = new Entity({
  model: { entity: "webhookDelivery", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    endpoint_id: { type: "string", required: true, readOnly: true },
    event: { type: "string", required: true, readOnly: true },
    body: { type: "string", required: true, readOnly: true },
    status: { type: webhookDeliveryStatuses, required: true, default: "pending" },
    attempts: { type: "number", required: true, default: 0 },
    created_at: { type: "string", required: true, readOnly: true },
    bucket: { type: "string", required: true, readOnly: true },
    next_attempt_at: { type: "string" },
    claimed_at: { type: "string" },
    last_attempt_at: { type: "string" },
    response_status: { type: "number" },
    error: { type: "string" },
    ttl: { type: "number", required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byEndpoint: { index: "gsi1", pk: { field: "gsi1pk", composite: ["endpoint_id", "bucket"] }, sk: { field: "gsi1sk", composite: ["created_at", "id"] } },
  },
});
