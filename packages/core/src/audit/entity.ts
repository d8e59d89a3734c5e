import { Entity } from "../db/entity";
import { auditActions, auditEntities, actorTypes } from "../contract/audit";

/**
 * The audit log: one append-only entry per admin action (contract/audit.ts). Entries are created
 * with a condition and never updated or deleted by any route; DynamoDB's TTL removes them after
 * AUDIT_RETENTION_DAYS (`ttl`), and no list reads a day older than that.
 *
 * Access patterns:
 *   byDay    Query  the entries of one UTC day, newest first    pk: day (YYYY-MM-DD) / sk: at, id
 *            (a range of days is one Query per day; a day's partition holds that day's entries only)
 *   byActor  Query  one actor's entries, newest first, optionally  gsi1: actor_key / at, id
 *            between two times (a sparse index: entries with no actor, failed sign-ins, have no gsi1 keys)
 *
 * Filters by entity and action are FilterExpressions on either query. Which days have entries at all
 * is AuditDayEntity's: a list reads only those days, not every day of the year.
 */
/** Who did it (contract/audit.ts's AuditActor), as the audit log and revisions store it. */
export const actorAttribute = {
  type: "map",
  required: true,
  readOnly: true,
  properties: {
    type: { type: actorTypes, required: true },
    id: { type: "string", required: true },
    name: { type: "string", required: true },
  },
} as const;

export const AuditEntryEntity = new Entity({
  model: { entity: "auditEntry", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    at: { type: "string", required: true, readOnly: true },
    day: { type: "string", required: true, readOnly: true, hidden: true },
    actor: actorAttribute,
    /** The actor's id again, as the byActor index's key; absent for entries without an actor. */
    actor_key: { type: "string", readOnly: true, hidden: true },
    action: { type: auditActions, required: true, readOnly: true },
    entity: { type: auditEntities, required: true, readOnly: true },
    entity_id: { type: "string", required: true, readOnly: true },
    entity_label: { type: "string", required: true, readOnly: true },
    changed_fields: { type: "list", items: { type: "string" }, required: true, readOnly: true },
    ip: { type: "string", required: true, readOnly: true },
    user_agent: { type: "string", required: true, readOnly: true },
    ttl: { type: "number", required: true, readOnly: true, hidden: true },
  },
  indexes: {
    byDay: { pk: { field: "pk", composite: ["day"] }, sk: { field: "sk", composite: ["at", "id"] } },
    byActor: {
      index: "gsi1",
      pk: { field: "gsi1pk", composite: ["actor_key"] },
      sk: { field: "gsi1sk", composite: ["at", "id"] },
      condition: (item) => Boolean(item.actor_key),
    },
  },
});

/**
 * The days that have audit entries: one small item per UTC day, in one partition (at most a year of
 * them, 365 items: they expire with the day's entries), so listing a range first learns which days
 * to query instead of querying every empty one.
 *
 * Access patterns:
 *   days  Query  the days with entries between two days, newest first   pk: constant / sk: day
 */
export const AuditDayEntity = new Entity({
  model: { entity: "auditDay", version: "1", service: "agency" },
  attributes: {
    day: { type: "string", required: true, readOnly: true },
    ttl: { type: "number", required: true },
  },
  indexes: {
    days: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: ["day"] } },
  },
});
