import { createHash, randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import {
  CONFIRMED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  LINK_USED_MESSAGE,
  SUBSCRIBE_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  type AdminSubscriber,
  type SubscriberFilters,
  type SubscriberStats,
} from "../contract/newsletter";
import { Counters, counters, tally } from "../counters/counters";
import { acrossYears, bucketOf, searchText } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { pageAcrossYears, type Page } from "../db/paging";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import type { NewsletterSubscriberEntity, SubscriberMailKind } from "./entity";
import { NewsletterLinks } from "./links";
import { newsletterMailDue } from "./outbox";
import { emitWebhookEvent } from "../webhooks/webhooks";

export type Subscriber = EntityItem<typeof NewsletterSubscriberEntity>;

/** One record per address: its id is derived from the address, lowercased (how mail systems match them in practice). */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();
export const subscriberId = (email: string) =>
  createHash("sha256")
    .update(`newsletter\n${normalisedEmail(email)}`)
    .digest("hex")
    .slice(0, 32);
const newNonce = () => randomBytes(12).toString("base64url");

const entity = () => db().newsletterSubscriber;

/** Sets `set` (and a mail due of `kind`) when `when` holds; the record before, or undefined when it did not hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ElectroDB's where-callback arguments (its own types name the whole entity schema)
async function patchIf(id: string, set: Partial<Subscriber>, when: (a: any, op: any) => string): Promise<Subscriber | undefined> {
  try {
    const { data } = await entity().patch({ id }).set(set).where(when).go({ response: "all_old" });
    return data as Subscriber;
  } catch (err) {
    if (isConditionalFailure(err)) return undefined;
    throw err;
  }
}

const mailDue = (kind: SubscriberMailKind) => ({ mail_status: "pending" as const, mail_kind: kind });

export const adminSubscriber = (s: Subscriber): AdminSubscriber => ({
  id: s.id,
  email: s.email,
  status: s.status,
  created_at: s.created_at,
  confirmed_at: s.confirmed_at ?? null,
});

export const Newsletter = {
  /**
   * A signup. A new address is stored pending and sent the confirmation; a pending one is sent it
   * again (the same link's subscription); an unsubscribed one starts over (pending, a new link); a
   * confirmed one is told it is subscribed already. Whatever the case, the same answer: the
   * response says nothing about the address, only its owner's inbox does.
   */
  async subscribe(email: string): Promise<{ message: string }> {
    const address = normalisedEmail(email);
    const id = subscriberId(address);
    const created_at = new Date().toISOString();
    try {
      const { data } = await entity()
        .create({ id, email: address, status: "pending", created_at, bucket: bucketOf(created_at), search: searchText(address), nonce: newNonce(), ...mailDue("confirm") })
        .go();
      await Counters.change(tally.subscriber, undefined, data as Subscriber);
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      const restarted = await patchIf(id, { status: "pending", nonce: newNonce(), ...mailDue("confirm") }, (a, { eq }) => eq(a.status, "unsubscribed"));
      if (restarted) await Counters.change(tally.subscriber, restarted, { ...restarted, status: "pending" });
      else {
        const existing = (await entity().get({ id }).go()).data;
        // Deleted meanwhile: nothing to send; the answer stays the same.
        if (existing) await patchIf(id, mailDue(existing.status === "confirmed" ? "already" : "confirm"), (a, { eq }) => eq(a.status, existing.status));
      }
    }
    newsletterMailDue(id);
    return { message: SUBSCRIBE_MESSAGE };
  },

  /** The confirmation link's token: the subscription becomes confirmed (once) and the welcome mail is due. */
  async confirm(token: string): Promise<{ message: string }> {
    const link = NewsletterLinks.readConfirm(token);
    if (link.kind === "invalid") throw new HttpError(400, LINK_INVALID_MESSAGE, { fields: { token: LINK_INVALID_MESSAGE } });
    if (link.kind === "expired") throw new HttpError(410, LINK_EXPIRED_MESSAGE, { code: "expired" });
    const confirmed_at = new Date().toISOString();
    const before = await patchIf(link.id, { status: "confirmed", confirmed_at, ...mailDue("welcome") }, (a, { eq }) => `${eq(a.status, "pending")} AND ${eq(a.nonce, link.nonce)}`);
    // Confirmed already, unsubscribed since, subscribed again with a newer link, or deleted: this link is spent.
    if (!before) throw new HttpError(409, LINK_USED_MESSAGE, { code: "used" });
    await Counters.change(tally.subscriber, before, { ...before, status: "confirmed" });
    newsletterMailDue(link.id);
    await emitWebhookEvent("subscriber.confirmed", { id: before.id, email: before.email, created_at: before.created_at, confirmed_at });
    return { message: CONFIRMED_MESSAGE };
  },

  /** An unsubscribe link's token (the page's button, or a mail client's one-click POST): the same answer however often. */
  async unsubscribe(token: string): Promise<{ message: string }> {
    const id = NewsletterLinks.readUnsubscribe(token);
    if (!id) throw new HttpError(400, LINK_INVALID_MESSAGE, { fields: { token: LINK_INVALID_MESSAGE } });
    const before = await patchIf(id, { status: "unsubscribed", unsubscribed_at: new Date().toISOString() }, (a, { ne }) => ne(a.status, "unsubscribed"));
    if (before) await Counters.change(tally.subscriber, before, { ...before, status: "unsubscribed" });
    return { message: UNSUBSCRIBED_MESSAGE };
  },

  get: async (id: string): Promise<Subscriber | undefined> => ((await entity().get({ id }).go()).data as Subscriber | null) ?? undefined,

  /** The back office's list: newest first, search and status over every subscriber. */
  async list(query: SubscriberFilters & { limit: number; cursor?: string | undefined }): Promise<Page<AdminSubscriber>> {
    const { limit, cursor, q, status } = query;
    const filtered = q !== "" || status !== "all";
    const page = await pageAcrossYears<Subscriber>({
      entity: entity(),
      list: "newsletter-subscribers",
      filters: { q, status },
      limit,
      cursor,
      filtered,
      query: (bucket, p) => {
        const byYear = entity().query.byYear({ bucket });
        if (!filtered) return byYear.go(p) as never;
        return byYear.where((a, op) => [q ? op.contains(a.search, q) : "", status === "all" ? "" : op.eq(a.status, status)].filter(Boolean).join(" AND ")).go(p) as never;
      },
    });
    return { ...page, items: page.items.map(adminSubscriber) };
  },

  /** The Subscribers screen's figures, from counters. */
  async stats(): Promise<SubscriberStats> {
    const [total = 0, confirmed = 0, pending = 0, unsubscribed = 0] = await Counters.read([
      counters.subscribersTotal,
      counters.subscribersWithStatus("confirmed"),
      counters.subscribersWithStatus("pending"),
      counters.subscribersWithStatus("unsubscribed"),
    ]);
    return { total, confirmed, pending, unsubscribed };
  },

  /** Deletes a subscriber (404 when there is none), uncounting exactly what was deleted; the deleted record, as stored (the Trash keeps it). */
  async remove(id: string): Promise<Subscriber> {
    const removed = await Counters.removed(
      tally.subscriber,
      () => entity().remove({ id }).go({ response: "all_old" }) as Promise<{ data: Subscriber | null }>,
      () => new NotFoundError("Subscriber not found"),
    );
    if (!removed) throw new NotFoundError("Subscriber not found");
    return removed;
  },

  /**
   * Puts a deleted subscriber back from the Trash under its id, with its status, counted again; 409
   * when the address signed up again meanwhile (that newer record stands). A mail that was due or
   * being sent when it was deleted is due again, as for a lead: the sender's claim ended with the delete.
   */
  async restore(stored: Subscriber): Promise<AdminSubscriber> {
    const { mail_claimed_at: _claim, ...kept } = stored as Subscriber & { mail_claimed_at?: string };
    const inFlight = kept.mail_status === "pending" || kept.mail_status === "sending";
    let data: Subscriber;
    try {
      ({ data } = (await entity()
        .create({ ...kept, ...(inFlight ? { mail_status: "pending" as const } : {}), bucket: bucketOf(stored.created_at), search: searchText(stored.email) })
        .go()) as { data: Subscriber });
    } catch (err) {
      if (isConditionalFailure(err)) throw new ConflictError("The address signed up again since it was deleted: that subscription stands");
      throw err;
    }
    await Counters.change(tally.subscriber, undefined, data);
    if (inFlight) newsletterMailDue(data.id);
    return adminSubscriber(data);
  },

  /** Every subscriber (the recount, not request paths). */
  listAll: (): Promise<Subscriber[]> => acrossYears((bucket) => entity().query.byYear({ bucket }).go({ pages: "all" }) as never),
};
