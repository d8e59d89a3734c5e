import { leadMailStatuses } from "../contract/admin";
import { bucketAttribute, byYearIndex, idAttribute, searchAttribute } from "../db/attributes";
export type { LeadMailStatus } from "../contract/admin";

/**
 * The notification state every lead (contact message, course registration) carries, so the mail
 * that announces it is driven from the stored record and can never be lost or sent twice:
 *
 *   pending  stored, mail not sent yet (a new lead, or Resend)
 *   sending  claimed by one sender until `mail_claimed_at` + the lease (a crashed sender's claim expires),
 *            or, with `mail_next_attempt_at`, waiting for its next attempt after a failed one (the
 *            retry's queue message or timer claims it then; a wait is not `pending`, so the stream's
 *            filter on `mail_status = pending` does not fire for it)
 *   sent     delivered to the mail server (`mail_sent_at`)
 *   failed   every attempt failed (`mail_error`): the inbox shows 'Notification failed' with Resend
 *
 * Leads stored before notifications existed have no `mail_status` and are never mailed.
 */

/** Only `mail_status` is shown; the rest is the sender's bookkeeping (kept, and visible in the table). Subscribers carry them too. */
export const leadMailAttributes = {
  mail_status: { type: leadMailStatuses },
  mail_attempts: { type: "number", hidden: true },
  mail_claimed_at: { type: "string", hidden: true },
  mail_next_attempt_at: { type: "string", hidden: true },
  mail_sent_at: { type: "string", hidden: true },
  mail_error: { type: "string", hidden: true },
} as const;

/**
 * What every lead entity (messages, registrations) has besides its own fields: an id, when it came,
 * its mail state, its year partition and its search text; and its two access patterns, one by id
 * and the year partitions newest first.
 */
export const leadAttributes = {
  created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
  ...leadMailAttributes,
  bucket: bucketAttribute,
  search: searchAttribute,
} as const;
export const leadId = { id: idAttribute } as const;
export const leadIndexes = {
  byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
  byYear: byYearIndex("gsi1"),
} as const;
