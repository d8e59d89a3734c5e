import { Entity } from "../db/entity";

/**
 * Counters kept on write: the figures of the Overview and of the Messages, Registrations and Users
 * screens, so no request counts records. Each counter is a number attribute of a counter item, moved
 * with an atomic ADD by the same request that creates, deletes or changes a record, and only when the
 * record really changed; `npm run admin -- recount` rebuilds them all from the records.
 *
 * A record kind's counters share items, so one write moves them with one UpdateItem: the all-time
 * figures (a lead's total, unread, type or status; posts per category...) in the kind's item named
 * "all", and the figures by UTC day (messages of a day, users who joined or last signed in on a day)
 * in the kind's item of that day, so no item grows with time. The item's attributes are named
 * `<counter group>:<counter name>` (counters.ts), written and read by the document client: ElectroDB
 * gives the items' keys.
 *
 * Access patterns:
 *   byItem  Update (atomic ADD)  the counters one write moves, per item        pk: group (the kind) / sk: name ("all" or a day)
 *           BatchGet             the items of the counters a screen shows, in one call
 *           Query                every item of a kind (the recount)
 */
export const CounterEntity = new Entity({
  model: { entity: "counter", version: "2", service: "agency" },
  attributes: {
    group: { type: "string", required: true, readOnly: true },
    name: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byItem: { pk: { field: "pk", composite: ["group"] }, sk: { field: "sk", composite: ["name"] } },
  },
});
