import { createHash } from "node:crypto";
import * as z from "../contract/zod";
import type { AuditActor } from "../contract/audit";
import {
  bookkeepingFields,
  REVISIONS_KEPT,
  revisionEntities,
  revisionListQuery,
  type Revision,
  type RevisionAction,
  type RevisionEntity,
  type RevisionSummary,
} from "../contract/revisions";
import { isConditionalFailure } from "../db/errors";
import { fingerprint, INVALID_CURSOR, type Page } from "../db/paging";
import { db } from "../db/service";
import { HttpError, NotFoundError } from "../errors";

/** What a save says about itself; the rest (number, time, changed fields) the history adds. */
export interface RevisionInput {
  entity: RevisionEntity;
  item_id: string;
  actor: AuditActor;
  action: RevisionAction;
  /** The item as the save answered it. */
  snapshot: Record<string, unknown>;
  /** The fields the save sent: the changed fields of an item's first revision when it was not a create. */
  sent?: string[];
}

const pad = (n: number) => String(n).padStart(10, "0");
const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);
/** Fields whose change is news: not the bookkeeping every save moves. */
const editable = (snapshot: Record<string, unknown>) => Object.keys(snapshot).filter((k) => !bookkeepingFields.includes(k));
const hashOf = (value: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(value ?? null))
    .digest("base64url")
    .slice(0, 16);
/** Set when an item is created and never changed after: not news in a create's changed fields. */
const identity = new Set(["id", "key", "created_at"]);

/** An opaque revision id: the item and the revision's number. */
const revisionId = (entity: RevisionEntity, item_id: string, n: number) => Buffer.from(JSON.stringify([entity, item_id, n]), "utf8").toString("base64url");
const revisionKey = z.tuple([z.enum(revisionEntities), z.string().check(z.minLength(1), z.maxLength(300)), z.number().check(z.int(), z.gte(1))]);
const notFound = () => new NotFoundError("Revision not found");
function parseRevisionId(id: string) {
  if (!/^[A-Za-z0-9_-]{1,600}$/.test(id)) throw notFound();
  try {
    const [entity, item_id, n] = revisionKey.parse(JSON.parse(Buffer.from(id, "base64url").toString("utf8")));
    return { entity, item_id, n };
  } catch {
    throw notFound();
  }
}

const invalidCursor = () => new HttpError(400, "Validation failed", { fields: { cursor: INVALID_CURSOR } });
const listCursor = z.strictObject({ f: z.string(), n: z.number().check(z.int(), z.gte(1)) });

type Stored = {
  entity: RevisionEntity;
  item_id: string;
  seq: string;
  at: string;
  actor: AuditActor;
  action: RevisionAction;
  version: number;
  changed_fields: string[];
  ttl?: number;
};
const toSummary = (r: Stored): RevisionSummary => {
  const number = Number(r.seq);
  return {
    id: revisionId(r.entity, r.item_id, number),
    entity: r.entity,
    item_id: r.item_id,
    number,
    at: r.at,
    actor: r.actor,
    action: r.action,
    version: r.version,
    changed_fields: r.changed_fields,
  };
};

/** Who stored an item's first revision when no save ever had: the item as seeded, imported or stored before revisions. */
export const originalActor: AuditActor = { type: "system", id: "system#original", name: "System" };

