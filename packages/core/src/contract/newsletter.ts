import * as z from "./zod";
import { email } from "./common";
import { pageParams } from "./admin";

/**
 * The newsletter's wire contract (issue 32): a double opt-in signup from the public site, and the
 * back office's Subscribers screen. Only a confirmed address is a subscriber.
 */
export const subscriberStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** POST /api/newsletter/subscriptions: the same 202 and message whether or not the address is known. */
export const subscribeInput = z.lazy(() => z.object({ email }));
export const SUBSCRIBE_MESSAGE = "Check your inbox to confirm your subscription.";

/** POST /api/newsletter/confirmations: the token of the confirmation mail's link. */
const token = z.string({ error: "token is required" }).check(z.minLength(1, "token is required"), z.maxLength(400, "This link is not valid"));
export const confirmInput = z.lazy(() => z.object({ token }));
/** The token of an unsubscribe link (its query string). */
export const unsubscribeQuery = z.lazy(() => z.object({ token }));

/** What the confirmation page shows for each answer of POST /api/newsletter/confirmations. */
export const CONFIRMED_MESSAGE = "You're subscribed. Welcome aboard!";
export const LINK_USED_MESSAGE = "This link has already been used.";
export const LINK_EXPIRED_MESSAGE = "This link has expired. Subscribe again to get a new one.";
export const LINK_INVALID_MESSAGE = "This link is not valid.";
export const UNSUBSCRIBED_MESSAGE = "You're unsubscribed. You will get no more newsletters from us.";

/** GET /api/admin/newsletter/subscribers?limit&cursor&q&status: newest first, the next cursor in X-Next-Cursor. */
const subscriberFilterShape = () => ({
  q: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(200, "Search is at most 200 characters"))),
    z.transform((v: string | undefined) => (v ?? "").toLowerCase()),
  ),
  status: z._default(z.enum(["all", ...subscriberStatuses], { error: "status must be all, pending, confirmed or unsubscribed" }), "all"),
});
export const subscriberFilters = z.lazy(() => z.object(subscriberFilterShape()));
export type SubscriberFilters = z.output<typeof subscriberFilters>;
export const subscriberListQuery = z.lazy(() => z.object({ ...pageParams, ...subscriberFilterShape() }));

/** One subscriber as the back office sees it. */
export interface AdminSubscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  created_at: string;
  confirmed_at: string | null;
}

/** GET /api/admin/newsletter/subscribers/stats, from counters kept on write. */
export interface SubscriberStats {
  total: number;
  confirmed: number;
  pending: number;
  unsubscribed: number;
}
