import { randomUUID } from "node:crypto";
import { createConversions, type EntityItem } from "electrodb";
import { AUDIT_RETENTION_DAYS, auditListQuery, type AuditActor, type AuditEntry } from "../contract/audit";
import { db } from "../db/service";
import { pageAcrossPartitions, type Page, type PartitionKey } from "../db/paging";
import { AuditEntryEntity } from "./entity";

/** What an admin action says about itself; the rest (id, time, expiry) the log adds. */
export type AuditInput = Omit<AuditEntry, "id" | "at">;

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString());
/** Whatever a request carried, an entry stays small (a user agent or a label is not a document). */
const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

type Stored = EntityItem<typeof AuditEntryEntity>;
const toEntry = (item: Stored): AuditEntry => ({
  id: item.id,
  at: item.at,
  actor: item.actor as AuditActor,
  action: item.action,
  entity: item.entity,
  entity_id: item.entity_id,
  entity_label: item.entity_label,
  changed_fields: item.changed_fields,
  ip: item.ip,
  user_agent: item.user_agent,
});

interface Conversions {
  fromComposite: { toCursor(composite: Record<string, string>): string };
  fromCursor: { toComposite(cursor: string): { at?: string; id?: string } };
}
let conversions: { byDay: Conversions; byActor: Conversions } | undefined;
const convert = () => (conversions ??= createConversions(AuditEntryEntity).byAccessPattern as unknown as { byDay: Conversions; byActor: Conversions });

/** Days this process has already marked as having entries (the marker is idempotent; this only saves writes). */
const markedDays = new Set<string>();

export const AuditLog = {
  /** Appends one entry (a conditional create: an entry is never overwritten). */
  async record(input: AuditInput, now = new Date()): Promise<AuditEntry> {
    const at = now.toISOString();
    const ttl = Math.floor(now.getTime() / 1000) + AUDIT_RETENTION_DAYS * 86_400;
    const day = dayOf(at);
    if (!markedDays.has(day)) {
      await db().auditDay.put({ day, ttl }).go({ response: "none" });
      markedDays.add(day);
    }
    const { data } = await db()
      .auditEntry.create({
        id: randomUUID(),
        at,
        day: dayOf(at),
        actor: { type: input.actor.type, id: clip(input.actor.id, 300), name: clip(input.actor.name, 300) },
        // "" for no actor: the index condition then writes no byActor keys.
        actor_key: clip(input.actor.id, 300),
        action: input.action,
        entity: input.entity,
        entity_id: clip(input.entity_id, 300),
        entity_label: clip(input.entity_label, 300),
        changed_fields: input.changed_fields.slice(0, 100).map((f) => clip(f, 100)),
        ip: clip(input.ip, 100),
        user_agent: clip(input.user_agent, 512),
        ttl,
      })
      .go();
    return toEntry(data as Stored);
  },

  /**
   * A page of entries, newest first: one actor's through the byActor index, otherwise day by day
   * from `to` (default today) back to `from` (default, and at the earliest, the oldest retained day),
   * reading only the days that have entries.
   */
  async list(raw: unknown, now = new Date()): Promise<Page<AuditEntry>> {
    const q = auditListQuery.parse(raw);
    const today = dayOf(now.toISOString());
    const oldest = addDays(today, -(AUDIT_RETENTION_DAYS - 1));
    const from = q.from && q.from > oldest ? q.from : oldest;
    const to = q.to && q.to < today ? q.to : today;
    const filters = { actor: q.actor ?? "", entity: q.entity ?? "", action: q.action ?? "", from, to };
    const filtered = Boolean(q.entity || q.action);
    const keyOf = (e: AuditEntry): PartitionKey => [e.at, e.id];
    type Query = ReturnType<ReturnType<typeof db>["auditEntry"]["query"]["byDay"]>;
    /** One Query page, with the entity and action filters as a FilterExpression. */
    const go = async (query: Query, page: { cursor: string | undefined; limit: number; order: "desc" | "asc" }) => {
      const res = await (
        filtered ? query.where((e, op) => [q.entity ? op.eq(e.entity, q.entity) : "", q.action ? op.eq(e.action, q.action) : ""].filter(Boolean).join(" AND ")) : query
      ).go(page);
      return { data: res.data.map(toEntry), cursor: res.cursor };
    };
    if (from > to) return { items: [] };

    /** Pages across `buckets` (partitions, newest first), with the cursor in the index's own form. */
    const across = (
      conv: Conversions,
      buckets: string[],
      bucketOf: (key: PartitionKey) => string,
      composite: (bucket: string, at: string, id: string) => Record<string, string>,
      query: (bucket: string) => Query,
    ) =>
      pageAcrossPartitions<AuditEntry>({
        list: "audit-log",
        filters,
        limit: q.limit,
        cursor: q.cursor,
        order: "desc",
        filtered,
        buckets,
        keyOf,
        bucketOf,
        toCursor: (bucket, [at, id]) => conv.fromComposite.toCursor(composite(bucket, at, id)),
        fromCursor: (c) => {
          const { at, id } = conv.fromCursor.toComposite(c);
          return [at ?? "", id ?? ""];
        },
        query: (bucket, page) => go(query(bucket), page),
      });

    if (q.actor) {
      const actor_key = q.actor;
      // One partition: the actor's; the range of days is a condition on the sort key.
      return across(
        convert().byActor,
        [""],
        () => "",
        (_b, at, id) => ({ actor_key, at, id, day: dayOf(at) }),
        () =>
          db()
            .auditEntry.query.byActor({ actor_key })
            .between({ at: from }, { at: addDays(to, 1) }) as unknown as Query,
      );
    }

    // Only the days that have entries (one Query), newest first.
    const days = (
      await db()
        .auditDay.query.days({})
        .between({ day: from }, { day: to })
        .go({ pages: "all", order: "desc", attributes: ["day"] })
    ).data.map((d) => d.day);
    return across(
      convert().byDay,
      days,
      ([at]) => dayOf(at),
      (day, at, id) => ({ day, at, id }),
      (day) => db().auditEntry.query.byDay({ day }),
    );
  },
};