export const Revisions = {
  /**
   * Before the first save of an item without history (seeded, imported, older than revisions) is
   * stored as a revision, keeps the item as it was as revision 1 by the system, so the first edit
   * of any starting text can be compared and undone. A no-op for an item with history.
   */
  async baseline(entity: RevisionEntity, item_id: string, before: Record<string, unknown>, now = new Date()): Promise<void> {
    const { data: head } = await db().revisionHead.get({ entity, item_id }).go();
    if (head) return;
    await Revisions.record({ entity, item_id, actor: originalActor, action: "create", snapshot: before }, now);
  },

  /**
   * Stores a revision of a save: takes the item's next number and its fields' hashes in one write to
   * its head (which answers the previous hashes: the changed fields are those whose hash moved),
   * writes the revision and its snapshot, and expires the revision that falls out of the newest
   * REVISIONS_KEPT.
   */
  async record(input: RevisionInput, now = new Date()): Promise<RevisionSummary> {
    const { entity, item_id } = input;
    const snapshot = JSON.parse(JSON.stringify(input.snapshot)) as Record<string, unknown>;
    const fields = editable(snapshot);
    const hashes = Object.fromEntries(fields.map((f) => [f, hashOf(snapshot[f])]));
    const { data: before } = await db().revisionHead.update({ entity, item_id }).add({ last: 1 }).set({ hashes }).go({ response: "all_old" });
    const previous = before && typeof before.last === "number" ? before : undefined;
    const n = (previous?.last ?? 0) + 1;
    let changed: string[];
    if (previous) {
      const old = (previous.hashes ?? {}) as Record<string, string>;
      const names = new Set([...fields, ...Object.keys(old)]);
      changed = [...names].filter((f) => (Object.hasOwn(old, f) ? old[f] : undefined) !== (Object.hasOwn(hashes, f) ? hashes[f] : undefined));
    } else {
      // The item's first revision: a create sets every field; a save of an item older than revisions
      // changed what it sent (all fields when what it sent names none of them: a settings batch).
      const sent = input.action === "create" || input.action === "restore" ? [] : (input.sent ?? []).filter((f) => fields.includes(f));
      changed = sent.length ? sent : fields.filter((f) => !identity.has(f));
    }
    const stored: Stored = {
      entity,
      item_id,
      seq: pad(n),
      at: now.toISOString(),
      actor: { type: input.actor.type, id: clip(input.actor.id, 300), name: clip(input.actor.name, 300) },
      action: input.action,
      version: typeof snapshot.version === "number" ? snapshot.version : 1,
      changed_fields: changed.slice(0, 200).map((f) => clip(f, 100)),
    };
    await Promise.all([
      db().revision.put(stored).go({ response: "none" }),
      db()
        .revisionSnapshot.put({ entity, item_id, seq: pad(n), snapshot })
        .go({ response: "none" }),
    ]);
    if (n > REVISIONS_KEPT) {
      const ttl = Math.floor(now.getTime() / 1000);
      const key = { entity, item_id, seq: pad(n - REVISIONS_KEPT) };
      const ignoreMissing = (err: unknown) => {
        if (!isConditionalFailure(err)) throw err;
      };
      await Promise.all([
        db().revision.patch(key).set({ ttl }).go({ response: "none" }).catch(ignoreMissing),
        db().revisionSnapshot.patch(key).set({ ttl }).go({ response: "none" }).catch(ignoreMissing),
      ]);
    }
    return toSummary(stored);
  },

  /** A page of an item's kept revisions, newest first (contract/revisions.ts). */
  async list(raw: unknown): Promise<Page<RevisionSummary>> {
    const q = revisionListQuery.parse(raw);
    const { entity, id: item_id } = q;
    const f = fingerprint("revisions", { entity, id: item_id });
    let from: number | undefined;
    if (q.cursor) {
      if (!/^[A-Za-z0-9_-]+$/.test(q.cursor)) throw invalidCursor();
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(q.cursor, "base64url").toString("utf8"));
      } catch {
        throw invalidCursor();
      }
      const parsed = listCursor.safeParse(json);
      if (!parsed.success || parsed.data.f !== f) throw invalidCursor();
      from = parsed.data.n;
    }
    const { data: head } = await db().revisionHead.get({ entity, item_id }).go();
    if (!head) return { items: [] };
    const lowest = Math.max(1, head.last - REVISIONS_KEPT + 1);
    const highest = from === undefined ? head.last : Math.min(head.last, from - 1);
    if (highest < lowest) return { items: [] };
    const { data } = await db()
      .revision.query.byItem({ entity, item_id })
      .between({ seq: pad(lowest) }, { seq: pad(highest) })
      .go({ order: "desc", count: q.limit + 1 });
    const items = (data as Stored[]).filter((r) => r.ttl === undefined).map(toSummary);
    if (items.length <= q.limit) return { items };
    const page = items.slice(0, q.limit);
    const next = Buffer.from(JSON.stringify({ f, n: page.at(-1)!.number }), "utf8").toString("base64url");
    return { items: page, next };
  },

  /** One kept revision with its snapshot; 404 for an id that names none. */
  async get(id: string): Promise<Revision> {
    const { entity, item_id, n } = parseRevisionId(id);
    const key = { entity, item_id, seq: pad(n) };
    const [{ data: revision }, { data: snap }] = await Promise.all([db().revision.get(key).go(), db().revisionSnapshot.get(key).go()]);
    if (!revision || !snap || revision.ttl !== undefined) throw notFound();
    return { ...toSummary(revision as Stored), snapshot: snap.snapshot as Record<string, unknown> };
  },
};
