import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AdminAccounts } from "../../packages/core/src/auth/admin-accounts";
import {
  CONFIRMED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  LINK_USED_MESSAGE,
  SUBSCRIBE_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  type AdminSubscriber,
} from "../../packages/core/src/contract/newsletter";
import type { TrashItem } from "../../packages/core/src/contract/trash";
import { db } from "../../packages/core/src/db/service";
import { NewsletterLinks } from "../../packages/core/src/newsletter/links";
import { subscriberId } from "../../packages/core/src/newsletter/newsletter";
import { allPages, devAdmin, nextCursor } from "../support/admin";
import { Visitor } from "../support/auth-flow";
import { useRuntimeDatabase } from "../support/database";
import { call, freshIp } from "../support/http";
import { mailbox, until, type Mail } from "../support/mailbox";

/**
 * The newsletter's double opt-in (issue 32) against the API runtime, its mails read from the
 * runtime's own mail catcher, and the back office's Subscribers list.
 */
useRuntimeDatabase();

const { mailsTo } = mailbox(inject("mailUrl"));

/** The mail with `subject` to `address`, once it arrived (the n-th such, from 1). */
const mail = async (address: string, subject: string, n = 1) =>
  (
    await until(
      `mail '${subject}' to ${address}`,
      () => mailsTo(address),
      (ms) => ms.filter((m) => m.subject === subject).length >= n,
    )
  ).filter((m) => m.subject === subject)[n - 1]!;

const address = () => `reader-${Math.random().toString(36).slice(2, 10)}@example.com`;
const subscribe = (email: string, ip = freshIp()) => call("POST", "/api/newsletter/subscriptions", { body: { email }, ip });
const confirm = (token: string) => call("POST", "/api/newsletter/confirmations", { body: { token }, ip: freshIp() });
const tokenOf = (text: string, path: string) => {
  const m = new RegExp(`${path.replace(/\//g, "\\/")}\\?token=(\\S+)`).exec(text);
  expect(m, `${path} link in:\n${text}`).toBeTruthy();
  return decodeURIComponent(m![1]!);
};
const confirmTokenOf = (m: Mail) => tokenOf(m.text, "/newsletter/confirm");
const oneClickOf = (m: Mail) => new URL(/^<(.+)>$/.exec(m.headers["list-unsubscribe"]!)![1]!);

/** Signs up and confirms through the mails; the address's welcome mail. */
async function confirmedReader(email = address()) {
  expect((await subscribe(email)).status).toBe(202);
  const res = await confirm(confirmTokenOf(await mail(email, "Confirm your newsletter subscription")));
  expect(res.status, res.text).toBe(200);
  return mail(email, "Welcome to our newsletter");
}

describe("POST /api/newsletter/subscriptions", () => {
  it("answers 202 with the same message for a new, a pending, a confirmed and an unsubscribed address", async () => {
    const known = address();
    await confirmedReader(known);
    const answers = [await subscribe(address()), await subscribe(known)];
    const pending = address();
    await subscribe(pending);
    answers.push(await subscribe(pending));
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ message: SUBSCRIBE_MESSAGE });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    // Only the owner's inbox tells them apart: a confirmed address is told it is subscribed already.
    expect((await mail(known, "You're already subscribed")).text).toContain(known);
  });

  it("stores a new address as pending, lowercased, and mails it a confirmation link that works for 48 hours", async () => {
    const email = address();
    expect((await subscribe(email.toUpperCase())).status).toBe(202);
    const stored = (
      await db()
        .newsletterSubscriber.get({ id: subscriberId(email) })
        .go()
    ).data;
    expect(stored).toMatchObject({ email, status: "pending" });
    expect(stored!.confirmed_at).toBeUndefined();
    const m = await mail(email, "Confirm your newsletter subscription");
    expect(m.text).toContain("48 hours");
    expect(confirmTokenOf(m).length).toBeGreaterThan(40);
  });

  it("answers 400 naming email for a bad or missing address, and stores nothing", async () => {
    for (const body of [{ email: "not-an-email" }, { email: "" }, {}, { email: 42 }]) {
      const res = await call("POST", "/api/newsletter/subscriptions", { body, ip: freshIp() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.fields)).toEqual(["email"]);
    }
    expect((await call("POST", "/api/newsletter/subscriptions", { body: { email: "not-an-email" }, ip: freshIp() })).json.fields.email).toBe("Please enter a valid email address");
  });

  it("is rate limited per source address like the other public writes: the sixth signup in ten minutes is a 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await subscribe(address(), ip)).status).toBe(202);
    const res = await subscribe(address(), ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("is rate limited per mailbox too: the fourth signup of one address in an hour is a 429, from any source", async () => {
    const email = address();
    for (let i = 0; i < 3; i++) expect((await subscribe(email)).status).toBe(202);
    expect((await subscribe(email)).status).toBe(429);
  });
});

