import { beforeAll, describe, expect, it } from "vitest";
import { Messages } from "../messages/messages";
import { type MessageListQuery, type UserListQuery, messageListQuery, userListQuery } from "../contract/admin";
import { Registrations } from "../registrations/registrations";
import { Users } from "../users/users";
import { MAX_PAGE_BYTES, type Page } from "./paging";

/** Every page of a list, following the cursors; fails on a page that repeats an id. */
async function allPages<T extends { id: string }>(load: (cursor?: string) => Promise<Page<T>>) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await load(cursor);
    ids.push(...page.items.map((i) => i.id));
    sizes.push(page.items.length);
    cursor = page.next;
  } while (cursor);
  expect(new Set(ids).size).toBe(ids.length);
  return { ids, sizes };
}
const messages = (q: MessageListQuery, cursor?: string) => Messages.list(messageListQuery.parse({ ...q, cursor }));

// Messages in three year partitions, newest first: 2026 (3), 2025 (2), 2024 (2).
const dates = [
  "2026-03-02T10:00:00.000Z",
  "2026-03-01T10:00:00.000Z",
  "2026-01-05T10:00:00.000Z",
  "2025-12-31T23:59:59.999Z",
  "2025-02-01T00:00:00.000Z",
  "2024-06-01T00:00:00.000Z",
  "2024-01-01T00:00:00.000Z",
];
const types = ["general", "automation", "general", "education", "general", "partnership", "general"] as const;
const ids: string[] = [];
beforeAll(async () => {
  for (const [i, created_at] of dates.entries()) {
    const m = await Messages.create(
      { name: i % 2 ? `Zed Quill ${i}` : `Ann Smith ${i}`, email: `p${i}@example.com`, company: i === 5 ? "Acme Robotics" : "", message: `Note ${i}`, form_type: types[i]! },
      created_at,
    );
    if (i === 1 || i === 4) await Messages.setRead(m.id, true);
    ids.push(m.id);
  }
});

describe("paging messages across year partitions", () => {
  it("returns every message once, newest first, in pages of the limit, with no cursor after the last", async () => {
    const { ids: seen, sizes } = await allPages((cursor) => messages({ limit: 2 }, cursor));
    expect(seen).toEqual(ids);
    expect(sizes).toEqual([2, 2, 2, 1]);
    expect((await messages({ limit: 7 })).next).toBeUndefined();
  });

  it("filters and searches every message, not a loaded page, across years", async () => {
    expect((await allPages((c) => messages({ limit: 1, form_type: "general" }, c))).ids).toEqual([ids[0], ids[2], ids[4], ids[6]]);
    expect((await allPages((c) => messages({ limit: 1, status: "read" }, c))).ids).toEqual([ids[1], ids[4]]);
    expect((await allPages((c) => messages({ limit: 2, status: "unread", form_type: "general" }, c))).ids).toEqual([ids[0], ids[2], ids[6]]);
    // Case-insensitive, over name, email, company and message.
    expect((await allPages((c) => messages({ limit: 2, q: "ZED quill" }, c))).ids).toEqual([ids[1], ids[3], ids[5]]);
    expect((await allPages((c) => messages({ limit: 2, q: "acme" }, c))).ids).toEqual([ids[5]]);
    expect((await allPages((c) => messages({ limit: 2, q: "P6@EXAMPLE" }, c))).ids).toEqual([ids[6]]);
    expect((await allPages((c) => messages({ limit: 2, q: "note 4" }, c))).ids).toEqual([ids[4]]);
    expect((await messages({ limit: 5, q: "nobody at all" })).items).toEqual([]);
  });

  it("refuses a cursor that is malformed, altered, or issued for other filters, naming cursor", async () => {
    const first = await messages({ limit: 1, form_type: "general" });
    const expectBad = (p: Promise<unknown>) => expect(p).rejects.toMatchObject({ status: 400, extra: { fields: { cursor: expect.any(String) } } });
    await expectBad(messages({ limit: 1, form_type: "education" }, first.next));
    await expectBad(messages({ limit: 1 }, first.next));
    await expectBad(messages({ limit: 1, form_type: "general" }, "not a cursor!"));
    await expectBad(messages({ limit: 1, form_type: "general" }, "e30"));
    const decoded = JSON.parse(Buffer.from(first.next!, "base64url").toString());
    // A well-formed position that matches no record still reads from there on, never a database error.
    const nowhere = Buffer.from(JSON.stringify({ ...decoded, b: "2025", k: ["2025-99-99t99:99:99.999z", "zzzz"] })).toString("base64url");
    expect((await messages({ limit: 5, form_type: "general" }, nowhere)).items.map((m) => m.id)).toEqual([ids[4], ids[6]]);
    for (const tampered of [
      { ...decoded, b: "1999" },
      { ...decoded, k: ["2026-13-99", "x"] },
      { ...decoded, k: [decoded.k[0], "a#b"] },
      { ...decoded, extra: 1 },
    ]) {
      await expectBad(messages({ limit: 1, form_type: "general" }, Buffer.from(JSON.stringify(tampered)).toString("base64url")));
    }
  });

  it("keeps a page under the response size cap however long the messages are", async () => {
    const long = "語".repeat(5000);
    await Promise.all(Array.from({ length: 60 }, (_, i) => Messages.create({ name: `Long ${i}`, email: "l@example.com", company: "", message: long, form_type: "automation" })));
    const page = await messages({ limit: 100, form_type: "automation" });
    expect(page.items.length).toBeLessThan(60);
    expect(Buffer.byteLength(JSON.stringify(page.items))).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    expect(page.next).toBeDefined();
    const { ids: all } = await allPages((c) => messages({ limit: 100, form_type: "automation" }, c));
    expect(all).toHaveLength(61);
  });
});

