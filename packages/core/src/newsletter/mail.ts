import { config } from "../config";
import { db } from "../db/service";
import type { LeadMailStatus } from "../leads/attributes";
import { attemptMail, mailWhere } from "../leads/mail-attempt";
import { mailDue } from "../leads/outbox";
import { mailTransport, type LeadMail, type MailTransport } from "../leads/transport";
import { CONFIRM_LINK_HOURS } from "../contract/newsletter-link";
import { NewsletterLinks } from "./links";
import type { Subscriber } from "./newsletter";

/** The one-click unsubscribe every mail to a subscriber carries (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(id: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${NewsletterLinks.oneClickUrl(NewsletterLinks.unsubscribeToken(id))}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The mail due to a subscriber (its `mail_kind`), plain text, with the unsubscribe link and headers. */
export function composeNewsletterMail(s: Pick<Subscriber, "id" | "email" | "mail_kind" | "nonce">, now = Date.now()): LeadMail {
  const host = new URL(config.publicUrl).hostname || "localhost";
  const unsubscribe = `To unsubscribe: ${NewsletterLinks.unsubscribePageUrl(NewsletterLinks.unsubscribeToken(s.id))}\n`;
  const kind = s.mail_kind ?? "confirm";
  const body = {
    confirm: {
      subject: "Confirm your newsletter subscription",
      text:
        `Please confirm that you want our newsletter at ${s.email}:\n\n${NewsletterLinks.confirmUrl(NewsletterLinks.confirmToken(s.id, s.nonce ?? "", now))}\n\n` +
        `The link works for ${CONFIRM_LINK_HOURS} hours. If you did not ask for this, ignore this mail: you will not be subscribed.\n\n`,
    },
    welcome: {
      subject: "Welcome to our newsletter",
      text: `You're subscribed. New articles, case studies and course announcements will come to ${s.email} about once a month.\n\n`,
    },
    already: {
      subject: "You're already subscribed",
      text: `Someone, probably you, asked to subscribe ${s.email} to our newsletter. This address is subscribed already; nothing has changed.\n\n`,
    },
  }[kind];
  return {
    to: [s.email],
    subject: body.subject,
    text: `${body.text}${unsubscribe}`,
    messageId: `<newsletter-${kind}-${s.id}-${now}@${host}>`,
    headers: unsubscribeHeaders(s.id),
  };
}

const entity = () => db().newsletterSubscriber;

export interface NewsletterDeliverOptions {
  transport?: MailTransport;
  retryDelaysMs?: readonly number[];
  /** How the next attempt is scheduled: the lead-mail queue in AWS, the runtime's timers locally (the default). */
  later?: (id: string, delayMs: number) => Promise<void> | void;
  now?: () => Date;
}

/**
 * One attempt at the mail due to a subscriber, with the lead mails' claim and backoff
 * (leads/mail-attempt.ts): sent once, a failure recorded and retried through `later`, `failed`
 * after the last attempt. A mail made due while one was being sent (a second signup sets the
 * record pending again) ends that attempt's claim and is sent by its own trigger.
 */
export async function deliverNewsletterMail(id: string, options: NewsletterDeliverOptions = {}): Promise<LeadMailStatus | undefined> {
  const later = options.later ?? ((i: string, delayMs: number) => mailDue({ kind: "newsletter", id: i }, delayMs));
  return attemptMail<Subscriber>(
    {
      // Raw: the hidden bookkeeping (attempts, next attempt) included.
      read: async () => ((await entity().get({ id }).go({ data: "raw" })).data as unknown as { Item?: Subscriber } | null)?.Item,
      patch: async (set, remove, when) => {
        await entity()
          .patch({ id })
          .set(set)
          .remove(remove)
          .where(mailWhere(when) as never)
          .go({ response: "none" });
      },
    },
    `Newsletter mail for ${id}`,
    (s) => (options.transport ?? mailTransport()).send(composeNewsletterMail(s)),
    { later: (delayMs) => later(id, delayMs), retryDelaysMs: options.retryDelaysMs, ...(options.now ? { now: options.now } : {}) },
  );
}
