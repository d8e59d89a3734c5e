import { beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../../packages/core/src/messages/messages";
import { recount } from "../../packages/core/src/counters/recount";
import type { AdminMessage, MessageStats } from "../../packages/core/src/contract/admin";
import type { Visitor } from "../support/auth-flow";
import { allPages, devAdmin, nextCursor, uniqueName } from "../support/admin";
import { useRuntimeDatabase } from "../support/database";
import { call, freshIp } from "../support/http";

const BASE = "/api/admin/contact-submissions";
let admin: Visitor;
beforeAll(async () => {
  useRuntimeDatabase();
  admin = await devAdmin();
});

/** A message sent through the public form, as a visitor would (own address: the form is rate-limited). */
async function send(name: string, form_type = "general", message = "Hello there") {
  const res = await call("POST", "/api/contact", { ip: freshIp(), body: { name, email: "visitor@example.com", company: "Globex", message, form_type } });
  expect(res.status).toBe(201);
}
const stats = async () => (await admin.call("GET", `${BASE}/stats`)).json as MessageStats;
const typeCount = (s: MessageStats, type: string) => s.by_type.find((t) => t.form_type === type)?.count ?? 0;
const search = (q: string, params: Record<string, string | number> = {}) => allPages<AdminMessage>(admin, BASE, { q, limit: 2, ...params });

describe("the messages list", () => {
  const marker = uniqueName("Pager");
  let older: string[] = [];
  beforeAll(async () => {
    for (const t of ["automation", "education", "general"]) await send(`${marker} ${t}`, t);
    // Older messages, in earlier year partitions, stored straight into the runtime's database.
    older = [
      (await Messages.create({ name: `${marker} old`, email: "old@example.com", company: "", message: "From last year", form_type: "partnership" }, "2025-03-01T09:00:00.000Z")).id,
      (await Messages.create({ name: `${marker} oldest`, email: "oldest@example.com", company: "", message: "From long ago", form_type: "general" }, "2024-02-01T09:00:00.000Z"))
        .id,
    ];
  });

  it("pages a search over every message, newest first, across years, each message once", async () => {
    const { items, pages } = await search(marker.toUpperCase());
    expect(items.map((m) => m.name)).toEqual([`${marker} general`, `${marker} education`, `${marker} automation`, `${marker} old`, `${marker} oldest`]);
    expect(items.slice(-2).map((m) => m.id)).toEqual(older);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(items[0]).toEqual({
      id: expect.any(String),
      name: `${marker} general`,
      email: "visitor@example.com",
      company: "Globex",
      form_type: "general",
      message: "Hello there",
      is_read: false,
      created_at: expect.any(String),
      // Its notification's state (the mail bookkeeping itself is not shown).
      mail_status: expect.stringMatching(/^(pending|sending|sent|failed)$/),
    });
  });

  it("walks the whole list without filters, every id exactly once", async () => {
    const { items } = await allPages<AdminMessage>(admin, BASE, { limit: 100 });
    const ids = items.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(older));
    const dates = items.map((m) => m.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("filters by inquiry type and status, with the search, over every page", async () => {
    expect((await search(marker, { form_type: "partnership" })).items.map((m) => m.id)).toEqual([older[0]]);
    const { items } = await search(marker);
    await admin.call("PUT", `${BASE}/${items[1]!.id}/status`, { body: { is_read: true } });
    expect((await search(marker, { status: "read" })).items.map((m) => m.id)).toEqual([items[1]!.id]);
    expect((await search(marker, { status: "unread", form_type: "general" })).items.map((m) => m.name)).toEqual([`${marker} general`, `${marker} oldest`]);
    expect((await search(`${marker} nothing`)).items).toEqual([]);
  });

  it("refuses limits outside 1 to 100 and unknown statuses, naming the parameter", async () => {
    for (const limit of ["0", "101", "2.5", "many", "-1"]) {
      const res = await admin.call("GET", `${BASE}?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(Object.keys(res.json.fields)).toEqual(["limit"]);
    }
    expect((await admin.call("GET", `${BASE}?limit=100`)).status).toBe(200);
    expect((await admin.call("GET", `${BASE}?status=archived`)).json.fields).toHaveProperty("status");
    expect((await admin.call("GET", `${BASE}?q=${"x".repeat(201)}`)).json.fields).toHaveProperty("q");
  });

  it("refuses a malformed cursor, or one issued for other filters, with a 400 naming cursor", async () => {
    const first = await admin.call("GET", `${BASE}?limit=1&form_type=general`);
    const cursor = nextCursor(first)!;
    expect(cursor).toBeTruthy();
    for (const path of [
      `${BASE}?limit=1&form_type=education&cursor=${cursor}`,
      `${BASE}?limit=1&cursor=${cursor}`,
      `${BASE}?cursor=%7B%7D`,
      `${BASE}?cursor=eyJmIjoxfQ`,
      `${BASE}?cursor=${"A".repeat(3000)}`,
    ]) {
      const res = await admin.call("GET", path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.json.fields), path).toEqual(["cursor"]);
    }
    expect((await admin.call("GET", `${BASE}?limit=1&form_type=general&cursor=${cursor}`)).status).toBe(200);
  });
});

describe("the message counters", () => {
  it("count a new message, a read toggle (once, however often sent) and a delete", async () => {
    const name = uniqueName("Counted");
    const s0 = await stats();
    await send(name, "partnership");
    const s1 = await stats();
    expect([s1.total - s0.total, s1.unread - s0.unread, s1.today - s0.today, typeCount(s1, "partnership") - typeCount(s0, "partnership")]).toEqual([1, 1, 1, 1]);
    const [msg] = (await search(name)).items;
    for (let i = 0; i < 3; i++) expect((await admin.call("PUT", `${BASE}/${msg!.id}/status`, { body: { is_read: true } })).json.is_read).toBe(true);
    const s2 = await stats();
    expect([s2.unread - s1.unread, s2.read - s1.read]).toEqual([-1, 1]);
    expect((await admin.call("DELETE", `${BASE}/${msg!.id}`, { body: {} })).status).toBe(200);
    expect((await admin.call("DELETE", `${BASE}/${msg!.id}`, { body: {} })).status).toBe(404);
    const s3 = await stats();
    expect([s3.total - s0.total, s3.unread - s0.unread, s3.today - s0.today, typeCount(s3, "partnership") - typeCount(s0, "partnership")]).toEqual([0, 0, 0, 0]);
    expect((await admin.call("PUT", `${BASE}/${msg!.id}/status`, { body: { is_read: true } })).status).toBe(404);
    expect((await admin.call("PUT", `${BASE}/x/status`, { body: { is_read: "yes" } })).json.fields).toHaveProperty("is_read");
  });

  it("Mark All Read answers batches until none remain, and the counters follow", async () => {
    for (let i = 0; i < 3; i++) await send(uniqueName("Unread"));
    let rounds = 0;
    for (;;) {
      const res = await admin.call("PUT", `${BASE}/mark-all-read`, { body: {} });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, updated: expect.any(Number), remaining: expect.any(Number) });
      if (res.json.remaining === 0 || ++rounds > 20) break;
    }
    const s = await stats();
    expect(s.unread).toBe(0);
    expect(s.read).toBe(s.total);
    expect((await allPages<AdminMessage>(admin, BASE, { status: "unread" })).items).toEqual([]);
    expect((await admin.call("PUT", `${BASE}/mark-all-read`, { body: {} })).json).toEqual({ success: true, updated: 0, remaining: 0 });
  });

  it("are rebuilt by the recount after going wrong", async () => {
    const before = await stats();
    await Messages.create({ name: uniqueName("Drift"), email: "d@example.com", company: "", message: "x", form_type: "general" });
    const { Counters, CounterDeltas, counters } = await import("../../packages/core/src/counters/counters");
    await Counters.apply(new CounterDeltas().add(counters.contactsTotal, 500).add(counters.contactsUnread, 40));
    expect((await stats()).total).toBe(before.total + 501);
    await recount();
    const after = await stats();
    expect(after.total).toBe(before.total + 1);
    expect(after.unread).toBe(before.unread + 1);
    expect(after.by_type.reduce((a, t) => a + t.count, 0)).toBe(after.total);
  });
});

describe("one message by id", () => {
  it("answers any message, however old, and 404 for an unknown id", async () => {
    const old = await Messages.create(
      { name: uniqueName("Linked"), email: "l@example.com", company: "", message: "Open me from the mail", form_type: "education" },
      "2024-05-05T05:05:05.000Z",
    );
    const res = await admin.call("GET", `${BASE}/${old.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: old.id, name: old.name, message: "Open me from the mail", is_read: false, created_at: "2024-05-05T05:05:05.000Z" });
    expect(res.json).not.toHaveProperty("search");
    const missing = await admin.call("GET", `${BASE}/no-such-message`);
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe("Message not found");
    expect((await call("GET", `${BASE}/${old.id}`)).status).toBe(401);
  });
});

describe("the message count", () => {
  it("counts every match of the filters, and every message without them", async () => {
    const marker = uniqueName("Count");
    for (const t of ["automation", "automation", "general"]) await send(`${marker} ${t}`, t);
    const count = async (params: string) => (await admin.call("GET", `${BASE}/count?${params}`)).json.count as number;
    expect(await count(`q=${encodeURIComponent(marker)}`)).toBe(3);
    expect(await count(`q=${encodeURIComponent(marker)}&form_type=automation`)).toBe(2);
    expect(await count(`q=${encodeURIComponent(marker)}&status=read`)).toBe(0);
    expect(await count("")).toBe((await stats()).total);
    expect((await admin.call("GET", `${BASE}/count?status=archived`)).json.fields).toHaveProperty("status");
  });
});

describe("bulk actions on messages", () => {
  const bulk = (body: unknown, headers?: Record<string, string>) => admin.call("POST", `${BASE}/bulk`, { body, ...(headers ? { headers } : {}) });
  const idsOf = async (q: string) => (await search(q)).items.map((m) => m.id);

  it("mark the listed messages read, then unread, counting each change once, and delete them", async () => {
    const marker = uniqueName("Bulk");
    for (const t of ["automation", "general", "general"]) await send(`${marker} ${t}`, t);
    const ids = await idsOf(marker);
    expect(ids).toHaveLength(3);
    const s0 = await stats();
    const read = await bulk({ action: "mark_read", ids: ids.slice(0, 2) });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ success: true, updated: 2, processed: 2 });
    // Sent again (a double click): nothing changes, nothing is counted twice.
    expect((await bulk({ action: "mark_read", ids: ids.slice(0, 2) })).json).toEqual({ success: true, updated: 0, processed: 2 });
    const s1 = await stats();
    expect([s1.unread - s0.unread, s1.read - s0.read, s1.total - s0.total]).toEqual([-2, 2, 0]);
    expect((await search(marker, { status: "read" })).items.map((m) => m.id).sort()).toEqual(ids.slice(0, 2).sort());

    expect((await bulk({ action: "mark_unread", ids })).json).toEqual({ success: true, updated: 2, processed: 3 });
    expect((await stats()).unread - s0.unread).toBe(0);

    const gone = await bulk({ action: "delete", ids: [...ids, "no-such-message"] });
    expect(gone.json).toEqual({ success: true, updated: 3, processed: 4 });
    expect(await idsOf(marker)).toEqual([]);
    const s2 = await stats();
    expect([s2.total - s0.total, s2.unread - s0.unread, typeCount(s2, "general") - typeCount(s0, "general")]).toEqual([-3, -3, -2]);
    for (const id of ids) expect((await admin.call("GET", `${BASE}/${id}`)).status).toBe(404);
  });

  it("act on every message matching a filter, across years, going on from a cursor", async () => {
    const marker = uniqueName("Filter");
    for (let i = 0; i < 4; i++) await send(`${marker} ${i}`, "partnership");
    const old = await Messages.create({ name: `${marker} old`, email: "o@example.com", company: "", message: "x", form_type: "partnership" }, "2024-03-03T03:03:03.000Z");
    const filter = { q: marker.toLowerCase(), status: "unread" };
    const s0 = await stats();

    // Going on from where a page of the same filtered list ended: only the messages after it.
    const first = await admin.call("GET", `${BASE}?limit=2&q=${encodeURIComponent(filter.q)}&status=unread`);
    const cursor = nextCursor(first)!;
    const rest = await bulk({ action: "mark_read", filter, cursor });
    expect(rest.json).toEqual({ success: true, updated: 3, processed: 3 });
    expect((await search(marker, { status: "unread" })).items.map((m) => m.id)).toEqual(first.json.map((m: AdminMessage) => m.id));
    expect((await admin.call("GET", `${BASE}/${old.id}`)).json.is_read).toBe(true);

    // The whole filter, as the screen runs it: call again while a cursor comes back.
    let total = 0;
    let next: string | undefined;
    do {
      const res = await bulk({ action: "mark_read", filter, ...(next ? { cursor: next } : {}) });
      expect(res.status).toBe(200);
      total += res.json.updated;
      next = res.json.cursor;
    } while (next);
    expect(total).toBe(2);
    expect((await stats()).unread - s0.unread).toBe(-5);

    const removed = await bulk({ action: "delete", filter: { q: marker.toLowerCase() } });
    expect(removed.json).toEqual({ success: true, updated: 5, processed: 5 });
    const s1 = await stats();
    expect([s1.total - s0.total, s1.unread - s0.unread, typeCount(s1, "partnership") - typeCount(s0, "partnership")]).toEqual([-5, -5, -5]);
  });

  it("refuse bad input with a 400 naming the fields", async () => {
    const cases: [unknown, string][] = [
      [{ ids: ["a"] }, "action"],
      [{ action: "archive", ids: ["a"] }, "action"],
      [{ action: "delete" }, "ids"],
      [{ action: "delete", ids: ["a"], filter: {} }, "ids"],
      [{ action: "delete", ids: [] }, "ids"],
      [{ action: "delete", ids: "a" }, "ids"],
      [{ action: "delete", ids: [3] }, "ids.0"],
      [{ action: "delete", ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }, "ids"],
      [{ action: "delete", ids: ["a"], cursor: "x" }, "cursor"],
      [{ action: "mark_read", filter: { status: "archived" } }, "filter.status"],
      [{ action: "mark_read", filter: {}, cursor: "not-a-cursor!" }, "cursor"],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.fields), JSON.stringify(body)).toEqual([field]);
    }
  });

  it("are for admins only, under the CSRF rule of every write", async () => {
    expect((await call("POST", `${BASE}/bulk`, { body: { action: "delete", ids: ["a"] } })).status).toBe(401);
    expect((await bulk({ action: "delete", ids: ["a"] }, { origin: "https://evil.example" })).status).toBe(403);
  });
});
