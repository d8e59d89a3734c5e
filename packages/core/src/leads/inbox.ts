import { randomUUID } from "node:crypto";
import { CounterDeltas, Counters, type CounterKey } from "../counters/counters";
import { acrossYears, backfillAcrossYears, bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { newestAcrossYears, pageAcrossYears, type Page } from "../db/paging";
import { ConflictError, NotFoundError } from "../errors";
import type { LeadMailStatus } from "./attributes";
import { leadStored, type LeadKind } from "./outbox";
import { leadCreated } from "../webhooks/webhooks";

/**
 * What the two inboxes (messages, registrations) share, once: storing a lead and announcing it,
 * reading one, paging the list with its filters over every record, counting the matches, the Overview's
 * newest, deleting, the recount's backfill, and bulk actions. Each lead module (messages/messages.ts,
 * registrations/registrations.ts) configures one with its entity, its filters and what it counts.
 */

/** The ElectroDB calls an inbox makes, on either lead entity (their attribute types differ). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one type for both lead entities, whose ElectroDB item and where-callback types differ
type Chain = { go(options?: object): Promise<any>; where(fn: (attrs: any, ops: any) => string): Chain; set(values: object): Chain };
export interface LeadEntity {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above: either entity's item
  create(item: object): { go(): Promise<{ data: any }> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above: either entity's item
  get(key: { id: string }): { go(): Promise<{ data: any }> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above: either entity's item
  remove(key: { id: string }): { go(options: { response: "all_old" }): Promise<{ data: any }> };
  patch(key: { id: string }): Chain;
  query: { byYear(key: { bucket: string }): Chain };
}

export interface LeadRecord {
  id: string;
  created_at: string;
  mail_status?: LeadMailStatus;
}

/** A change one write made: the record before and after it (after undefined: deleted); null when it changed nothing. */
export type Change<T> = { before: T; after: T | undefined } | null;

export interface InboxConfig<T extends LeadRecord, F extends Record<string, string>, I> {
  kind: LeadKind;
  /** The stored fields of a new lead from what the visitor sent, with its first state (unread, pending). */
  fields: (input: I) => Partial<T>;
  /** Names the list in its cursors. */
  list: string;
  entity: () => LeadEntity;
  /** What one record counts towards (counters/counters.ts `tally`), and the counter of them all. */
  tally: (record: T) => CounterKey[];
  total: CounterKey;
  notFound: string;
  /** The hidden search text of a record. */
  searchOf: (record: Partial<T>) => string;
  /** The FilterExpression conditions of the filters (q, status...), "" for a filter not set. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ElectroDB's where-callback arguments, typed per entity
  conditions: (attrs: any, ops: any, filters: F) => string[];
  /** The attributes the Overview's newest list shows. */
  newestAttributes: string[];
}

/** Records changed at once by a bulk action (then their counters move in one ADD each). */
const BULK_CONCURRENCY = 25;
/** A bulk action over a filter works this long per call, then answers a cursor (like Mark All Read). */
export const BULK_BUDGET_MS = 3_000;
/** Matches read per step of a bulk action over a filter. */
const BULK_PAGE = 100;

export type BulkTarget<F> = { ids: string[]; filter?: undefined; cursor?: undefined } | { ids?: undefined; filter: F; cursor?: string | undefined };
export interface BulkOutcome {
  updated: number;
  processed: number;
  cursor?: string;
}

/** A step that hands each record it deleted to `removed` (the Trash) before the delete is counted. */
export const keepingRemoved =
  <T>(step: (id: string) => Promise<Change<T>>, removed: (record: T) => Promise<unknown>) =>
  async (id: string): Promise<Change<T>> => {
    const change = await step(id);
    if (change && !change.after) await removed(change.before);
    return change;
  };

export function leadInbox<T extends LeadRecord, F extends Record<string, string>, I>(c: InboxConfig<T, F, I>) {
  const notFound = () => new NotFoundError(c.notFound);
  const isFiltered = (filters: F) => Object.values(filters).some((v) => v !== "" && v !== "all");
  const queryYear = (filters: F) => (bucket: string, page: object) => {
    const byYear = c.entity().query.byYear({ bucket });
    if (!isFiltered(filters)) return byYear.go(page);
    return byYear.where((attrs, ops) => c.conditions(attrs, ops, filters).filter(Boolean).join(" AND ")).go(page);
  };

  async function get(id: string): Promise<T> {
    const { data } = await c.entity().get({ id }).go();
    if (!data) throw notFound();
    return data as T;
  }

  async function list(query: F & { limit: number; cursor?: string | undefined }): Promise<Page<T>> {
    const { limit, cursor, ...filters } = query;
    return pageAcrossYears<T>({
      entity: c.entity(),
      list: c.list,
      filters: filters as Record<string, string>,
      limit,
      cursor,
      filtered: isFiltered(filters as unknown as F),
      query: queryYear(filters as unknown as F),
    });
  }

  /**
   * Applies `step` to each id, BULK_CONCURRENCY at a time, and moves the counters by what the
   * steps changed with one ADD per counter per group. Answers how many the steps changed.
   */
  async function applyAll(ids: string[], step: (id: string) => Promise<Change<T>>): Promise<number> {
    let updated = 0;
    for (let i = 0; i < ids.length; i += BULK_CONCURRENCY) {
      const changes = await Promise.all(ids.slice(i, i + BULK_CONCURRENCY).map(step));
      const deltas = new CounterDeltas();
      for (const change of changes) {
        if (!change) continue;
        updated++;
        deltas.addAll(c.tally(change.before), -1);
        if (change.after) deltas.addAll(c.tally(change.after), +1);
      }
      await Counters.apply(deltas);
    }
    return updated;
  }

  /** The stored form of a new lead (bulk loads such as the bench write these directly, then recount). */
  const record = (input: I, created_at = new Date().toISOString()) => {
    const fields = c.fields(input);
    return { ...fields, id: randomUUID(), created_at, bucket: bucketOf(created_at), search: c.searchOf(fields) } as T & { bucket: string; search: string };
  };

  return {
    record,

    /** Stores a new lead (mail pending), counts it, and tells the sender its mail is due. */
    async create(input: I, created_at = new Date().toISOString()): Promise<T> {
      const { data } = await c
        .entity()
        .create({ ...record(input, created_at), mail_status: "pending" })
        .go();
      await Counters.change(c.tally, undefined, data as T);
      leadStored(c.kind, data.id);
      await leadCreated(c.kind, data);
      return data as T;
    },

    get,
    list,

    /** Every lead, newest first: one Query per year partition (the recount, not request paths). */
    listAll: (): Promise<T[]> => acrossYears((bucket) => c.entity().query.byYear({ bucket }).go({ pages: "all", order: "desc" })),

    /**
     * How many leads match the filters: the counter when unfiltered, otherwise every year partition
     * queried with the filters (ids only). An agency's thousands of leads take a few query pages.
     */
    async count(filters: F): Promise<number> {
      if (!isFiltered(filters)) return (await Counters.read([c.total]))[0] ?? 0;
      const years = await acrossYears(async (bucket) => queryYear(filters)(bucket, { pages: "all", attributes: ["id", "created_at"] }));
      return years.length;
    },

    /** The `n` newest leads (the Overview): `limit n` on the newest year partitions, only `newestAttributes`. */
    newest: (n: number): Promise<T[]> => newestAcrossYears(n, (bucket, limit) => c.entity().query.byYear({ bucket }).go({ limit, order: "desc", attributes: c.newestAttributes })),

    /**
     * A conditional write and the change it made (null when the condition failed: already so, or
     * gone). `set` applies to a record that `unless` says is not in that state yet.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- ElectroDB's where-callback arguments, typed per entity
    async patchIf(id: string, set: Partial<T>, unless: (attrs: any, ops: any) => string): Promise<Change<T>> {
      try {
        const { data } = await c.entity().patch({ id }).set(set).where(unless).go({ response: "all_old" });
        return { before: data as T, after: { ...(data as T), ...set } };
      } catch (err) {
        if (isConditionalFailure(err)) return null;
        throw err;
      }
    },

    /** Deletes a lead; the change it made, or null when it was gone already. */
    async removeStep(id: string): Promise<Change<T>> {
      try {
        const { data } = await c.entity().remove({ id }).go({ response: "all_old" });
        return data ? { before: data as T, after: undefined } : null;
      } catch (err) {
        if (isConditionalFailure(err)) return null;
        throw err;
      }
    },

    /** One change through `step`, counted; the record after it (404 when there is none). */
    async changeOne(id: string, step: (id: string) => Promise<Change<T>>): Promise<T | undefined> {
      const change = await step(id);
      if (!change) return undefined;
      await Counters.change(c.tally, change.before, change.after);
      return change.after;
    },

    /** Puts a deleted lead back as it was stored, under its id (the Trash), and counts it again; 409 when the id is taken. */
    async restore(stored: T): Promise<T> {
      // A lead deleted while its notification was due or being sent is due again: the sender's claim
      // ended with the delete, and a restored `sending` would never be mailed nor retried.
      const { mail_claimed_at: _claim, ...kept } = stored as T & { mail_status?: LeadMailStatus; mail_claimed_at?: string };
      const inFlight = kept.mail_status === "pending" || kept.mail_status === "sending";
      const fields = { ...kept, ...(inFlight ? { mail_status: "pending" as const } : {}), bucket: bucketOf(stored.created_at), search: c.searchOf(stored) };
      let data: T;
      try {
        ({ data } = await c.entity().create(fields).go());
      } catch (err) {
        if (isConditionalFailure(err)) throw new ConflictError("It already exists");
        throw err;
      }
      await Counters.change(c.tally, undefined, data);
      if (inFlight) leadStored(c.kind, data.id);
      return data;
    },

    /** Deletes one lead (404 when there is none), uncounting exactly what was deleted; the deleted record. */
    async remove(id: string, step: (id: string) => Promise<Change<T>>): Promise<T> {
      const change = await step(id);
      if (!change) throw notFound();
      await Counters.change(c.tally, change.before, change.after);
      return change.before;
    },

    /**
     * A bulk action: `step` on each of `ids` (all in this call), or on every lead matching a filter,
     * page by page from `cursor` for about BULK_BUDGET_MS, answering the cursor to go on from
     * (absent when the list ended). A page's position stays valid when its leads change or go, so
     * a filter the action empties (Unread, then Mark read) is walked once, like any other.
     */
    async bulk(target: BulkTarget<F>, step: (id: string) => Promise<Change<T>>): Promise<BulkOutcome> {
      if (target.ids) return { updated: await applyAll([...new Set(target.ids)], step), processed: target.ids.length };
      const started = Date.now();
      let cursor = target.cursor;
      let updated = 0;
      let processed = 0;
      do {
        const page = await list({ ...target.filter, limit: BULK_PAGE, cursor });
        updated += await applyAll(
          page.items.map((r) => r.id),
          step,
        );
        processed += page.items.length;
        cursor = page.next;
      } while (cursor && Date.now() - started < BULK_BUDGET_MS);
      return cursor ? { updated, processed, cursor } : { updated, processed };
    },

    /** Writes the hidden search attribute of leads stored before it existed (the recount). */
    backfillSearch: () =>
      backfillAcrossYears(
        (bucket) =>
          c
            .entity()
            .query.byYear({ bucket })
            .where((r, { notExists }) => notExists(r.search))
            .go({ pages: "all" }),
        (r: T) =>
          c
            .entity()
            .patch({ id: r.id })
            .set({ search: c.searchOf(r) })
            .go({ response: "none" }),
      ),
  };
}
