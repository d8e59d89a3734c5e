import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { z } from "zod";
import type { MessageStats, messageListQuery } from "../contract/admin";
import type { contactInput } from "../contract/contact";
import { CounterDeltas, Counters, counters, tally, utcDay } from "../counters/counters";
import { acrossYears, allBuckets, backfillAcrossYears, bucketOf, searchText } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { newestAcrossYears, pageAcrossYears, type Page } from "../db/paging";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { leadStored } from "../leads/outbox";
import type { ContactSubmissionEntity } from "./entity";

export type ContactSubmission = EntityItem<typeof ContactSubmissionEntity>;
type NewMessage = Omit<z.output<typeof contactInput>, "website">;
const notFound = () => new NotFoundError("Message not found");

/** Mark All Read: one call works this long, then answers how many remain (the screen calls again). */
export const MARK_ALL_READ_BUDGET_MS = 3_000;
/** ...but never answers "none updated" while unread messages remain, unless this long has passed. */
const MARK_ALL_READ_HARD_LIMIT_MS = 7_000;
/** Conditional updates sent at once by Mark All Read. */
const MARK_CONCURRENCY = 50;

const searchOf = (m: Pick<ContactSubmission, "name" | "email" | "company" | "message">) => searchText(m.name, m.email, m.company, m.message);

/** Marks one message read if it is unread; true when this call changed it. */
async function markRead(id: string): Promise<boolean> {
  try {
    await db()
      .contactSubmission.patch({ id })
      .set({ is_read: true })
      .where(({ is_read }, { eq }) => eq(is_read, false))
      .go({ response: "none" });
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return false; // read meanwhile, or deleted
    throw err;
  }
}

