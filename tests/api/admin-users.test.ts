import { beforeAll, describe, expect, inject, it } from "vitest";
import type { AdminUser, UserStats } from "../../packages/core/src/contract/admin";
import { AdminAccounts } from "../../packages/core/src/auth/admin-accounts";
import { hashPassword } from "../../packages/core/src/auth/passwords";
import { db } from "../../packages/core/src/db/service";
import { Users } from "../../packages/core/src/users/users";
import { Visitor, demo, signInWithGoogle } from "../support/auth-flow";
import { allPages, devAdmin, uniqueName } from "../support/admin";
import { useRuntimeDatabase } from "../support/database";

const BASE = "/api/admin/users";
const DAY = 86_400_000;
let admin: Visitor;
beforeAll(async () => {
  useRuntimeDatabase();
  admin = await devAdmin();
});
const stats = async () => (await admin.call("GET", `${BASE}/stats`)).json as UserStats;
const list = (params: Record<string, string | number>) => allPages<AdminUser>(admin, BASE, { limit: 2, ...params });

describe("the users list", () => {
  const tag = uniqueName("people").split(" ")[1]!;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // Joined years apart, signed in at different times; one without a name.
    const people = [
      { key: "dora", name: "Dora", joined: "2024-04-04T00:00:00.000Z" },
      { key: "eve", name: "eve", joined: "2025-05-05T00:00:00.000Z" },
      { key: "anon", name: undefined, joined: "2026-01-06T00:00:00.000Z" },
    ];
    for (const p of people) {
      const u = await Users.upsertFromGoogle({ sub: `sub-${tag}-${p.key}`, email: `${p.key}-${tag}@example.com`, email_verified: true, name: p.name }, Date.parse(p.joined));
      ids[p.key] = u!.id;
    }
  });
  const mine = (users: AdminUser[]) => users.filter((u) => u.kind === "google" && u.email.endsWith(`-${tag}@example.com`)).map((u) => u.id);

  it("pages by join date, newest first by default, across years, each user once, searching name and email", async () => {
    const all = await list({});
    const allIds = all.items.map((u) => u.id);
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(mine(all.items)).toEqual([ids.anon, ids.eve, ids.dora]);
    expect(mine((await list({ order: "asc" })).items)).toEqual([ids.dora, ids.eve, ids.anon]);
    expect((await list({ q: tag.toUpperCase() })).items.map((u) => u.id)).toEqual([ids.anon, ids.eve, ids.dora]);
    expect((await list({ q: "EVE" })).items.map((u) => u.id)).toContain(ids.eve);
    expect((await list({ q: `dora-${tag}@` })).items.map((u) => u.id)).toEqual([ids.dora]);
  });

  it("sorts by name, email and last login both ways, paged", async () => {
    expect((await list({ q: tag, sort: "name", order: "asc" })).items.map((u) => u.id)).toEqual([ids.dora, ids.eve, ids.anon]);
    expect((await list({ q: tag, sort: "name", order: "desc" })).items.map((u) => u.id)).toEqual([ids.anon, ids.eve, ids.dora]);
    expect((await list({ q: tag, sort: "email", order: "asc" })).items.map((u) => u.id)).toEqual([ids.anon, ids.dora, ids.eve]);
    expect((await list({ q: tag, sort: "last_login_at" })).items.map((u) => u.id)).toEqual([ids.anon, ids.eve, ids.dora]);
    const all = await list({ sort: "email", limit: 1 });
    expect(new Set(all.items.map((u) => u.id)).size).toBe(all.items.length);
  });

  it("refuses unknown sorts and orders, bad limits and cursors", async () => {
    expect((await admin.call("GET", `${BASE}?sort=age`)).json.fields).toHaveProperty("sort");
    expect((await admin.call("GET", `${BASE}?order=up`)).json.fields).toHaveProperty("order");
    expect((await admin.call("GET", `${BASE}?limit=0`)).json.fields).toHaveProperty("limit");
    expect((await admin.call("GET", `${BASE}?cursor=bm9wZQ`)).json.fields).toEqual({ cursor: expect.any(String) });
  });

  it("shows a user without any provider identifier", async () => {
    const { items } = await list({ q: tag });
    expect(items[0]).toEqual({
      kind: "google",
      role: "no_access",
      id: ids.anon,
      email: `anon-${tag}@example.com`,
      created_at: "2026-01-06T00:00:00.000Z",
      last_login_at: "2026-01-06T00:00:00.000Z",
      google_user_data: { email_verified: true },
    });
    for (const u of items) expect(Object.keys(u).sort()).toEqual(["created_at", "email", "google_user_data", "id", "kind", "last_login_at", "role"]);
  });
});

