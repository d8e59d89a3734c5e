import { Entity } from "../db/entity";
import { actorAttribute } from "../audit/entity";
import { trashEntities } from "../contract/trash";

/**
 * The Trash (contract/trash.ts): one item per deleted record, holding the record whole, with `ttl`
 * TRASH_DAYS after the delete (DynamoDB's TTL purges it; every read checks `ttl` itself, since TTL
 * deletes lazily and dynalite never).
 *
 * Access patterns:
 *   byId     Get    one trashed item                          pk: id
 *   byMonth  Query  the items deleted in one UTC month,       gsi1: month (YYYY-MM) / deleted_at, id
 *                   newest first (a list reads this month and the one before: nothing older lives)
 *
 * The entity filter is a FilterExpression on the month queries.
 */
export const TrashEntity = new Entity({
  model: { entity: "trashItem", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    entity: { type: trashEntities, required: true, readOnly: true },
    entity_id: { type: "string", required: true, readOnly: true },
    label: { type: "string", required: true, readOnly: true },
    deleted_at: { type: "string", required: true, readOnly: true },
    month: { type: "string", required: true, readOnly: true },
    deleted_by: actorAttribute,
    /** The record as it was stored. */
    record: { type: "any", required: true, readOnly: true },
    ttl: { type: "number", required: true, readOnly: true },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byMonth: { index: "gsi1", pk: { field: "gsi1pk", composite: ["month"] }, sk: { field: "gsi1sk", composite: ["deleted_at", "id"] } },
  },
});
