import { confirmInput, subscribeInput, unsubscribeQuery } from "@agency/core/contract/newsletter";
import { Newsletter, normalisedEmail } from "@agency/core/newsletter/newsletter";
import { PUBLIC_WRITE_LIMIT, rateLimit } from "@agency/core/rate-limit/rate-limit";
import { http, Reply, reply } from "../http";

/** Signups per address (the mailbox's): its owner gets at most this many mails from signups per window. */
export const SIGNUPS_PER_ADDRESS = { count: 3, windowSeconds: 3600 };

/** Where a GET of the List-Unsubscribe URL (a person opening it) goes: the unsubscribe page. */
const unsubscribePage = (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

export const handler = http({
  "POST /api/newsletter/subscriptions": async (req) => {
    await rateLimit("newsletter", req.ip, PUBLIC_WRITE_LIMIT.count, PUBLIC_WRITE_LIMIT.windowSeconds);
    const { email } = req.body(subscribeInput);
    await rateLimit("newsletter-address", normalisedEmail(email), SIGNUPS_PER_ADDRESS.count, SIGNUPS_PER_ADDRESS.windowSeconds);
    return reply.json(await Newsletter.subscribe(email), 202);
  },
  "POST /api/newsletter/confirmations": async (req) => {
    await rateLimit("newsletter-link", req.ip, 30, PUBLIC_WRITE_LIMIT.windowSeconds);
    return Newsletter.confirm(req.body(confirmInput).token);
  },
  // One-click (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` as a form to the URL of
  // the header, whose query string holds the token; the body is neither needed nor read.
  // Not rate limited per source: a mail provider unsubscribes many of its users from few addresses,
  // and only a signed token does anything.
  "POST /api/newsletter/unsubscribe": (req) => Newsletter.unsubscribe(unsubscribeQuery.parse(req.query).token),
  "GET /api/newsletter/unsubscribe": async (req) => new Reply(303, undefined, { location: unsubscribePage(unsubscribeQuery.parse(req.query).token) }),
});
