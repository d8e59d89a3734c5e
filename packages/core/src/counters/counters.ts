import { BatchWriteCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { config } from "../config";
import { getAcross, untilProcessed } from "../db/batch";
import { dynamo } from "../db/client";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";

/**
 * Counters kept on write (see entity.ts). What a record counts towards is said once per feature, in
 * `tally`; every write path moves the counters by the difference between the record before and after
 * (`Counters.change`), and the recount folds every record through the same tallies, so the two can
 * never disagree on what a figure means.
 */
export const counterGroups = [
  "posts",
  "post-categories",
  "courses",
  "contacts",
  "contact-types",
  "contact-days",
  "registrations",
  "users",
  "user-joined-days",
  "user-login-days",
  "subscribers",
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
  subscribersTotal: key("subscribers", "total"),
  /** Newsletter subscribers by status (pending, confirmed, unsubscribed): "total" is never a status. */
  subscribersWithStatus: (status: string) => key("subscribers", status),
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
  subscriber: (s: { status: string }) => [counters.subscribersTotal, counters.subscribersWithStatus(s.status)],
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

/**
 * Where the counters live (entity.ts): each record kind's counters in one item for all time and one
 * per UTC day, so a write moves all of a record's counters with one UpdateItem per item it touches
 * (a message's total, unread and type, and its day: two; a registration's total and status: one).
 */
const kindOf: Record<CounterGroup, CounterGroup> = {
  posts: "posts",
  "post-categories": "posts",
  courses: "courses",
  contacts: "contacts",
  "contact-types": "contacts",
  "contact-days": "contacts",
  registrations: "registrations",
  users: "users",
  "user-joined-days": "users",
  "user-login-days": "users",
  subscribers: "subscribers",
};
/** Groups whose counters are named by a UTC day: each day's are in their own item. */
const byDay = new Set<CounterGroup>(["contact-days", "user-joined-days", "user-login-days"]);
const ALL_TIME = "all";
interface Item {
  group: CounterGroup;
  name: string;
}
const itemOf = (k: CounterKey): Item => ({ group: kindOf[k.group], name: byDay.has(k.group) ? k.name : ALL_TIME });
const attributeOf = (k: CounterKey) => `${k.group}:${k.name}`;
const keyOf = (item: Item) => (db().counter.get(item).params() as { Key: Record<string, unknown> }).Key;

/** The counters of `deltas` by the item they live in. */
function byItem(entries: Array<{ key: CounterKey; delta: number }>) {
  const items = new Map<string, { item: Item; entries: Array<{ key: CounterKey; delta: number }> }>();
  for (const entry of entries) {
    const item = itemOf(entry.key);
    const at = items.get(id(item)) ?? { item, entries: [] };
    at.entries.push(entry);
    items.set(id(item), at);
  }
  return [...items.values()];
}

/** Runs BatchWrites of `requests` (25 a call) until DynamoDB has processed each. */
async function writeAll(requests: Array<{ PutRequest?: { Item: Record<string, unknown> }; DeleteRequest?: { Key: Record<string, unknown> } }>) {
  const TableName = config.tableName;
  const keyIdOf = (r: Record<string, unknown>) => {
    const { PutRequest, DeleteRequest } = r as { PutRequest?: { Item: Record<string, unknown> }; DeleteRequest?: { Key: Record<string, unknown> } };
    const k = PutRequest?.Item ?? DeleteRequest!.Key;
    return `${String(k.pk)}\u0000${String(k.sk)}`;
  };
  for (let i = 0; i < requests.length; i += 25) {
    await untilProcessed(requests.slice(i, i + 25), keyIdOf, async (batch) => {
      const out = await dynamo().client.send(new BatchWriteCommand({ RequestItems: { [TableName]: batch } }));
      return { unprocessed: out.UnprocessedItems?.[TableName] ?? [] };
    });
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
   * One atomic UpdateItem per counter item that moves, ADDing to each of its counters, run together.
   * The record is already written when this runs: a failure here is logged, not thrown, so a
   * visitor's stored message is not answered with an error (and sent again); `npm run admin --
   * recount` repairs a counter that missed a step.
   */
  async apply(deltas: CounterDeltas): Promise<void> {
    const TableName = config.tableName;
    await Promise.all(
      byItem(deltas.nonZero).map(async ({ item, entries }) => {
        try {
          await dynamo().client.send(
            new UpdateCommand({
              TableName,
              Key: keyOf(item),
              UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :d${i}`).join(", ")}`,
              ExpressionAttributeNames: Object.fromEntries(entries.map((e, i) => [`#c${i}`, attributeOf(e.key)])),
              ExpressionAttributeValues: Object.fromEntries(entries.map((e, i) => [`:d${i}`, e.delta])),
            }),
          );
        } catch (err) {
          const moved = entries.map(({ key: k, delta }) => ({ counter: k, delta }));
          console.error(JSON.stringify({ level: "error", message: "counter update failed; run recount", counters: moved, error: (err as Error).message }));
        }
      }),
    );
  },

  /** The values of `keys`, in order, with one BatchGet of their items; a counter never written is 0. */
  async read(keys: CounterKey[]): Promise<number[]> {
    if (!keys.length) return [];
    const items = [...new Map(keys.map((k) => [id(itemOf(k)), itemOf(k)])).values()];
    const found = await getAcross(items.map((item) => ({ key: keyOf(item), parse: (stored: Record<string, unknown>) => stored })));
    const byId = new Map(items.map((item, i) => [id(item), found[i] ?? {}]));
    return keys.map((k) => Math.max(0, Number(byId.get(id(itemOf(k)))![attributeOf(k)] ?? 0)));
  },

  /**
   * Every counter of a group above zero (e.g. the message count of each form_type), by name: one Get
   * of its kind's all-time item. Not for the groups by day.
   */
  async group(group: CounterGroup): Promise<{ name: string; count: number }[]> {
    if (byDay.has(group)) throw new Error(`counters by day are read by day: ${group}`);
    const [stored] = await getAcross([{ key: keyOf({ group: kindOf[group], name: ALL_TIME }), parse: (item: Record<string, unknown>) => item }]);
    const prefix = `${group}:`;
    return Object.entries(stored ?? {})
      .filter(([attribute, count]) => attribute.startsWith(prefix) && typeof count === "number" && count > 0)
      .map(([attribute, count]) => ({ name: attribute.slice(prefix.length), count: count as number }));
  },

  /**
   * Sets every counter to the figures given (absent: the counter goes), item by item. Used by the
   * recount only, which computes the figures from every record. It also deletes whatever else is
   * stored under any counter group's key, such as counters of an earlier layout (one item per counter).
   */
  async replace(figures: CounterDeltas): Promise<void> {
    const TableName = config.tableName;
    const wanted = byItem([...figures.byId.values()]).map(({ item, entries }) => ({
      ...keyOf(item),
      ...Object.fromEntries(entries.map((e) => [attributeOf(e.key), e.delta])),
    }));
    const keep = new Set(wanted.map((item) => `${String(item.pk)}\u0000${String(item.sk)}`));
    const stale: Array<Record<string, unknown>> = [];
    for (const group of counterGroups) {
      const { pk } = keyOf({ group, name: ALL_TIME });
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await dynamo().client.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: "#pk = :pk",
            ExpressionAttributeNames: { "#pk": "pk", "#sk": "sk" },
            ExpressionAttributeValues: { ":pk": pk },
            ProjectionExpression: "#pk, #sk",
            ExclusiveStartKey,
          }),
        );
        stale.push(...(page.Items ?? []).filter((item) => !keep.has(`${String(item.pk)}\u0000${String(item.sk)}`)));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
    }
    await writeAll([...wanted.map((Item) => ({ PutRequest: { Item } })), ...stale.map((Key) => ({ DeleteRequest: { Key } }))]);
  },
};
