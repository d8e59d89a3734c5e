import { describe, expect, it } from "vitest";
import { REVISIONS_KEPT } from "../contract/revisions";
import { db } from "../db/service";
import { Revisions } from "./revisions";

const alice = { type: "admin", id: "admin#alice", name: "Alice" } as const;
const uid = () => Math.random().toString(36).slice(2, 10);
const all = async (entity: "services" | "blog-posts" | "site-settings", id: string) => {
  const out = [];
  let cursor: string | undefined;
  do {
    const page = await Revisions.list({ entity, id, limit: 100, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return out;
};

describe("an item's revisions", () => {
  it("number each save, name the fields whose values changed (not the bookkeeping), and keep each snapshot whole", async () => {
    const id = `svc-${uid()}`;
    const base = { id, title: "T", description: "D", is_active: true, created_at: "2026-01-01T00:00:00.000Z" };
    await Revisions.record({ entity: "services", item_id: id, actor: alice, action: "create", snapshot: { ...base, version: 1, updated_at: "a" } });
    await Revisions.record({ entity: "services", item_id: id, actor: alice, action: "update", snapshot: { ...base, description: "E", version: 2, updated_at: "b" } });
    await Revisions.record({
      entity: "services",
      item_id: id,
      actor: alice,
      action: "update",
      snapshot: { ...base, description: "E", is_active: false, version: 3, updated_at: "c" },
    });
    const revisions = await all("services", id);
    expect(revisions.map((r) => [r.number, r.action, r.version, r.changed_fields])).toEqual([
      [3, "update", 3, ["is_active"]],
      [2, "update", 2, ["description"]],
      [1, "create", 1, ["title", "description", "is_active"]],
    ]);
    expect((await Revisions.get(revisions[1]!.id)).snapshot).toEqual({ ...base, description: "E", version: 2, updated_at: "b" });
  });

  it("names what a save sent for an item's first revision when it was not its create (an item older than revisions)", async () => {
    const key = `setting-${uid()}`;
    const snapshot = { id: key, key, value: "v", type: "text", version: 4 };
    const first = await Revisions.record({ entity: "site-settings", item_id: key, actor: alice, action: "update", snapshot, sent: ["value"] });
    expect(first.changed_fields).toEqual(["value"]);
    // A batch sent `settings`, naming no field: every field counts as changed.
    const other = `setting-${uid()}`;
    const batch = await Revisions.record({
      entity: "site-settings",
      item_id: other,
      actor: alice,
      action: "update",
      snapshot: { ...snapshot, id: other, key: other },
      sent: ["settings"],
    });
    expect(batch.changed_fields).toEqual(["value", "type"]);
  });

  it(`keeps the newest ${REVISIONS_KEPT}: the one that falls out gets an expiry and is no longer listed or read`, async () => {
    const id = `post-${uid()}`;
    for (let n = 1; n <= REVISIONS_KEPT + 2; n++) {
      await Revisions.record({ entity: "blog-posts", item_id: id, actor: alice, action: "update", snapshot: { id, content: `v${n}`, version: n } });
    }
    const kept = await all("blog-posts", id);
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept[0]!.number).toBe(REVISIONS_KEPT + 2);
    expect(kept.at(-1)!.number).toBe(3);
    for (const n of [1, 2]) {
      const seq = String(n).padStart(10, "0");
      const { data } = await db().revision.get({ entity: "blog-posts", item_id: id, seq }).go();
      expect(data?.ttl, `revision ${n}`).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      const { data: snap } = await db().revisionSnapshot.get({ entity: "blog-posts", item_id: id, seq }).go();
      expect(snap?.ttl, `snapshot ${n}`).toBeGreaterThan(0);
      const revisionId = Buffer.from(JSON.stringify(["blog-posts", id, n])).toString("base64url");
      await expect(Revisions.get(revisionId)).rejects.toMatchObject({ status: 404 });
    }
    const { data: third } = await db()
      .revision.get({ entity: "blog-posts", item_id: id, seq: String(3).padStart(10, "0") })
      .go();
    expect(third?.ttl).toBeUndefined();
  }, 60_000);
});
