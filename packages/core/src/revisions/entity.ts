import { Entity } from "../db/entity";
import { actorAttribute } from "../audit/entity";
import { revisionEntities } from "../contract/revisions";

/**
 * Revisions (contract/revisions.ts). Each item with revisions has its own partition, keyed by the
 * item (entity and id), apart from every list's partitions: writing or reading history never touches
 * a list screen's reads. The partition holds three kinds of item:
 *
 *   RevisionEntity          one small item per revision (who, when, version, changed fields),
 *                           sorted by its number, so the History list reads no snapshot
 *   RevisionSnapshotEntity  the item whole as that save stored it, one per revision
 *   RevisionHeadEntity      the item's last revision number and a hash of each field as it then
 *                           was, for the next revision's changed fields (one small read-and-write)
 *
 * A revision's `seq` is its number zero-padded, so the sort key orders numerically. When revision n
 * is written, revision n - REVISIONS_KEPT and its snapshot get `ttl` (now): DynamoDB's TTL deletes
 * them, and no read returns a revision with a `ttl` (lists read only the newest REVISIONS_KEPT
 * numbers, a get refuses an expired one).
 *
 * Access patterns:
 *   byItem  Query  an item's revisions, newest first      pk: entity, item_id / sk: seq
 *   byItem  Get    one revision or snapshot by number      pk: entity, item_id / sk: seq
 *   head    Get    the item's head                          pk: entity, item_id / sk: constant
 */
const itemKey = {
  entity: { type: revisionEntities, required: true, readOnly: true },
  item_id: { type: "string", required: true, readOnly: true },
} as const;

export const RevisionEntity = new Entity({
  model: { entity: "revision", version: "1", service: "agency" },
  attributes: {
    ...itemKey,
    seq: { type: "string", required: true, readOnly: true },
    at: { type: "string", required: true, readOnly: true },
    actor: actorAttribute,
    action: { type: ["create", "update", "publish", "unpublish", "restore"] as const, required: true, readOnly: true },
    version: { type: "number", required: true, readOnly: true },
    changed_fields: { type: "list", items: { type: "string" }, required: true, readOnly: true },
    ttl: { type: "number" },
  },
  indexes: {
    byItem: { pk: { field: "pk", composite: ["entity", "item_id"] }, sk: { field: "sk", composite: ["seq"] } },
  },
});

export const RevisionSnapshotEntity = new Entity({
  model: { entity: "revisionSnapshot", version: "1", service: "agency" },
  attributes: {
    ...itemKey,
    seq: { type: "string", required: true, readOnly: true },
    snapshot: { type: "any", required: true, readOnly: true },
    ttl: { type: "number" },
  },
  indexes: {
    byItem: { pk: { field: "pk", composite: ["entity", "item_id"] }, sk: { field: "sk", composite: ["seq"] } },
  },
});

export const RevisionHeadEntity = new Entity({
  model: { entity: "revisionHead", version: "1", service: "agency" },
  attributes: {
    ...itemKey,
    /** The number of the item's newest revision. */
    last: { type: "number", required: true },
    /** Field name -> a short hash of its value in the newest revision. */
    hashes: { type: "any", required: true },
  },
  indexes: {
    head: { pk: { field: "pk", composite: ["entity", "item_id"] }, sk: { field: "sk", composite: [] } },
  },
});
