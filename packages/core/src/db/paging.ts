import { createHash } from "node:crypto";
import { createConversions } from "electrodb";
import * as z from "../contract/zod";
import { HttpError } from "../errors";
import { allBuckets, bucketOf } from "./attributes";

/**
 * Server-side paging of the back office's lists (contract/admin.ts): a page is at most `limit`
 * items and at most MAX_PAGE_BYTES of JSON, and says where the next one starts with an opaque cursor.
 *
 * A cursor is base64url JSON of the position (the year partition and the last item's created_at and
 * id, or for lists sorted in memory the last item's sort value and id) plus a fingerprint of the
 * list and filters it was issued for. Anything else (not base64url JSON, another shape, another
 * list's or filter's fingerprint, a year outside the partitions) is a 400 naming `cursor`; the
 * position itself is rebuilt into a DynamoDB key by ElectroDB, so no client bytes reach DynamoDB
 * as a key.
 */
export interface Page<T> {
  items: T[];
  /** Absent on the last page. */
  next?: string;
}

/** Stays well under the 1 MB every admin response keeps to, whatever the items hold. */
export const MAX_PAGE_BYTES = 800_000;
/**
 * A filtered list reads query pages until the page is full or this time is spent, then answers
 * what it has with a cursor (the screen keeps loading): a search over every message never holds a
 * request for long, far inside the 10 s a function may run.
 */
export const LIST_TIME_BUDGET_MS = 2_000;
/** DynamoDB Limit of one filtered query page (items read before the filter; DynamoDB stops at 1 MB anyway). */
const FILTERED_QUERY_PAGE = 1_000;

export const INVALID_CURSOR = "cursor is not valid for this list";
const invalidCursor = () => new HttpError(400, "Validation failed", { fields: { cursor: INVALID_CURSOR } });

/** Which list and filters a cursor belongs to. */
export function fingerprint(list: string, filters: Record<string, string>): string {
  const entries = Object.keys(filters)
    .sort()
    .map((k) => [k, filters[k]]);
  return createHash("sha256")
    .update(JSON.stringify([list, entries]))
    .digest("base64url")
    .slice(0, 16);
}

const encode = (payload: object) => Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");

function decode<T>(raw: string | undefined, schema: z.ZodMiniType<T & { f: string }>, expected: string): T | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw invalidCursor();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data.f !== expected) throw invalidCursor();
  return parsed.data;
}

const isoTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}:\d{2}(\.\d{1,9})?z$/i));
const recordId = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,128}$/));
const sortedCursor = z.strictObject({ f: z.string(), k: z.tuple([z.string().check(z.maxLength(600)), recordId]) });

/** The attribute a year-partitioned index sorts on (its sort key is that attribute, then id). */
type SortAttribute = "created_at" | "published_at";
interface YearConversions {
  fromComposite: { toCursor(composite: Record<string, string>): string };
  fromCursor: { toComposite(cursor: string): Record<string, string | undefined> };
}
const conversionsByEntity = new WeakMap<object, Map<string, YearConversions>>();
/** ElectroDB's own cursor <-> key conversions for an entity's year-partitioned access pattern. */
function yearConversions(entity: object, pattern: string): YearConversions {
  let byPattern = conversionsByEntity.get(entity);
  if (!byPattern) conversionsByEntity.set(entity, (byPattern = new Map()));
  let c = byPattern.get(pattern);
  if (!c) {
    c = (createConversions(entity as never).byAccessPattern as unknown as Record<string, YearConversions>)[pattern]!;
    byPattern.set(pattern, c);
  }
  return c;
}

export interface YearPageRequest<T> {
  /** The entity whose year-partitioned index is read (for ElectroDB's cursor conversions). */
  entity: object;
  /**
   * The access pattern read (default `byYear`: partition `bucket`, sorted by `created_at`) and the
   * attribute its sort key starts with; its partition attribute holds that attribute's year.
   */
  index?: { pattern: string; partition: string; sortedBy: SortAttribute };
  /**
   * How long a filtered list reads before answering what it has (default LIST_TIME_BUDGET_MS). The
   * public blog pages by number, so its pages are always whole: Infinity.
   */
  timeBudgetMs?: number;
  /** Names the list in the cursor's fingerprint, with the filters. */
  list: string;
  filters: Record<string, string>;
  limit: number;
  cursor: string | undefined;
  order?: "desc" | "asc";
  /** True when `query` applies a FilterExpression: query pages then read more items each. */
  filtered: boolean;
  /**
   * A few records held in memory (the admin accounts beside the users), already filtered, merged
   * into the list in its order by the sort attribute and id; the cursor is then the last item's position.
   */
  extra?: T[];
  /** One Query page of a year partition, with the filters: ElectroDB's `.go({ cursor, limit, order })`. */
  query(bucket: string, page: { cursor: string | undefined; limit: number; order: "desc" | "asc" }): Promise<{ data: T[]; cursor: string | null }>;
}

