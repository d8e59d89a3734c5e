import { Entity } from "../db/entity";

/**
 * Counters kept on write: the figures of the Overview and of the Messages, Registrations and Users
 * screens, so no request counts records. A counter is moved with an atomic ADD by the same request
 * that creates, deletes or changes a record, and only when the record really changed;
 * `npm run admin -- recount` rebuilds them all from the records.
 *
 * Access patterns:
 *   byName  Update (atomic ADD)  one counter                               pk: group / sk: name
 *           BatchGet             the counters a screen shows, in one call
 *           Query                every counter of a group (the message counts per form_type)
 */
export const CounterEntity = new Entity({
  model: { entity: "counter", version: "1", service: "agency" },
  attributes: {
    group: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true, readOnly: true },
    count: { type: "number", required: true, default: 0 },
  },
  indexes: {
    byName: { pk: { field: "pk", composite: ["group"] }, sk: { field: "sk", composite: ["name"] } },
  },
});