describe("the confirmation link", () => {
  it("confirms once: the subscriber is confirmed with confirmed_at and gets a welcome mail; the same link again says it was used", async () => {
    const email = address();
    await subscribe(email);
    const token = confirmTokenOf(await mail(email, "Confirm your newsletter subscription"));
    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: CONFIRMED_MESSAGE });
    const stored = (
      await db()
        .newsletterSubscriber.get({ id: subscriberId(email) })
        .go()
    ).data;
    expect(stored).toMatchObject({ status: "confirmed" });
    expect(Date.parse(stored!.confirmed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await mail(email, "Welcome to our newsletter")).text).toContain("You're subscribed");
    const again = await confirm(token);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: LINK_USED_MESSAGE, code: "used" });
  });

  it("has expired after 48 hours: 410, and the address stays pending (signed with the runtime's own key 48 hours and a second ago)", async () => {
    const email = address();
    await subscribe(email);
    await mail(email, "Confirm your newsletter subscription");
    const { nonce } = (
      await db()
        .newsletterSubscriber.get({ id: subscriberId(email) })
        .go()
    ).data!;
    const saved = process.env.PREVIEW_LINK_SECRET;
    process.env.PREVIEW_LINK_SECRET = readFileSync(join(inject("runtimeDataDir"), "preview-link-secret"), "utf8").trim();
    try {
      const expired = NewsletterLinks.confirmToken(subscriberId(email), nonce!, Date.now() - 48 * 3600_000 - 1000);
      const res = await confirm(expired);
      expect(res.status).toBe(410);
      expect(res.json).toMatchObject({ error: LINK_EXPIRED_MESSAGE, code: "expired" });
      expect(
        (
          await db()
            .newsletterSubscriber.get({ id: subscriberId(email) })
            .go()
        ).data!.status,
      ).toBe("pending");
      // The same key, subscriber and nonce a moment ago: only the time differs.
      expect((await confirm(NewsletterLinks.confirmToken(subscriberId(email), nonce!))).status).toBe(200);
    } finally {
      if (saved === undefined) delete process.env.PREVIEW_LINK_SECRET;
      else process.env.PREVIEW_LINK_SECRET = saved;
    }
  });

  it("answers 400 naming token to a tampered or made-up token, never a 5xx", async () => {
    const email = address();
    await subscribe(email);
    const token = confirmTokenOf(await mail(email, "Confirm your newsletter subscription"));
    const [id, nonce, exp, mac] = token.split("~");
    for (const bad of [`${token}x`, [id, nonce, Number(exp) + 3600, mac].join("~"), [subscriberId(address()), nonce, exp, mac].join("~"), "nonsense", "a~b~c~d", "x".repeat(401)]) {
      const res = await confirm(bad);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.json.fields), bad).toEqual(["token"]);
    }
    const missing = await call("POST", "/api/newsletter/confirmations", { body: {}, ip: freshIp() });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields)).toEqual(["token"]);
  });

  it("of an earlier subscription is used once the address unsubscribed and signed up again", async () => {
    const email = address();
    const welcome = await confirmedReader(email);
    const first = confirmTokenOf(await mail(email, "Confirm your newsletter subscription"));
    const one = oneClickOf(welcome);
    expect(
      (await call("POST", one.pathname + one.search, { raw: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" }, ip: freshIp() }))
        .status,
    ).toBe(200);
    await subscribe(email);
    const second = confirmTokenOf(await mail(email, "Confirm your newsletter subscription", 2));
    expect((await confirm(first)).status).toBe(409);
    expect((await confirm(second)).status).toBe(200);
  });
});

describe("every mail to a subscriber", () => {
  it("carries a one-click List-Unsubscribe (an https URL of the site's origin locally) and List-Unsubscribe-Post, and an unsubscribe page link", async () => {
    const email = address();
    await confirmedReader(email);
    await subscribe(email);
    await mail(email, "You're already subscribed");
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject).sort()).toEqual(["Confirm your newsletter subscription", "Welcome to our newsletter", "You're already subscribed"]);
    for (const m of mails) {
      const url = oneClickOf(m);
      expect(url.origin, m.subject).toBe(new URL(inject("baseUrl")).origin);
      expect(url.pathname, m.subject).toBe("/api/newsletter/unsubscribe");
      expect(m.headers["list-unsubscribe-post"], m.subject).toBe("List-Unsubscribe=One-Click");
      expect(tokenOf(m.text, "/newsletter/unsubscribe"), m.subject).toBe(url.searchParams.get("token"));
    }
  });
});