/**
 * One page of a year-partitioned list (newest first unless `order` is asc): queries the year
 * partitions in order from the cursor's position, continuing query pages until `limit` items
 * matched, MAX_PAGE_BYTES is reached, the time budget is spent, or the list ends.
 */
export async function pageAcrossYears<T extends { id: string } & Partial<Record<SortAttribute, string>>>(r: YearPageRequest<T>): Promise<Page<T>> {
  const order = r.order ?? "desc";
  const { pattern, partition, sortedBy } = r.index ?? { pattern: "byYear", partition: "bucket", sortedBy: "created_at" };
  const conv = yearConversions(r.entity, pattern);
  return pageAcrossPartitions<T>({
    ...r,
    order,
    buckets: order === "desc" ? allBuckets() : allBuckets().reverse(),
    keyOf: (item) => [item[sortedBy] ?? "", item.id],
    bucketOf: ([time]) => bucketOf(time),
    toCursor: (bucket, [time, id]) => conv.fromComposite.toCursor({ [partition]: bucket, [sortedBy]: time, id }),
    fromCursor: (electroCursor) => {
      const composite = conv.fromCursor.toComposite(electroCursor);
      return [composite[sortedBy] ?? "", composite.id ?? ""];
    },
  });
}

/** A position in a partitioned list: the sort key's time (it starts with its partition's name) and the item's id. */
export type PartitionKey = readonly [string, string];

export interface PartitionedPageRequest<T> {
  /** The partitions in reading order (years, UTC days, ...). A position's time starts with its partition's name. */
  buckets: string[];
  /** Names the list in the cursor's fingerprint, with the filters. */
  list: string;
  filters: Record<string, string>;
  limit: number;
  cursor: string | undefined;
  order: "desc" | "asc";
  /** True when `query` applies a FilterExpression: query pages then read more items each. */
  filtered: boolean;
  /** How long a filtered list reads before answering what it has (default LIST_TIME_BUDGET_MS). */
  timeBudgetMs?: number;
  keyOf(item: T): PartitionKey;
  /** The partition a position is in. */
  bucketOf(key: PartitionKey): string;
  /**
   * A few records held in memory (the admin accounts beside the users), already filtered, merged
   * into the list in its order by position; the cursor is then the last item's position.
   */
  extra?: T[];
  /** ElectroDB's cursor of a position in a partition, and back (its own key conversions). */
  toCursor(bucket: string, key: PartitionKey): string;
  fromCursor(electroCursor: string): PartitionKey;
  /** One Query page of a partition, with the filters: ElectroDB's `.go({ cursor, limit, order })`. */
  query(bucket: string, page: { cursor: string | undefined; limit: number; order: "desc" | "asc" }): Promise<{ data: T[]; cursor: string | null }>;
}

const partitionCursor = z.strictObject({ f: z.string(), b: z.string().check(z.maxLength(100)), k: z.nullable(z.tuple([isoTime, recordId])) });

/**
 * One page of a partitioned list: queries the partitions in order from the cursor's position,
 * continuing query pages until `limit` items matched, MAX_PAGE_BYTES is reached, the time budget is
 * spent, or the list ends.
 */