export const ContactSubmissions = {
  /** The stored form of a new message (bulk loads such as the bench write these directly, then recount). */
  record(input: NewMessage, created_at = new Date().toISOString()) {
    const { name, email, company, message, form_type } = input;
    return {
      id: randomUUID(),
      name,
      email,
      company,
      message,
      form_type,
      is_read: false,
      created_at,
      bucket: bucketOf(created_at),
      search: searchOf({ name, email, company, message }),
    };
  },

  async create(input: NewMessage, created_at = new Date().toISOString()): Promise<ContactSubmission> {
    const { data } = await db().contactSubmission.create({ ...ContactSubmissions.record(input, created_at), mail_status: "pending" }).go();
    await Counters.change(tally.message, undefined, data);
    leadStored("message", data.id);
    return data;
  },

  async get(id: string): Promise<ContactSubmission> {
    const { data } = await db().contactSubmission.get({ id }).go();
    if (!data) throw notFound();
    return data;
  },

  /** Every message, newest first: one Query per year partition (the recount, not request paths). */
  async listAll(): Promise<ContactSubmission[]> {
    return acrossYears((bucket) => db().contactSubmission.query.byYear({ bucket }).go({ pages: "all", order: "desc" }));
  },

  /** One page of the admin list, newest first; search and filters run over every message. */
  async list(query: z.output<typeof messageListQuery>): Promise<Page<ContactSubmission>> {
    const { q, form_type, status, limit, cursor } = query;
    const filtered = Boolean(q || form_type || status !== "all");
    return pageAcrossYears({
      entity: db().contactSubmission,
      list: "messages",
      filters: { q, form_type, status },
      limit,
      cursor,
      filtered,
      query: (bucket, page) => {
        const byYear = db().contactSubmission.query.byYear({ bucket });
        if (!filtered) return byYear.go(page);
        return byYear
          .where((m, op) =>
            [
              q ? op.contains(m.search, q) : "",
              form_type ? op.eq(m.form_type, form_type) : "",
              status === "all" ? "" : op.eq(m.is_read, status === "read"),
            ]
              .filter(Boolean)
              .join(" AND "),
          )
          .go(page);
      },
    });
  },

  /** The `n` newest messages (the Overview): `limit n` on the newest year partitions. */
  async newest(n: number) {
    return newestAcrossYears(n, (bucket, limit) =>
      db()
        .contactSubmission.query.byYear({ bucket })
        .go({ limit, order: "desc", attributes: ["id", "name", "email", "company", "created_at"] }),
    );
  },

  /** The Messages screen's figures, from counters: one BatchGet and one Query of the per-type counters. */
  async stats(now = new Date()): Promise<MessageStats> {
    const [[total = 0, unread = 0, today = 0], types] = await Promise.all([
      Counters.read([counters.contactsTotal, counters.contactsUnread, counters.contactsOfDay(utcDay(now.toISOString()))]),
      Counters.group("contact-types"),
    ]);
    const by_type = types
      .map(({ name, count }) => ({ form_type: name, count }))
      .sort((a, b) => b.count - a.count || (a.form_type < b.form_type ? -1 : 1));
    return { total, unread, read: Math.max(0, total - unread), today, by_type };
  },

  /**
   * Read or unread. The write is conditional on the message being in the other state, so only a
   * call that really changes it moves the unread counter: a repeated toggle, or one racing Mark All
   * Read, counts once.
   */
  async setRead(id: string, is_read: boolean): Promise<ContactSubmission> {
    let changed: ContactSubmission;
    try {
      const { data } = await db()
        .contactSubmission.patch({ id })
        .set({ is_read })
        .where((m, { ne }) => ne(m.is_read, is_read))
        .go({ response: "all_new" });
      changed = data as ContactSubmission;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      return ContactSubmissions.get(id); // already so (unchanged), or 404
    }
    await Counters.change(tally.message, { ...changed, is_read: !is_read }, changed);
    return changed;
  },

  /**
   * Mark All Read, one time-boxed batch: finds unread messages year by year (newest first) and marks
   * each with a conditional update, moving the unread counter by the number this call changed.
   * Stops after MARK_ALL_READ_BUDGET_MS (having changed at least one, if any is left); `remaining` is
   * 0 when every year was gone through, otherwise the unread counter (at least 1), and the screen
   * calls again.
   */
  async markAllRead(): Promise<{ updated: number; remaining: number }> {
    const started = Date.now();
    let updated = 0;
    const outOfTime = () => {
      const spent = Date.now() - started;
      return (spent > MARK_ALL_READ_BUDGET_MS && updated > 0) || spent > MARK_ALL_READ_HARD_LIMIT_MS;
    };
    const unfinished = async () => {
      const [unread = 0] = await Counters.read([counters.contactsUnread]);
      return { updated, remaining: Math.max(1, unread) };
    };
    for (const bucket of allBuckets()) {
      let cursor: string | null = null;
      do {
        if (outOfTime()) return unfinished();
        const page: { data: { id: string }[]; cursor: string | null } = await db()
          .contactSubmission.query.byYear({ bucket })
          .where((m, { eq }) => eq(m.is_read, false))
          .go({ cursor, limit: 1_000, attributes: ["id"] });
        for (let i = 0; i < page.data.length; i += MARK_CONCURRENCY) {
          if (i > 0 && outOfTime()) return unfinished();
          const results = await Promise.all(page.data.slice(i, i + MARK_CONCURRENCY).map((m) => markRead(m.id)));
          const changed = results.filter(Boolean).length;
          updated += changed;
          if (changed) await Counters.apply(new CounterDeltas().add(counters.contactsUnread, -changed));
        }
        cursor = page.cursor;
      } while (cursor);
    }
    return { updated, remaining: 0 };
  },

  async remove(id: string) {
    return Counters.removed(tally.message, () => db().contactSubmission.remove({ id }).go({ response: "all_old" }), notFound);
  },

  /** Writes the hidden search attribute of messages stored before it existed (the recount). */
  backfillSearch: () =>
    backfillAcrossYears(
      (bucket) =>
        db()
          .contactSubmission.query.byYear({ bucket })
          .where((m, { notExists }) => notExists(m.search))
          .go({ pages: "all" }),
      (m) => db().contactSubmission.patch({ id: m.id }).set({ search: searchOf(m) }).go({ response: "none" }),
    ),
};
