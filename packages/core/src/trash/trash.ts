import { randomUUID } from "node:crypto";
import { createConversions, type EntityItem } from "electrodb";
import type { AuditActor } from "../contract/audit";
import { TRASH_DAYS, trashEntities, trashListQuery, type TrashEntity, type TrashItem } from "../contract/trash";
import { isConditionalFailure } from "../db/errors";
import { pageAcrossPartitions, type Page } from "../db/paging";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { TrashEntity as TrashItemEntity } from "./entity";

/**
 * The Trash (contract/trash.ts): the delete paths keep what they deleted here (`keep`), the Trash
 * screen lists it, and a restore or purge takes it out (`take`). What a restore writes back is each
 * feature's own domain code (./restore.ts).
 */
type Stored = EntityItem<typeof TrashItemEntity>;

const DAY_S = 86_400;
const monthOf = (iso: string) => iso.slice(0, 7);
const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
const notFound = () => new NotFoundError("Not in the Trash");

/** A label for a deleted record: its title, name, file name or address. */
export function labelOf(record: Record<string, unknown>): string {
  for (const k of ["title", "name", "filename", "full_name", "email"]) {
    if (Object.hasOwn(record, k) && typeof record[k] === "string" && record[k]) return record[k] as string;
  }
  return "";
}

const toItem = (s: Stored): TrashItem => ({
  id: s.id,
  entity: s.entity,
  entity_id: s.entity_id,
  label: s.label,
  deleted_at: s.deleted_at,
  deleted_by: s.deleted_by as AuditActor,
  expires_at: new Date(s.ttl * 1000).toISOString(),
});
/** Expired items stay until DynamoDB's TTL deletes them (never, locally): no read answers one. */
const live = (s: Stored, now: Date) => s.ttl * 1000 > now.getTime();

interface Conversions {
  fromComposite: { toCursor(composite: Record<string, string>): string };
  fromCursor: { toComposite(cursor: string): { deleted_at?: string; id?: string } };
}
let conversions: Conversions | undefined;
const convert = () => (conversions ??= (createConversions(TrashItemEntity).byAccessPattern as unknown as { byMonth: Conversions }).byMonth);

export const Trash = {
  /** Keeps a deleted record for TRASH_DAYS. */
  async keep(entity: TrashEntity, record: object, by: AuditActor, now = new Date()): Promise<TrashItem> {
    const deleted_at = now.toISOString();
    const stored = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
    const { data } = await db()
      .trashItem.create({
        id: randomUUID(),
        entity,
        entity_id: clip(String(stored.id ?? ""), 300),
        label: clip(labelOf(stored), 300),
        deleted_at,
        month: monthOf(deleted_at),
        deleted_by: { type: by.type, id: clip(by.id, 300), name: clip(by.name, 300) },
        record: stored,
        ttl: Math.floor(now.getTime() / 1000) + TRASH_DAYS * DAY_S,
      })
      .go();
    return toItem(data as Stored);
  },

  /**
   * A page of trashed items, newest first: this month's partition and the one before (a month back
   * covers TRASH_DAYS), optionally of some kinds only (`entities`: what the reader may see).
   */
  async list(raw: unknown, entities: readonly TrashEntity[], now = new Date()): Promise<Page<TrashItem>> {
    const q = trashListQuery.parse(raw);
    const kinds = q.entity ? entities.filter((e) => e === q.entity) : entities;
    if (!kinds.length) return { items: [] };
    const thisMonth = monthOf(now.toISOString());
    const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString());
    const filtered = Boolean(q.entity) || kinds.length < trashEntities.length;
    const conv = convert();
    return pageAcrossPartitions<TrashItem>({
      list: "trash",
      filters: { entity: kinds.join(",") },
      limit: q.limit,
      cursor: q.cursor,
      order: "desc",
      filtered,
      buckets: [thisMonth, lastMonth],
      keyOf: (i) => [i.deleted_at, i.id],
      bucketOf: ([at]) => monthOf(at),
      toCursor: (month, [deleted_at, id]) => conv.fromComposite.toCursor({ month, deleted_at, id }),
      fromCursor: (c) => {
        const { deleted_at, id } = conv.fromCursor.toComposite(c);
        return [deleted_at ?? "", id ?? ""];
      },
      query: async (month, page) => {
        const query = db().trashItem.query.byMonth({ month });
        const res = await (filtered ? query.where((t, op) => `(${kinds.map((k) => op.eq(t.entity, k)).join(" OR ")})`) : query).go(page);
        return { data: (res.data as Stored[]).filter((s) => live(s, now)).map(toItem), cursor: res.cursor };
      },
    });
  },

  /** One trashed item with its record; 404 when there is none (or it expired). */
  async get(id: string, now = new Date()): Promise<TrashItem & { record: Record<string, unknown> }> {
    const { data } = await db().trashItem.get({ id }).go();
    if (!data || !live(data as Stored, now)) throw notFound();
    return { ...toItem(data as Stored), record: data.record as Record<string, unknown> };
  },

  /** Takes an item out of the Trash (restored or purged); 404 when another request took it first. */
  async take(id: string): Promise<void> {
    try {
      await db()
        .trashItem.delete({ id })
        .where((t, { exists }) => exists(t.id))
        .go({ response: "none" });
    } catch (err) {
      if (isConditionalFailure(err)) throw notFound();
      throw err;
    }
  },
};