export async function pageAcrossPartitions<T>(r: PartitionedPageRequest<T>): Promise<Page<T>> {
  const { order, buckets } = r;
  const f = fingerprint(r.list, { ...r.filters, order });
  const start = decode(r.cursor, partitionCursor, f);
  if (start && (!buckets.includes(start.b) || (start.k !== null && !start.k[0].toLowerCase().startsWith(start.b.toLowerCase())))) {
    throw invalidCursor();
  }
  const deadline = Date.now() + (r.timeBudgetMs ?? LIST_TIME_BUDGET_MS);
  const items: T[] = [];
  let bytes = 2;
  const at = (bucket: string, k: PartitionKey | null) => encode({ f, b: bucket, k });
  /** The partition the list goes on with after partition `i` ends; an unfiltered list skips empty partitions. */
  const bucketAfter = async (i: number): Promise<string | undefined> => {
    for (let j = i + 1; j < buckets.length; j++) {
      if (r.filtered) return buckets[j]!;
      const probe = await r.query(buckets[j]!, { cursor: undefined, limit: 1, order });
      if (probe.data.length) return buckets[j]!;
      if (Date.now() > deadline) return buckets[j]!;
    }
    return undefined;
  };

  // The extra records still to come, in list order: after the cursor's position.
  const sign = order === "asc" ? 1 : -1;
  const inOrder = (a: PartitionKey, b: PartitionKey) => sign * (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
  const bucketOfItem = (item: T) => r.bucketOf(r.keyOf(item));
  /** Does a record come before partition `bucket` starts, in list order? */
  const beforeBucket = (item: T, bucket: string) => sign * (bucketOfItem(item) < bucket ? -1 : bucketOfItem(item) > bucket ? 1 : 0) < 0;
  const pending = [...(r.extra ?? [])]
    .sort((a, b) => inOrder(r.keyOf(a), r.keyOf(b)))
    .filter((e) => !start || (start.k ? inOrder(r.keyOf(e), start.k) > 0 : !beforeBucket(e, start.b)));
  const atItem = (item: T) => at(bucketOfItem(item), r.keyOf(item));
  const push = (item: T) => {
    const size = Buffer.byteLength(JSON.stringify(item), "utf8") + 1;
    if (items.length === r.limit || (items.length > 0 && bytes + size > MAX_PAGE_BYTES)) return false;
    items.push(item);
    bytes += size;
    return true;
  };
  /** Adds the extra records that come before `until` (none: all); false when the page filled first. */
  const pushExtrasBefore = (until: ((e: T) => boolean) | undefined) => {
    while (pending.length && (!until || until(pending[0]!))) {
      if (!push(pending[0]!)) return false;
      pending.shift();
    }
    return true;
  };
  /** Answers with `next` as where the list goes on, after the extra records before it. */
  const finish = (next: string | undefined, until: ((e: T) => boolean) | undefined): Page<T> =>
    pushExtrasBefore(until) ? (next ? { items, next } : { items }) : { items, next: atItem(items.at(-1)!) };

  let k: PartitionKey | null = start?.k ?? null;
  for (let i = start ? buckets.indexOf(start.b) : 0; i < buckets.length; i++, k = null) {
    const bucket = buckets[i]!;
    let cursor: string | undefined = k ? r.toCursor(bucket, k) : undefined;
    do {
      const need = r.limit - items.length;
      // One more than needed: DynamoDB cannot tell a page that ends the partition from one that
      // does not, and the extra item says whether a next page exists (no trailing empty page).
      const page = await r.query(bucket, { cursor, limit: r.filtered ? Math.max(need + 1, FILTERED_QUERY_PAGE) : need + 1, order });
      for (const item of page.data) {
        if (!pushExtrasBefore((e) => inOrder(r.keyOf(e), r.keyOf(item)) < 0) || !push(item)) return { items, next: atItem(items.at(-1)!) };
      }
      cursor = page.cursor ?? undefined;
      const full = items.length === r.limit;
      if (full || Date.now() > deadline) {
        if (cursor) {
          const position = r.fromCursor(cursor);
          return finish(at(bucket, position), (e) => inOrder(r.keyOf(e), position) <= 0);
        }
        const next = await bucketAfter(i);
        return next ? finish(at(next, null), (e) => beforeBucket(e, next)) : finish(undefined, undefined);
      }
    } while (cursor);
  }
  return finish(undefined, undefined);
}

/**
 * One page of a list held in memory, in the order of `sortValue` then id (a keyset cursor, so a
 * record added or deleted between pages moves no other record across a page boundary).
 */
export function pageSorted<T extends { id: string }>(
  all: T[],
  r: { list: string; filters: Record<string, string>; limit: number; cursor: string | undefined; order: "desc" | "asc"; sortValue: (item: T) => string },
): Page<T> {
  const f = fingerprint(r.list, { ...r.filters, order: r.order });
  const start = decode(r.cursor, sortedCursor, f);
  const sign = r.order === "asc" ? 1 : -1;
  const compare = (a: readonly [string, string], b: readonly [string, string]) => sign * (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
  const keyed = all.map((item) => ({ item, key: [r.sortValue(item), item.id] as const })).sort((a, b) => compare(a.key, b.key));
  const from = start ? keyed.findIndex((e) => compare(e.key, start.k) > 0) : 0;
  const items: T[] = [];
  let bytes = 2;
  let i = from === -1 ? keyed.length : from;
  for (; i < keyed.length && items.length < r.limit; i++) {
    const size = Buffer.byteLength(JSON.stringify(keyed[i]!.item), "utf8") + 1;
    if (items.length > 0 && bytes + size > MAX_PAGE_BYTES) break;
    items.push(keyed[i]!.item);
    bytes += size;
  }
  return i < keyed.length ? { items, next: encode({ f, k: keyed[i - 1]!.key }) } : { items };
}

/** The `n` newest items of a year-partitioned list: the newest partitions first, `limit n` each, no more. */
export async function newestAcrossYears<T>(n: number, queryYear: (bucket: string, limit: number) => Promise<{ data: T[] }>): Promise<T[]> {
  const out: T[] = [];
  for (const bucket of allBuckets()) {
    out.push(...(await queryYear(bucket, n - out.length)).data);
    if (out.length >= n) break;
  }
  return out.slice(0, n);
}
