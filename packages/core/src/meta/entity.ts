import { Entity } from "../db/entity";

/**
 * Facts about the table itself (e.g. which seed version it holds).
 *
 * Access patterns:
 *   byKey  Get/Put  one fact   pk: key
 */
export const MetaEntity = new Entity({
  model: { entity: "meta", version: "1", service: "agency" },
  attributes: {
    key: { type: "string", required: true, readOnly: true },
    value: { type: "string", required: true },
    updated_at: { type: "string", required: true, default: () => new Date().toISOString(), watch: "*", set: () => new Date().toISOString() },
  },
  indexes: {
    byKey: { pk: { field: "pk", composite: ["key"] }, sk: { field: "sk", composite: [] } },
  },
});
