import { mailDue } from "../leads/outbox";

// In AWS the table's stream invokes the lead-mail function for every record written with
// `mail_status: pending`, newsletter subscribers included (packages/functions/src/lead-mail).
// Locally the same listener as for leads (leads/outbox.ts) runs deliverNewsletterMail.

/** A mail to a subscriber is due. Never waits, never throws. */
export function newsletterMailDue(id: string) {
  mailDue({ kind: "newsletter", id });
}
