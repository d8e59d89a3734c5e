import { beforeAll, describe, expect, it } from "vitest";
import type { AuditAction, AuditEntity, AuditEntry } from "../contract/audit";
import { AuditLog, type AuditInput } from "./audit";

const now = new Date("2026-11-25T12:00:00.000Z");
const alice = { type: "admin", id: "admin#alice", name: "Alice" } as const;
const bob = { type: "google", id: "user#bob", name: "bob@example.com" } as const;
const entry = (actor: AuditInput["actor"], action: AuditAction, entity: AuditEntity, entity_id: string): AuditInput => ({
  actor,
  action,
  entity,
  entity_id,
  entity_label: `label ${entity_id}`,
  changed_fields: ["title"],
  ip: "127.0.0.1",
  user_agent: "vitest",
});

/** Every page of a list, following the cursors; fails on a page that repeats an id. */
async function all(query: Record<string, string | number>) {
  const out: AuditEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await AuditLog.list({ ...query, ...(cursor ? { cursor } : {}) }, now);
    out.push(...page.items);
    cursor = page.next;
    pages++;
  } while (cursor);
  expect(new Set(out.map((e) => e.id)).size).toBe(out.length);
  return { entries: out, pages };
}

// Entries over four days, one of them older than the retention window.
const written: AuditEntry[] = [];
beforeAll(async () => {
  const at = (iso: string) => new Date(iso);
  written.push(await AuditLog.record(entry(alice, "create", "blog-post", "p1"), at("2026-11-25T09:00:00.000Z")));
  written.push(await AuditLog.record(entry(bob, "update", "service", "s1"), at("2026-11-25T08:00:00.000Z")));
  written.push(await AuditLog.record(entry(alice, "publish", "blog-post", "p1"), at("2026-11-24T23:59:59.999Z")));
  written.push(await AuditLog.record(entry({ type: "anonymous", id: "", name: "" }, "sign_in_failed", "admin-account", "mallory"), at("2026-11-22T10:00:00.000Z")));
  written.push(await AuditLog.record(entry(alice, "delete", "service", "s2"), at("2026-11-20T00:00:00.000Z")));
  written.push(await AuditLog.record(entry(alice, "delete", "service", "old"), at("2025-11-01T00:00:00.000Z")));
});

describe("the audit log's queries", () => {
  it("lists the retained days newest first, reading only days with entries, across pages of any size", async () => {
    for (const limit of [1, 2, 100]) {
      const { entries } = await all({ limit });
      expect(
        entries.map((e) => e.entity_id),
        String(limit),
      ).toEqual(["p1", "s1", "p1", "mallory", "s2"]);
    }
    // One page per entry, and no empty page after the last: the empty days between are never read.
    expect((await all({ limit: 1 })).pages).toBe(5);
  });

  it("stores the entry whole, with the actor nested and an expiry a year ahead", async () => {
    const [first] = (await all({ limit: 1 })).entries;
    expect(first).toEqual({
      id: written[0]!.id,
      at: "2026-11-25T09:00:00.000Z",
      actor: alice,
      action: "create",
      entity: "blog-post",
      entity_id: "p1",
      entity_label: "label p1",
      changed_fields: ["title"],
      ip: "127.0.0.1",
      user_agent: "vitest",
    });
  });

  it("reads a range of days, both ends included", async () => {
    expect((await all({ from: "2026-11-22", to: "2026-11-24" })).entries.map((e) => e.entity_id)).toEqual(["p1", "mallory"]);
    expect((await all({ from: "2026-11-25", to: "2026-11-25" })).entries.map((e) => e.entity_id)).toEqual(["p1", "s1"]);
  });

  it("reads one actor's entries through the actor index, within a range, without anonymous ones", async () => {
    expect((await all({ actor: "admin#alice", limit: 1 })).entries.map((e) => e.action)).toEqual(["create", "publish", "delete"]);
    expect((await all({ actor: "admin#alice", from: "2026-11-21", to: "2026-11-24" })).entries.map((e) => e.action)).toEqual(["publish"]);
    expect((await all({ actor: "user#bob" })).entries.map((e) => e.entity_id)).toEqual(["s1"]);
    expect((await all({ actor: "" })).entries).toHaveLength(5);
  });

  it("filters by entity and action over every day", async () => {
    expect((await all({ entity: "service", limit: 1 })).entries.map((e) => e.entity_id)).toEqual(["s1", "s2"]);
    expect((await all({ action: "sign_in_failed" })).entries.map((e) => e.entity_id)).toEqual(["mallory"]);
    expect((await all({ actor: "admin#alice", entity: "blog-post", action: "publish" })).entries.map((e) => e.entity_id)).toEqual(["p1"]);
  });

  it("refuses a cursor of other filters, a made-up one, and a day outside the range", async () => {
    const first = await AuditLog.list({ limit: 1 }, now);
    await expect(AuditLog.list({ limit: 1, entity: "service", cursor: first.next }, now)).rejects.toMatchObject({ status: 400, extra: { fields: { cursor: expect.any(String) } } });
    await expect(AuditLog.list({ cursor: "not-a-cursor!" }, now)).rejects.toMatchObject({ status: 400 });
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(first.next!, "base64url").toString()), b: "2020-01-01" })).toString("base64url");
    await expect(AuditLog.list({ limit: 1, cursor: forged }, now)).rejects.toMatchObject({ status: 400 });
  });
});
