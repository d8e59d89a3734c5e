import { leadMailStatuses } from "../contract/admin";
export type { LeadMailStatus } from "../contract/admin";

/**
 * The notification state every lead (contact message, course registration) carries, so the mail
 * that announces it is driven from the stored record and can never be lost or sent twice:
 *
 *   pending  stored, mail not sent yet (a new lead, or Resend)
 *   sending  claimed by one sender until `mail_claimed_at` + the lease (a crashed sender's claim expires)
 *   sent     delivered to the mail server (`mail_sent_at`)
 *   failed   every attempt failed (`mail_error`): the inbox shows 'Notification failed' with Resend
 *
 * Leads stored before notifications existed have no `mail_status` and are never mailed.
 */

/** Only `mail_status` is shown; the rest is the sender's bookkeeping (kept, and visible in the table). */
export const leadMailAttributes = {
  mail_status: { type: leadMailStatuses },
  mail_attempts: { type: "number", hidden: true },
  mail_claimed_at: { type: "string", hidden: true },
  mail_sent_at: { type: "string", hidden: true },
  mail_error: { type: "string", hidden: true },
} as const;
