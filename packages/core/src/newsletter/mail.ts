import { config } from "../config";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { CLAIM_LEASE_MS, DEFAULT_RETRY_DELAYS_MS } from "../leads/lead-mail";
import { retryDelaysFromEnv } from "../retry-delays";
import { mailTransport, type LeadMail, type MailTransport } from "../leads/transport";
import { CONFIRM_LINK_HOURS, NewsletterLinks } from "./links";
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const entity = () => db().newsletterSubscriber;

/** Claims the due mail of a subscriber (of two senders one wins; a crashed sender's claim expires). */
async function claim(id: string, now: Date): Promise<Subscriber | undefined> {
  const s = (await entity().get({ id }).go()).data as Subscriber | null;
  if (s?.mail_status !== "pending" && s?.mail_status !== "sending") return undefined;
  const stale = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  try {
    await entity()
      .patch({ id })
      .set({ mail_status: "sending", mail_claimed_at: now.toISOString() })
      .where((a, { eq, lt }) => (s.mail_status === "pending" ? eq(a.mail_status, "pending") : `${eq(a.mail_status, "sending")} AND ${lt(a.mail_claimed_at, stale)}`))
      .go({ response: "none" });
  } catch (err) {
    if (isConditionalFailure(err)) return undefined;
    throw err;
  }
  return s;
}

/** Records the outcome, unless another mail was made due meanwhile (then that one is sent next). */
async function settle(id: string, set: { mail_status: "sent" | "failed"; mail_attempts: number; mail_error?: string }): Promise<void> {
  try {
    await entity().patch({ id }).set(set).where((a, { eq }) => eq(a.mail_status, "sending")).go({ response: "none" });
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
  }
}

/**
 * Sends the mail due to a subscriber, retrying with backoff as lead mails do, once: the record is
 * claimed by a conditional write first. A mail made due while this one was being sent (a second
 * signup) is sent after it. Never throws for a mail failure: the record says `failed`.
 */
export async function deliverNewsletterMail(id: string, options: { transport?: MailTransport; retryDelaysMs?: readonly number[] } = {}): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const s = await claim(id, new Date());
    if (!s) return;
    const delays = options.retryDelaysMs ?? retryDelaysFromEnv() ?? DEFAULT_RETRY_DELAYS_MS;
    const transport = options.transport ?? mailTransport();
    let attempts = 0;
    let sent = false;
    let lastError = "";
    for (let i = 0; i <= delays.length && !sent; i++) {
      attempts++;
      try {
        await transport.send(composeNewsletterMail(s));
        sent = true;
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
        console.warn(`Newsletter mail for ${id}, attempt ${attempts}, failed: ${lastError}`);
        if (i < delays.length) await sleep(delays[i]!);
      }
    }
    await settle(id, sent ? { mail_status: "sent", mail_attempts: attempts } : { mail_status: "failed", mail_attempts: attempts, mail_error: lastError.slice(0, 500) });
    // Made due again while sending (the settle's condition failed): send that one too.
    const after = (await entity().get({ id }).go()).data;
    if (after?.mail_status !== "pending") return;
  }
}
