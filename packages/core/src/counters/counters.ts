import { untilProcessed } from "../db/batch";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";

/**
 * Counters kept on write (see entity.ts). What a record counts towards is said once per feature, in
 * `tally`; every write path moves the counters by the difference between the record before and after
 * (`Counters.change`), and the recount folds every record through the same tallies, so the two can
 * never disagree on what a figure means.
 */
export const counterGroups = [
  "posts", "post-categories", "courses", "contacts", "contact-types", "contact-days", "registrations", "users", "user-joined-days", "user-login-days",
] as const;
export type CounterGroup = (typeof counterGroups)[number];
export interface CounterKey {
  group: CounterGroup;
  name: string;
}

const key = (group: CounterGroup, name: string): CounterKey => ({ group, name });
/** The UTC day of an ISO timestamp: the 'Today' figure counts messages of the current UTC day. */
export const utcDay = (iso: string) => iso.slice(0, 10);

/** The counters shown by the back office. */
export const counters = {
  postsTotal: key("posts", "total"),
  postsPublished: key("posts", "published"),
  /** Published posts of one category (the public blog's category counts); uncategorised posts count in no category. */
  postsPublishedIn: (category: string) => key("post-categories", category),
  coursesTotal: key("courses", "total"),
  coursesActive: key("courses", "active"),
  contactsTotal: key("contacts", "total"),
  contactsUnread: key("contacts", "unread"),
  contactsOfType: (form_type: string) => key("contact-types", form_type),
  contactsOfDay: (day: string) => key("contact-days", day),
  registrationsTotal: key("registrations", "total"),
  /** Registration statuses share the registrations group: "total" is never a status. */
  registrationsWithStatus: (status: string) => key("registrations", status),
  usersTotal: key("users", "total"),
  /** Users by the UTC day they joined, and by the UTC day of their last sign-in (each user counts on one day). */
  usersJoinedOn: (day: string) => key("user-joined-days", day),
  usersLastSignedInOn: (day: string) => key("user-login-days", day),
};

/** What one record counts towards, one entry per +1. */
export const tally = {
  post: (p: { is_published: boolean; category?: string | null }) => [
    counters.postsTotal,
    ...(p.is_published ? [counters.postsPublished] : []),
    ...(p.is_published && p.category ? [counters.postsPublishedIn(p.category)] : []),
  ],
  course: (c: { is_active: boolean }) => [counters.coursesTotal, ...(c.is_active ? [counters.coursesActive] : [])],
  message: (m: { is_read: boolean; form_type: string; created_at: string }) => [
    counters.contactsTotal,
    ...(m.is_read ? [] : [counters.contactsUnread]),
    counters.contactsOfType(m.form_type),
    counters.contactsOfDay(utcDay(m.created_at)),
  ],
  registration: (r: { status: string }) => [counters.registrationsTotal, counters.registrationsWithStatus(r.status)],
  user: (u: { created_at: string; last_login_at?: string | null }) => [
    counters.usersTotal,
    counters.usersJoinedOn(utcDay(u.created_at)),
    ...(u.last_login_at ? [counters.usersLastSignedInOn(utcDay(u.last_login_at))] : []),
  ],
};

const id = (k: { group?: unknown; name?: unknown }) => `${String(k.group)}\u0000${String(k.name)}`;

/** Deltas by counter: a Map, so names that come from data (form types) are never object properties. */
export class CounterDeltas {
  readonly byId = new Map<string, { key: CounterKey; delta: number }>();
  add(k: CounterKey, delta: number): this {
    const entry = this.byId.get(id(k));
    if (entry) entry.delta += delta;
    else this.byId.set(id(k), { key: k, delta });
    return this;
  }
  addAll(keys: CounterKey[], delta: number): this {
    for (const k of keys) this.add(k, delta);
    return this;
  }
  get nonZero() {
    return [...this.byId.values()].filter((e) => e.delta !== 0);
  }
}

export const Counters = {
  /**
   * Moves counters by the difference between a record before and after a write (undefined: it did
   * not exist / no longer exists). Called only after the write succeeded, and only for writes that
   * changed the record, so a repeated or concurrent request never counts twice.
   */
  async change<T>(tallyOf: (record: T) => CounterKey[], before: T | undefined, after: T | undefined): Promise<void> {
    const deltas = new CounterDeltas();
    if (before !== undefined) deltas.addAll(tallyOf(before), -1);
    if (after !== undefined) deltas.addAll(tallyOf(after), +1);
    await Counters.apply(deltas);
  },

  /**
   * Deletes a record with `remove` (ElectroDB's conditional remove answering the deleted item:
   * `.go({ response: "all_old" })`; `notFound` when it is not there) and uncounts exactly what was
   * deleted, so two racing deletes uncount it once.
   */
  async removed<T>(tallyOf: (record: T) => CounterKey[], remove: () => Promise<{ data: T | null }>, notFound: () => Error): Promise<T | null> {
    let removed: T | null;
    try {
      ({ data: removed } = await remove());
    } catch (err) {
      if (isConditionalFailure(err)) throw notFound();
      throw err;
    }
    if (removed) await Counters.change(tallyOf, removed, undefined);
    return removed;
  },

  /**
   * One atomic ADD per counter that moves, run together. The record is already written when this
   * runs: a failure here is logged, not thrown, so a visitor's stored message is not answered with
   * an error (and sent again); `npm run admin -- recount` repairs a counter that missed a step.
   */
  async apply(deltas: CounterDeltas): Promise<void> {
    await Promise.all(
      deltas.nonZero.map(async ({ key: k, delta }) => {
        try {
          await db().counter.update(k).add({ count: delta }).go({ response: "none" });
        } catch (err) {
          console.error(JSON.stringify({ level: "error", message: "counter update failed; run recount", counter: k, delta, error: (err as Error).message }));
        }
      }),
    );
  },

  /** The values of `keys`, in order, with one BatchGet; a counter never written is 0. */
  async read(keys: CounterKey[]): Promise<number[]> {
    if (!keys.length) return [];
    const data = await untilProcessed(keys, id, (batch) => db().counter.get(batch).go());
    const found = new Map(data.map((c) => [id(c), c.count]));
    return keys.map((k) => Math.max(0, found.get(id(k)) ?? 0));
  },

  /** Every counter of a group above zero (e.g. the message count of each form_type), by name. One Query. */
  async group(group: CounterGroup): Promise<{ name: string; count: number }[]> {
    const { data } = await db().counter.query.byName({ group }).go({ pages: "all" });
    return data.filter((c) => c.count > 0).map(({ name, count }) => ({ name, count }));
  },

  /**
   * Sets every counter of `groups` to the figures given (absent: the counter goes). Used by the
   * recount only, which computes the figures from every record.
   */
  async replace(groups: readonly CounterGroup[], figures: CounterDeltas): Promise<void> {
    const wanted = [...figures.byId.values()].filter((e) => groups.includes(e.key.group));
    const existing = (await Promise.all(groups.map((group) => db().counter.query.byName({ group }).go({ pages: "all" })))).flatMap((r) => r.data);
    const keep = new Set(wanted.map((e) => id(e.key)));
    const stale = existing.filter((c) => !keep.has(id(c))).map(({ group, name }) => ({ group, name }));
    const rows = wanted.map(({ key: k, delta }) => ({ ...k, count: delta }));
    if (rows.length) await untilProcessed(rows, id, (batch) => db().counter.put(batch).go());
    if (stale.length) await untilProcessed(stale, id, (batch) => db().counter.delete(batch).go());
  },
};
