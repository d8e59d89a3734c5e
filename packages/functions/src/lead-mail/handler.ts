import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { deliverLeadMail } from "@agency/core/leads/lead-mail";
import type { LeadKind } from "@agency/core/leads/outbox";
import { deliverNewsletterMail } from "@agency/core/newsletter/mail";

/** ElectroDB's entity names of the two kinds of lead. */
const kinds: Record<string, LeadKind> = { contactSubmission: "message", courseRegistration: "registration" };

interface StreamEvent {
  Records: { eventName?: string; dynamodb?: { NewImage?: Record<string, AttributeValue> } }[];
}

/**
 * The table's stream, filtered to leads written as pending (a new lead, or Resend): mails each one
 * through deliverLeadMail, which claims it first, so a record the stream delivers twice is mailed
 * once. A mail failure is recorded on the lead (failed, and the metric), not thrown; anything else
 * throws, and the stream retries the batch.
 */
export async function handler(event: StreamEvent) {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (!image) continue;
    const item = unmarshall(image) as { __edb_e__?: string; id?: string; mail_status?: string };
    // A mail due to a newsletter subscriber (confirmation, welcome): the same stream filter.
    if (item.__edb_e__ === "newsletterSubscriber" && item.id && item.mail_status === "pending") {
      await deliverNewsletterMail(item.id);
      continue;
    }
    const kind = item.__edb_e__ && Object.hasOwn(kinds, item.__edb_e__) ? kinds[item.__edb_e__] : undefined;
    if (!kind || !item.id || item.mail_status !== "pending") continue;
    await deliverLeadMail(kind, item.id);
  }
}