describe("paging registrations", () => {
  it("filters by status and searches phone, company, course and notes", async () => {
    const base = {
      name: "Reg",
      email: "reg@example.com",
      phone: "",
      company: "",
      course_interest: "",
      experience_level: "" as const,
      preferred_start_date: "",
      additional_notes: "",
    };
    const a = await Registrations.create({ ...base, phone: "+44 20 7946 0000" }, "2025-05-05T00:00:00.000Z");
    const b = await Registrations.create({ ...base, course_interest: "Data Science Bootcamp" });
    const c = await Registrations.create({ ...base, additional_notes: "Prefers EVENINGS" });
    await Registrations.setStatus(b.id, "enrolled");
    const list = (q: Record<string, unknown>) => Registrations.list({ q: "", status: "all", limit: 50, ...q } as never);
    expect((await list({ q: "7946" })).items.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ q: "bootcamp" })).items.map((r) => r.id)).toEqual([b.id]);
    expect((await list({ q: "evenings" })).items.map((r) => r.id)).toEqual([c.id]);
    expect((await list({ status: "enrolled" })).items.map((r) => r.id)).toEqual([b.id]);
    expect((await list({})).items.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
  });
});

describe("paging users", () => {
  const users = (q: UserListQuery, cursor?: string) => Users.list(userListQuery.parse({ ...q, cursor }));
  const made: { id: string; name?: string; email: string }[] = [];
  beforeAll(async () => {
    const people = [
      { name: "Carol", email: "carol@example.com", at: "2024-02-01T00:00:00.000Z" },
      { name: "alice", email: "zz-alice@example.com", at: "2026-02-01T00:00:00.000Z" },
      { name: undefined, email: "anon@example.com", at: "2025-07-01T00:00:00.000Z" },
      { name: "Bob", email: "bob@example.com", at: "2025-01-01T00:00:00.000Z" },
    ];
    for (const [i, p] of people.entries()) {
      const u = (await Users.upsertFromGoogle({ sub: `sub-${i}`, email: p.email, email_verified: true, name: p.name }, Date.parse(p.at)))!;
      made.push({ id: u.id, name: p.name, email: p.email });
    }
  });

  it("pages by join date through the years, both ways, and searches name and email", async () => {
    const byJoin = (await allPages((c) => users({ limit: 1 }, c))).ids;
    expect(byJoin).toEqual([made[1]!.id, made[2]!.id, made[3]!.id, made[0]!.id]);
    expect((await allPages((c) => users({ limit: 3, order: "asc" }, c))).ids).toEqual([...byJoin].reverse());
    expect((await allPages((c) => users({ limit: 1, q: "ALICE" }, c))).ids).toEqual([made[1]!.id]);
    expect((await allPages((c) => users({ limit: 1, q: "bob@" }, c))).ids).toEqual([made[3]!.id]);
  });

  it("sorts by name (no name sorts as Unknown) and email, paging with a cursor for that sort only", async () => {
    expect((await allPages((c) => users({ limit: 1, sort: "name", order: "asc" }, c))).ids).toEqual([made[1]!.id, made[3]!.id, made[0]!.id, made[2]!.id]);
    expect((await allPages((c) => users({ limit: 2, sort: "email", order: "desc" }, c))).ids).toEqual([made[1]!.id, made[0]!.id, made[3]!.id, made[2]!.id]);
    const first = await users({ limit: 1, sort: "name" });
    await expect(users({ limit: 1, sort: "email" }, first.next)).rejects.toMatchObject({ status: 400 });
    await expect(users({ limit: 1 }, first.next)).rejects.toMatchObject({ status: 400 });
  });

  it("never lists a provider identifier, and computes the figures from sign-in dates", async () => {
    const page = await users({ limit: 100 });
    expect(JSON.stringify(page.items)).not.toContain("sub-");
    expect(JSON.stringify(page.items)).not.toContain("google_sub");
    const now = Date.parse("2026-02-10T00:00:00.000Z");
    // alice joined and signed in 9 days before `now`; the others long before.
    expect(await Users.stats(now)).toEqual({ total: 4, active_7d: 0, new_30d: 1, inactive_30d: 3 });
  });
});
