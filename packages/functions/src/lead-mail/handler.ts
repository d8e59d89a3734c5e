import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { deliverLeadMail } from "@agency/core/leads/lead-mail";
import type { LeadKind, MailDue } from "@agency/core/leads/outbox";
import { deliverNewsletterMail } from "@agency/core/newsletter/mail";
import { queueLater } from "../later";

/** ElectroDB's entity names of the records that carry a mail: the two kinds of lead, and subscribers. */
const kinds: Record<string, MailDue["kind"]> = { contactSubmission: "message", courseRegistration: "registration", newsletterSubscriber: "newsletter" };

interface StreamRecord {
  dynamodb?: { NewImage?: Record<string, AttributeValue> };
}
interface QueueRecord {
  body: string;
}
type Event = { Records: (StreamRecord | QueueRecord)[] };

/** A retry: a message on the lead-mail queue, delayed by the backoff's wait. */
const later = (due: MailDue, delayMs: number) => queueLater("LEAD_MAIL_QUEUE_URL", due, delayMs);

const isKind = (k: unknown): k is MailDue["kind"] => typeof k === "string" && Object.values(kinds).includes(k as MailDue["kind"]);

/** The mails a batch makes due: records written as pending from the table's stream, retries from the lead-mail queue. */
export function mailsDue(event: Event): MailDue[] {
  const due: MailDue[] = [];
  for (const record of event.Records) {
    if ("body" in record) {
      const m = JSON.parse(record.body) as { kind?: unknown; id?: unknown };
      if (isKind(m.kind) && typeof m.id === "string") due.push({ kind: m.kind, id: m.id });
      continue;
    }
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    const item = unmarshall(image) as { __edb_e__?: string; id?: string; mail_status?: string };
    const kind = item.__edb_e__ && Object.hasOwn(kinds, item.__edb_e__) ? kinds[item.__edb_e__] : undefined;
    if (kind && item.id && item.mail_status === "pending") due.push({ kind, id: item.id });
  }
  return due;
}

/**
 * The lead-mail function (infra/api.ts): the table's stream, filtered to records written as pending
 * (a new lead, Resend, a subscriber's mail), and the lead-mail queue's retries. Each mail of the
 * batch gets one attempt, all at once, each claimed first, so a record or message received twice
 * is mailed once. A failed attempt is recorded on the record and its retry queued with the
 * backoff's wait; after the last one the lead is failed (and the metric emitted). Anything else
 * throws, and the stream or queue retries the batch (then keeps it in the dead-letter queue).
 */
export async function handler(event: Event) {
  await Promise.all(
    mailsDue(event).map((due) =>
      due.kind === "newsletter"
        ? deliverNewsletterMail(due.id, { later: (id, delayMs) => later({ kind: "newsletter", id }, delayMs) })
        : deliverLeadMail(due.kind, due.id, { later: (kind: LeadKind, id, delayMs) => later({ kind, id }, delayMs) }),
    ),
  );
}