describe("the users list with both kinds", () => {
  const tag = uniqueName("kinds").split(" ")[1]!;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // A Google user who may not sign in, one admin account joined between two Google users (the
    // account joined in 2025, stored as the shell would), and one made now.
    for (const [key, joined] of [
      ["early", "2024-03-03T00:00:00.000Z"],
      ["late", "2026-02-02T00:00:00.000Z"],
    ] as const) {
      const u = await Users.upsertFromGoogle({ sub: `sub-${tag}-${key}`, email: `${key}-${tag}@example.com`, email_verified: true, name: `Person ${key}` }, Date.parse(joined));
      ids[key] = u!.id;
    }
    await db()
      .adminAccount.create({
        username: `mid-${tag}`,
        full_name: `Mid ${tag}`,
        password_hash: await hashPassword("a long passphrase here"),
        disabled: false,
        created_at: "2025-06-06T00:00:00.000Z",
      })
      .go();
    await AdminAccounts.create({ username: `new-${tag}`, password: "another long passphrase" });
    ids.mid = `account.mid-${tag}`;
    ids.new = `account.new-${tag}`;
  });

  it("lists admin accounts among the Google users, in join order across pages, each with its role and no secret", async () => {
    const { items, pages } = await list({ q: tag, limit: 1 });
    expect(items.map((u) => u.id)).toEqual([ids.new, ids.late, ids.mid, ids.early]);
    expect(items.map((u) => u.role)).toEqual(["admin_account", "no_access", "admin_account", "no_access"]);
    expect(items[2]).toEqual({
      kind: "account",
      id: ids.mid,
      username: `mid-${tag}`,
      full_name: `Mid ${tag}`,
      disabled: false,
      created_at: "2025-06-06T00:00:00.000Z",
      last_login_at: null,
      role: "admin_account",
    });
    for (const page of pages) expect(page.text).not.toMatch(/password|scrypt|hash/i);
    expect((await list({ q: tag, order: "asc", limit: 3 })).items.map((u) => u.id)).toEqual([ids.early, ids.mid, ids.late, ids.new]);
    // Unfiltered, the accounts are in the whole list exactly once, in order.
    const all = (await list({ limit: 7 })).items.map((u) => u.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((id) => Object.values(ids).includes(id))).toEqual([ids.new, ids.late, ids.mid, ids.early]);
  });

  it("searches accounts by username and full name, and sorts them by name and last login with the users", async () => {
    expect((await list({ q: `MID-${tag}` })).items.map((u) => u.id)).toEqual([ids.mid]);
    expect((await list({ q: `mid ${tag}` })).items.map((u) => u.id)).toEqual([ids.mid]);
    // Names: "Mid …", "new-…" (the username when there is no full name), "Person early", "Person late".
    expect((await list({ q: tag, sort: "name", order: "asc" })).items.map((u) => u.id)).toEqual([ids.mid, ids.new, ids.early, ids.late]);
    await AdminAccounts.authenticate(`new-${tag}`, "another long passphrase", { ip: `10.9.${Math.floor(Math.random() * 250)}.1` });
    const byLogin = (await list({ q: tag, sort: "last_login_at" })).items;
    expect(byLogin.map((u) => u.id)).toEqual([ids.new, ids.late, ids.early, ids.mid]);
    expect(Date.now() - Date.parse(byLogin[0]!.last_login_at!)).toBeLessThan(60_000);
  });

  it("marks a Google user whose email ADMIN_EMAILS allows as 'Admin (Google)'", async () => {
    const google = new Visitor(inject("baseUrl"));
    await signInWithGoogle(google, demo.admin);
    const { items } = await list({ q: demo.admin.email });
    expect(items.map((u) => [u.kind, u.role])).toEqual([["google", "admin_google"]]);
  });

  it("count the admin accounts in the figures", async () => {
    const s0 = await stats();
    await AdminAccounts.create({ username: `fig-${tag}`, password: "a third long passphrase" });
    const s1 = await stats();
    expect([s1.total - s0.total, s1.active_7d - s0.active_7d, s1.new_30d - s0.new_30d, s1.inactive_30d - s0.inactive_30d]).toEqual([1, 0, 1, 1]);
  });
});

