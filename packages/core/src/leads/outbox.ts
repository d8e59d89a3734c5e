import { dueLater } from "../later";

export type LeadKind = "message" | "registration";
/** A mail due: a lead's (its kind) or a newsletter subscriber's. */
export type MailDue = { kind: LeadKind | "newsletter"; id: string };

// In AWS the table's stream invokes the lead-mail function for every record written as pending (a
// lead, a subscriber), and its retries come through the lead-mail queue (packages/functions/src/lead-mail).
// Locally: timers (packages/local).
const mails = dueLater<MailDue>();

/** The local runtime's stand-in for the stream and the queue (undefined to stop). */
export const onMailDue = mails.on;

/** A mail is due in `delayMs` (a retry). Never waits, never throws. */
export const mailDue = mails.due;

/** A lead was stored (or set back to pending): its mail is due. Never waits, never throws. */
export function leadStored(kind: LeadKind, id: string) {
  mails.due({ kind, id });
}
