import { randomUUID } from "node:crypto";
import { config } from "../config";

/** Attribute definitions every entity shares; spread into an entity's `attributes`. */
export const idAttribute = {
  type: "string",
  required: true,
  readOnly: true,
  default: () => randomUUID(),
} as const;

export const timestamps = {
  created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
  updated_at: {
    type: "string",
    required: true,
    default: () => new Date().toISOString(),
    // Every write refreshes it, unless the write sets it itself: a backfill is not an edit.
    watch: "*",
    set: (value?: string) => value ?? new Date().toISOString(),
  },
} as const;

/**
 * Lists that grow without bound (posts, messages, registrations, users) are partitioned by the year
 * they were created in, so no partition holds them all. Readers query each year's partition.
 */
export const bucketOf = (isoDate: string) => isoDate.slice(0, 4);
export const bucketAttribute = { type: "string", required: true, readOnly: true, hidden: true } as const;

/**
 * The searchable fields of a record, lowercased, in one hidden attribute: the back office's search
 * is a `contains(search, :q)` FilterExpression over every record of the list, not over a loaded page.
 * Written on create (and on every change of a searched field); the recount backfills older records.
 */
export const searchAttribute = { type: "string", hidden: true } as const;
export const searchText = (...fields: (string | undefined)[]) =>
  fields
    .filter((f) => f)
    .join("\n")
    .toLowerCase();

/**
 * How far another machine's clock may run ahead of this one's. Records are stamped by the server
 * that writes them (created_at, published_at), never in the future of its own clock, so next year's
 * partition can hold a record only when this reader's clock is this close to the new year.
 */
const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
/**
 * The year partitions a record can be in, newest first: from this year (next year too in the last
 * day of December) back to the first year a record can carry (config.recordsSince). Each is one Query
 * of every list, so none is read needlessly.
 */
export function allBuckets(now = new Date()): string[] {
  const years: string[] = [];
  const first = config.recordsSince;
  for (let y = new Date(now.getTime() + CLOCK_SKEW_MS).getUTCFullYear(); y >= first; y--) years.push(String(y));
  return years;
}

export const newestFirst = <T extends { created_at: string }>(a: T, b: T) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

export const byOrderIndex = <T extends { order_index: number; created_at: string }>(a: T, b: T) =>
  a.order_index - b.order_index || (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0);

/** The index every year-partitioned list uses: one partition per year, newest first by created_at. */
export const byYearIndex = (index: "gsi1" | "gsi2") =>
  ({
    index,
    pk: { field: `${index}pk`, composite: ["bucket"] },
    sk: { field: `${index}sk`, composite: ["created_at", "id"] },
  }) as const;

/** Reads a year-partitioned list: one Query per year, run together, merged newest first. */
export async function acrossYears<T extends { created_at: string }>(queryYear: (bucket: string) => Promise<{ data: T[] }>): Promise<T[]> {
  const pages = await Promise.all(allBuckets().map(queryYear));
  return pages.flatMap((p) => p.data).sort(newestFirst);
}

/**
 * Writes the hidden search attribute of records stored before it existed (the recount): `missing`
 * queries one year's records without it, `write` patches one.
 */
export async function backfillAcrossYears<T>(missing: (bucket: string) => Promise<{ data: T[] }>, write: (record: T) => Promise<unknown>): Promise<number> {
  let written = 0;
  for (const bucket of allBuckets()) {
    for (const record of (await missing(bucket)).data) {
      await write(record);
      written++;
    }
  }
  return written;
}