describe("user figures", () => {
  it("count a new user in total, active and new, and uncount a deleted one", async () => {
    const s0 = await stats();
    const u = (await Users.upsertFromGoogle({ sub: uniqueName("s"), email: `${uniqueName("fresh").replace(" ", "-")}@example.com`, email_verified: true }))!;
    const old = (await Users.upsertFromGoogle(
      { sub: uniqueName("s"), email: `${uniqueName("stale").replace(" ", "-")}@example.com`, email_verified: true },
      Date.now() - 90 * DAY,
    ))!;
    const s1 = await stats();
    expect([s1.total - s0.total, s1.active_7d - s0.active_7d, s1.new_30d - s0.new_30d, s1.inactive_30d - s0.inactive_30d]).toEqual([2, 1, 1, 1]);
    for (const id of [u.id, old.id]) expect((await admin.call("DELETE", `${BASE}/${id}`, { body: {} })).json).toEqual({ success: true });
    expect((await admin.call("DELETE", `${BASE}/${u.id}`, { body: {} })).status).toBe(404);
    expect(await stats()).toEqual(s0);
  });
});

describe("deleting users", () => {
  it("refuses the account the admin is signed in with, 409, and keeps it", async () => {
    const google = new Visitor(inject("baseUrl"));
    expect((await signInWithGoogle(google, demo.admin)).status).toBe(200);
    const me = (await google.call("GET", "/api/users/me")).json;
    const res = await google.call("DELETE", `${BASE}/${me.id}`, { body: {} });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe("You cannot delete the account you are signed in with.");
    expect((await google.call("GET", "/api/admin/me")).status).toBe(200);
  });

  it("ends the deleted user's sessions", async () => {
    const person = new Visitor(inject("baseUrl"));
    await signInWithGoogle(person, demo.visitor);
    const me = await person.call("GET", "/api/users/me");
    expect(me.status).toBe(200);
    expect((await admin.call("DELETE", `${BASE}/${me.json.id}`, { body: {} })).status).toBe(200);
    expect((await person.call("GET", "/api/users/me")).status).toBe(401);
  });

  it("never sends google_sub: not in the list, the stats, /api/admin/me or /api/users/me", async () => {
    const google = new Visitor(inject("baseUrl"));
    await signInWithGoogle(google, demo.admin);
    const sub = (await Users.byEmail(demo.admin.email))!.google_sub!;
    expect(sub).toBeTruthy();
    const bodies = [
      ...(await allPages(google, BASE, { limit: 100 })).pages.map((p) => p.text),
      ...(await allPages(google, BASE, { limit: 100, sort: "name" })).pages.map((p) => p.text),
      (await google.call("GET", `${BASE}/stats`)).text,
      (await google.call("GET", "/api/admin/me")).text,
      (await google.call("GET", "/api/users/me")).text,
    ];
    for (const text of bodies) {
      expect(text).not.toContain("google_sub");
      expect(text).not.toContain(sub);
    }
  });
});
