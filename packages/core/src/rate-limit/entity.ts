import { Entity } from "../db/entity";

/**
 * Fixed-window rate-limit counters.
 *
 * Access patterns:
 *   byWindow  Update (atomic ADD)  the counter of one scope, client and window   pk: key
 * The key carries the window start, so a new window is a new item; `ttl` removes old ones.
 */
export const RateLimitEntity = new Entity({
  model: { entity: "rateLimit", version: "1", service: "agency" },
  attributes: {
    key: { type: "string", required: true, readOnly: true },
    count: { type: "number", required: true, default: 0 },
    ttl: { type: "number", required: true },
  },
  indexes: {
    byWindow: { pk: { field: "pk", composite: ["key"] }, sk: { field: "sk", composite: [] } },
  },
});