describe("unsubscribing", () => {
  it("is one POST to the List-Unsubscribe URL with the RFC 8058 body, no cookie, no Origin: the address is unsubscribed, and again is the same answer", async () => {
    const email = address();
    const url = oneClickOf(await confirmedReader(email));
    const post = () =>
      call("POST", url.pathname + url.search, { raw: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" }, ip: freshIp() });
    const res = await post();
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ message: UNSUBSCRIBED_MESSAGE });
    const stored = (
      await db()
        .newsletterSubscriber.get({ id: subscriberId(email) })
        .go()
    ).data!;
    expect(stored.status).toBe("unsubscribed");
    expect(stored.unsubscribed_at).toBeTruthy();
    expect((await post()).json).toEqual({ message: UNSUBSCRIBED_MESSAGE });
  });

  it("sends a person who opens the URL (GET) to the unsubscribe page, changing nothing", async () => {
    const email = address();
    const url = oneClickOf(await confirmedReader(email));
    const res = await call("GET", url.pathname + url.search, { ip: freshIp() });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/newsletter/unsubscribe?token=${encodeURIComponent(url.searchParams.get("token")!)}`);
    expect(
      (
        await db()
          .newsletterSubscriber.get({ id: subscriberId(email) })
          .go()
      ).data!.status,
    ).toBe("confirmed");
  });

  it("answers 400 naming token to a forged or missing token", async () => {
    for (const path of ["/api/newsletter/unsubscribe?token=abc~def", `/api/newsletter/unsubscribe?token=${subscriberId(address())}~forged`, "/api/newsletter/unsubscribe"]) {
      const res = await call("POST", path, { ip: freshIp() });
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.json.fields), path).toEqual(["token"]);
    }
  });
});

describe("the back office's subscribers", () => {
  let admin: Visitor;
  beforeAll(async () => {
    admin = await devAdmin();
  });
  const list = (qs: string) => admin.call("GET", `/api/admin/newsletter/subscribers?${qs}`);

  it("lists {id, email, status, created_at, confirmed_at} newest first, searchable and filtered by status over every subscriber, paged by X-Next-Cursor", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const confirmedEmail = `club-${tag}-a@example.com`;
    await confirmedReader(confirmedEmail);
    const pendingEmail = `club-${tag}-b@example.com`;
    await subscribe(pendingEmail);
    const goneEmail = `club-${tag}-c@example.com`;
    const url = oneClickOf(await confirmedReader(goneEmail));
    await call("POST", url.pathname + url.search, { ip: freshIp() });

    const { items } = await allPages<AdminSubscriber>(admin, "/api/admin/newsletter/subscribers", { q: `CLUB-${tag}`, limit: 1 });
    expect(items.map((s) => s.email)).toEqual([goneEmail, pendingEmail, confirmedEmail]);
    const a = items.find((s) => s.email === confirmedEmail)!;
    expect(Object.keys(a).sort()).toEqual(["confirmed_at", "created_at", "email", "id", "status"]);
    expect(a).toMatchObject({ id: subscriberId(confirmedEmail), status: "confirmed" });
    expect(a.confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(items.find((s) => s.email === pendingEmail)).toMatchObject({ status: "pending", confirmed_at: null });
    expect(items.find((s) => s.email === goneEmail)!.status).toBe("unsubscribed");
    for (const status of ["confirmed", "pending", "unsubscribed"] as const) {
      const res = await list(`q=club-${tag}&status=${status}`);
      expect(res.status).toBe(200);
      expect((res.json as AdminSubscriber[]).map((s) => s.status)).toEqual([status]);
    }
    const first = await list(`q=club-${tag}&limit=2`);
    expect(first.json).toHaveLength(2);
    expect(nextCursor(first)).toBeTruthy();
  });

  it("answers 400 naming the field to a bad status, limit or cursor", async () => {
    expect(Object.keys((await list("status=subscribed")).json.fields)).toEqual(["status"]);
    expect(Object.keys((await list("limit=0")).json.fields)).toEqual(["limit"]);
    expect(Object.keys((await list("cursor=not-a-cursor")).json.fields)).toEqual(["cursor"]);
  });

  it("counts them by status, and on the Overview", async () => {
    const before = (await admin.call("GET", "/api/admin/newsletter/subscribers/stats")).json;
    const overviewBefore = (await admin.call("GET", "/api/admin/dashboard-stats")).json.stats.subscribers;
    await confirmedReader();
    const after = (await admin.call("GET", "/api/admin/newsletter/subscribers/stats")).json;
    expect(Object.keys(after).sort()).toEqual(["confirmed", "pending", "total", "unsubscribed"]);
    expect(after.total).toBeGreaterThanOrEqual(before.total + 1);
    expect(after.confirmed).toBeGreaterThanOrEqual(before.confirmed + 1);
    expect(after.total).toBe(after.confirmed + after.pending + after.unsubscribed);
    const overview = (await admin.call("GET", "/api/admin/dashboard-stats")).json.stats.subscribers;
    expect(overview.confirmed).toBeGreaterThanOrEqual(overviewBefore.confirmed + 1);
  });

  it("deletes one to the Trash (404 when gone), uncounted, recorded in the audit log with its address; a restore puts it back with its status, counted again", async () => {
    const email = address();
    await confirmedReader(email);
    const id = subscriberId(email);
    const stats = async () => (await admin.call("GET", "/api/admin/newsletter/subscribers/stats")).json as Record<string, number>;
    const before = await stats();
    const listed = async () => ((await list(`q=${encodeURIComponent(email)}`)).json as AdminSubscriber[]).find((s) => s.id === id);
    const was = await listed();
    expect(was).toMatchObject({ status: "confirmed" });

    const res = await admin.call("DELETE", `/api/admin/newsletter/subscribers/${id}`, { body: {} });
    expect(res.status, res.text).toBe(200);
    expect((await db().newsletterSubscriber.get({ id }).go()).data).toBeNull();
    expect(await listed()).toBeUndefined();
    expect(await stats()).toEqual({ ...before, total: before.total! - 1, confirmed: before.confirmed! - 1 });
    expect((await admin.call("DELETE", `/api/admin/newsletter/subscribers/${id}`, { body: {} })).status).toBe(404);
    const audit = await admin.call("GET", "/api/admin/audit-log?entity=newsletter-subscriber&action=delete");
    expect(audit.status, audit.text).toBe(200);
    expect((audit.json as Array<{ entity_id: string; entity_label: string }>).find((e) => e.entity_id === id)).toMatchObject({ entity_label: email });

    // In the Trash as a Subscriber, labelled with its address.
    const trash = await admin.call("GET", "/api/admin/trash?entity=newsletter-subscribers");
    expect(trash.status, trash.text).toBe(200);
    const item = (trash.json as TrashItem[]).find((t) => t.entity_id === id);
    expect(item).toMatchObject({ entity: "newsletter-subscribers", label: email });
    const restored = await admin.call("POST", `/api/admin/trash/${item!.id}/restore`, { body: {} });
    expect(restored.status, restored.text).toBe(200);
    expect(await listed()).toEqual(was);
    expect(await stats()).toEqual(before);
    const restoredAudit = await admin.call("GET", "/api/admin/audit-log?entity=newsletter-subscriber&action=restore");
    expect((restoredAudit.json as Array<{ entity_id: string }>).some((e) => e.entity_id === id)).toBe(true);
    expect(((await admin.call("GET", "/api/admin/trash?entity=newsletter-subscribers")).json as TrashItem[]).some((t) => t.id === item!.id)).toBe(false);
  });

  it("are for the roles that read messages: an editor gets 403, and nobody signed in 401", async () => {
    const username = `editor-${Math.random().toString(36).slice(2, 8)}`;
    await AdminAccounts.create({ username, password: "editor-password-0123456789", full_name: "Ed", role: "editor" });
    const editor = new Visitor(inject("baseUrl"));
    expect((await editor.call("POST", "/api/admin/login", { body: { username, password: "editor-password-0123456789" } })).status).toBe(200);
    expect((await editor.call("GET", "/api/admin/newsletter/subscribers")).status).toBe(403);
    expect((await editor.call("DELETE", `/api/admin/newsletter/subscribers/${subscriberId(address())}`, { body: {} })).status).toBe(403);
    expect((await editor.call("GET", "/api/admin/dashboard-stats")).json.stats.subscribers).toBeUndefined();
    expect((await call("GET", "/api/admin/newsletter/subscribers", { ip: freshIp() })).status).toBe(401);
  });
});
