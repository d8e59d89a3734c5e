import { createServer, request, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { routeKeys, routes } from "@agency/core/routes";
import { AdminAccounts, LOGIN_THROTTLE } from "../../packages/core/src/auth/admin-accounts";
import type { AuditEntry } from "../../packages/core/src/contract/audit";
import type { UploadTicket } from "../../packages/core/src/contract/media";
import { Users } from "../../packages/core/src/users/users";
import { allPages, devAdmin, nextCursor, uniqueName } from "../support/admin";
import { Visitor, demo, signInWithGoogle } from "../support/auth-flow";
import { useRuntimeDatabase } from "../support/database";
import { inOneRateWindow } from "../support/http";
import { makePng } from "../support/png";
import { startRuntime, type RunningRuntime } from "../support/runtime";

const LOG = "/api/admin/audit-log";
const uid = () => Math.random().toString(36).slice(2, 10);
const today = () => new Date().toISOString().slice(0, 10);
const AGENT = "audit-test-agent/1.0";

let admin: Visitor;
beforeAll(async () => {
  useRuntimeDatabase();
  admin = await devAdmin();
});

/** The entries about one item (today's, every page), newest first. */
async function entriesAbout(entityId: string, params: Record<string, string> = {}): Promise<AuditEntry[]> {
  const { items } = await allPages<AuditEntry>(admin, LOG, { limit: 100, from: today(), ...params });
  return items.filter((e) => e.entity_id === entityId);
}
const dev = { type: "dev", id: "dev#local", name: "Development Admin" };
const call = (method: string, path: string, body: unknown = {}) => admin.call(method, path, { body, headers: { "user-agent": AGENT } });

describe("sign-in events", () => {
  it("records a failed sign-in with the username tried, then the lockout (429)", { timeout: 150_000 }, async () => {
    const tried = `nobody-${uid()}`;
    await inOneRateWindow(LOGIN_THROTTLE.perIpAndUsername.windowSeconds);
    const v = new Visitor(inject("baseUrl"));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await v.call("POST", "/api/admin/login", { body: { username: tried, password: "wrong-password-1" } })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const entries = await entriesAbout(tried, { entity: "admin-account" });
    expect(entries.map((e) => e.action)).toEqual(["sign_in_locked_out", ...Array(10).fill("sign_in_failed")]);
    expect(entries[1]).toMatchObject({ actor: { type: "anonymous", id: "", name: "" }, entity: "admin-account", entity_label: tried, ip: v.ip });
  });

  it("records a username account's sign-in and sign-out as that account", async () => {
    const username = `auditor${uid()}`;
    await AdminAccounts.create({ username, password: "a-long-password-for-audit", full_name: "Audrey Auditor" });
    const v = new Visitor(inject("baseUrl"));
    expect((await v.call("POST", "/api/admin/login", { body: { username, password: "a-long-password-for-audit" } })).status).toBe(200);
    expect((await v.call("POST", "/api/logout", { body: {} })).status).toBe(200);
    const entries = await entriesAbout("", { actor: `admin#${username}` });
    const actor = { type: "admin", id: `admin#${username}`, name: "Audrey Auditor" };
    expect(entries.map((e) => [e.action, e.actor])).toEqual([["sign_out", actor]]);
    expect((await entriesAbout(username, { actor: `admin#${username}` })).map((e) => [e.action, e.entity])).toEqual([["sign_in", "admin-account"]]);
  });

  it("records a Google account refused the back office as a failed sign-in", async () => {
    const v = new Visitor(inject("baseUrl"));
    expect((await signInWithGoogle(v, demo.visitor)).status).toBe(403);
    const { items } = await allPages<AuditEntry>(admin, LOG, { limit: 100, from: today(), action: "sign_in_failed", entity: "user" });
    expect(items.find((e) => e.entity_label === demo.visitor.email && e.ip === v.ip)).toMatchObject({ actor: { type: "anonymous" } });
  });
});

describe("admin writes", () => {
  it("records a create, an update with the fields it changed, and a delete with what was deleted", async () => {
    const title = uniqueName("Audited service");
    const created = await call("POST", "/api/admin/services", { title, description: "First" });
    expect(created.status).toBe(201);
    const { id, version } = created.json;
    expect((await call("PUT", `/api/admin/services/${id}`, { description: "Second", version })).status).toBe(200);
    expect((await call("DELETE", `/api/admin/services/${id}`)).status).toBe(200);
    const entries = await entriesAbout(id);
    expect(entries.map((e) => [e.action, e.entity, e.entity_label, e.changed_fields])).toEqual([
      ["delete", "service", title, []],
      ["update", "service", title, ["description"]],
      ["create", "service", title, []],
    ]);
    expect(entries[1]).toMatchObject({ actor: dev, user_agent: AGENT, ip: admin.ip, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it("records a post's publish and unpublish", async () => {
    const post = (await call("POST", "/api/admin/blog-posts", { title: uniqueName("Audited post"), slug: `audited-${uid()}`, content: "<p>x</p>" })).json;
    expect((await call("PUT", `/api/admin/blog-posts/${post.id}/publish`, { is_published: true })).status).toBe(200);
    expect((await call("PUT", `/api/admin/blog-posts/${post.id}/publish`, { is_published: false })).status).toBe(200);
    expect((await entriesAbout(post.id, { entity: "blog-post" })).map((e) => [e.action, e.changed_fields])).toEqual([
      ["unpublish", ["is_published"]],
      ["publish", ["is_published"]],
      ["create", []],
    ]);
  });

  it("records a message's status change and Mark All Read", async () => {
    const name = uniqueName("Audited sender");
    expect(
      (await new Visitor(inject("baseUrl")).call("POST", "/api/contact", { body: { name, email: "v@example.com", company: "", message: "Hi", form_type: "general" } })).status,
    ).toBe(201);
    const [message] = (await allPages<{ id: string }>(admin, "/api/admin/contact-submissions", { q: name })).items;
    expect((await call("PUT", `/api/admin/contact-submissions/${message!.id}/status`, { is_read: true })).status).toBe(200);
    expect((await entriesAbout(message!.id)).map((e) => [e.action, e.entity, e.entity_label, e.changed_fields])).toEqual([
      ["status_change", "contact-submission", name, ["is_read"]],
    ]);
    const marked = await call("PUT", "/api/admin/contact-submissions/mark-all-read", {});
    expect(marked.status).toBe(200);
    const { items } = await allPages<AuditEntry>(admin, LOG, { limit: 5, action: "mark_all_read" });
    // Other tests' messages may be marked too: the label says however many, in the right number.
    const n = marked.json.updated as number;
    expect(items[0]).toMatchObject({
      entity: "contact-submission",
      entity_label: n === 1 ? "1 message" : `${n.toLocaleString("en-US")} messages`,
      changed_fields: ["is_read"],
      actor: dev,
    });
  });

  it("records each bulk action on leads as one entry: the action in the body, and how many it changed", async () => {
    const name = uniqueName("Bulk sender");
    for (const email of ["a@example.com", "b@example.com"]) {
      const sent = await new Visitor(inject("baseUrl")).call("POST", "/api/contact", { body: { name, email, company: "", message: "Hi", form_type: "general" } });
      expect(sent.status).toBe(201);
    }
    const ids = (await allPages<{ id: string }>(admin, "/api/admin/contact-submissions", { q: name })).items.map((m) => m.id);
    expect(ids).toHaveLength(2);
    const latest = async (params: Record<string, string>) => (await allPages<AuditEntry>(admin, LOG, { limit: 5, ...params })).items[0];

    const read = await call("POST", "/api/admin/contact-submissions/bulk", { action: "mark_read", ids });
    expect(read.status, read.text).toBe(200);
    expect(await latest({ entity: "contact-submission", action: "status_change" })).toMatchObject({
      entity_id: "",
      entity_label: "2 messages",
      changed_fields: ["is_read"],
      actor: dev,
    });
    const unread = await call("POST", "/api/admin/contact-submissions/bulk", { action: "mark_unread", ids: ids.slice(0, 1) });
    expect(unread.status, unread.text).toBe(200);
    expect(await latest({ entity: "contact-submission", action: "status_change" })).toMatchObject({
      entity_id: "",
      entity_label: "1 message",
      changed_fields: ["is_read"],
      actor: dev,
    });
    const deleted = await call("POST", "/api/admin/contact-submissions/bulk", { action: "delete", ids });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await latest({ entity: "contact-submission", action: "delete" })).toMatchObject({ entity_id: "", entity_label: "2 messages", changed_fields: [], actor: dev });

    // One is said in the singular, two in the plural.
    const registrant = uniqueName("Bulk registrant");
    for (const email of ["r@example.com", "s@example.com"]) {
      const registered = await new Visitor(inject("baseUrl")).call("POST", "/api/course-registrations", { body: { name: registrant, email, course_interest: "Not sure" } });
      expect(registered.status, registered.text).toBe(201);
    }
    const registrations = (await allPages<{ id: string }>(admin, "/api/admin/course-registrations", { q: registrant })).items.map((r) => r.id);
    expect(registrations).toHaveLength(2);
    const one = await call("POST", "/api/admin/course-registrations/bulk", { action: "set_status", status: "contacted", ids: registrations.slice(0, 1) });
    expect(one.status, one.text).toBe(200);
    expect(await latest({ entity: "course-registration", action: "status_change" })).toMatchObject({
      entity_id: "",
      entity_label: "1 registration",
      changed_fields: ["status"],
      actor: dev,
    });
    const both = await call("POST", "/api/admin/course-registrations/bulk", { action: "set_status", status: "enrolled", filter: { q: registrant } });
    expect(both.status, both.text).toBe(200);
    expect(await latest({ entity: "course-registration", action: "status_change" })).toMatchObject({
      entity_id: "",
      entity_label: "2 registrations",
      changed_fields: ["status"],
      actor: dev,
    });
  });

  it("records a settings save with the keys saved", async () => {
    const settings = (await admin.call("GET", "/api/admin/site-settings")).json as { key: string; value: string; version: number }[];
    const phone = settings.find((s) => s.key === "contact_phone")!;
    const res = await call("PUT", "/api/admin/site-settings", { settings: [{ key: "contact_phone", value: phone.value, version: phone.version }] });
    expect(res.status, res.text).toBe(200);
    const { items } = await allPages<AuditEntry>(admin, LOG, { limit: 5, entity: "site-setting" });
    expect(items[0]).toMatchObject({ action: "update", entity_id: "contact_phone", entity_label: "Settings", changed_fields: ["contact_phone"] });
  });

  it("records an image's upload and delete", async () => {
    const filename = `audit-${uid()}.png`;
    const png = makePng(uid());
    const ticket = (await call("POST", "/api/admin/uploads", { filename, content_type: "image/png", size: png.length })).json as UploadTicket;
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
    form.append("file", new Blob([Uint8Array.from(png)], { type: "image/png" }), "upload");
    expect((await fetch(ticket.url, { method: "POST", body: form, headers: { origin: inject("baseUrl") } })).status).toBe(204);
    expect((await call("POST", `/api/admin/uploads/${ticket.id}/complete`, {})).status).toBe(200);
    expect((await call("DELETE", `/api/admin/media/${ticket.id}`)).status).toBe(200);
    // Signing the form is no action of its own: the upload is its completion.
    expect((await entriesAbout(ticket.id)).map((e) => [e.action, e.entity, e.entity_label])).toEqual([
      ["delete", "media", filename],
      ["upload", "media", filename],
    ]);
  });

  it("records a user's deletion with their address", async () => {
    const email = `audited-${uid()}@example.com`;
    const user = (await Users.upsertFromGoogle({ sub: uid(), email, email_verified: true, name: "Audited User" }))!;
    expect((await call("DELETE", `/api/admin/users/${user.id}`)).status).toBe(200);
    expect((await entriesAbout(user.id)).map((e) => [e.action, e.entity, e.entity_label])).toEqual([["delete", "user", email]]);
  });

  it("records a publish or a restore only once it was made: nothing for a refused one (409, 404)", async () => {
    const created = (await call("POST", "/api/admin/blog-posts", { title: uniqueName("Refused"), slug: `refused-${uid()}`, content: "<p>One</p>" })).json;
    expect((await call("PUT", `/api/admin/blog-posts/${created.id}/publish`, { is_published: true, version: created.version + 5 })).status).toBe(409);
    const missing = `missing-${uid()}`;
    expect((await call("PUT", `/api/admin/blog-posts/${missing}/publish`, { is_published: true })).status).toBe(404);
    expect((await call("PUT", `/api/admin/blog-posts/${created.id}`, { content: "<p>Two</p>", version: created.version })).status).toBe(200);
    const { items } = await allPages<{ id: string }>(admin, "/api/admin/revisions", { entity: "blog-posts", id: created.id });
    expect((await call("POST", `/api/admin/revisions/${items.at(-1)!.id}/restore`, { version: created.version + 5 })).status).toBe(409);
    expect((await call("POST", `/api/admin/revisions/no-such-revision/restore`, { version: 1 })).status).toBe(404);
    expect((await entriesAbout(created.id)).map((e) => e.action)).toEqual(["update", "create"]);
    expect(await entriesAbout(missing)).toEqual([]);
  });

  it("records nothing for a write that was refused", async () => {
    const created = (await call("POST", "/api/admin/services", { title: uniqueName("Stale"), description: "x" })).json;
    expect((await call("PUT", `/api/admin/services/${created.id}`, { description: "y", version: created.version + 5 })).status).toBe(409);
    expect((await entriesAbout(created.id)).map((e) => e.action)).toEqual(["create"]);
  });
});

describe("the audit log list", () => {
  const ids: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) ids.push((await call("POST", "/api/admin/industries", { name: uniqueName("Paged industry"), description: "x" })).json.id);
  });

  it("pages newest first with X-Next-Cursor, every entry once, filtered by entity, action and actor", async () => {
    const { items, pages } = await allPages<AuditEntry>(admin, LOG, { limit: 1, entity: "industry", action: "create", actor: "dev#local", from: today() });
    const mine = items.filter((e) => ids.includes(e.entity_id));
    expect(mine.map((e) => e.entity_id)).toEqual([...ids].reverse());
    expect(new Set(items.map((e) => e.id)).size).toBe(items.length);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(items.every((e) => e.entity === "industry" && e.action === "create" && e.actor.id === "dev#local")).toBe(true);
    const dates = items.map((e) => e.at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("reads a range of days: nothing of today in one that ends yesterday", async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { items } = await allPages<AuditEntry>(admin, LOG, { limit: 100, entity: "industry", to: yesterday });
    expect(items.filter((e) => ids.includes(e.entity_id))).toEqual([]);
  });

  it("answers 400 naming the parameter for an unknown entity or action, a bad cursor or date, and from after to", async () => {
    const first = await admin.call("GET", `${LOG}?limit=1`);
    const cases: [string, string][] = [
      ["entity=pages", "entity"],
      ["action=hack", "action"],
      ["cursor=not-a-cursor", "cursor"],
      [`cursor=${nextCursor(first)}&entity=industry`, "cursor"],
      ["from=2026-13-01", "from"],
      ["to=yesterday", "to"],
      ["from=2026-02-30", "from"],
      ["from=2026-11-20&to=2026-11-10", "from"],
      ["limit=0", "limit"],
    ];
    for (const [qs, field] of cases) {
      const res = await admin.call("GET", `${LOG}?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(Object.keys(res.json.fields), qs).toEqual([field]);
    }
  });

  it("is for admins only: 401 without a session, 403 for a Google account that is not an admin", async () => {
    expect((await new Visitor(inject("baseUrl")).call("GET", LOG)).status).toBe(401);
    const v = new Visitor(inject("baseUrl"));
    await signInWithGoogle(v, demo.visitor);
    expect((await v.call("GET", LOG)).status).toBe(403);
  });

  it("has no route that edits or deletes an entry", async () => {
    const auditRoutes = routeKeys.filter((k) => k.includes("audit-log"));
    expect(auditRoutes).toEqual(["GET /api/admin/audit-log"]);
    expect(routes["GET /api/admin/audit-log"]).toEqual({ feature: "admin-audit", access: "admin", permission: "audit" });
    const [entry] = (await admin.call("GET", `${LOG}?limit=1`)).json as AuditEntry[];
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      for (const path of [LOG, `${LOG}/${entry!.id}`]) {
        const res = await admin.call(method, path, { body: { action: "sign_in" } });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const after = (await admin.call("GET", `${LOG}?limit=100&from=${entry!.at.slice(0, 10)}&to=${entry!.at.slice(0, 10)}`)).json as AuditEntry[];
    expect(after.find((e) => e.id === entry!.id)).toEqual(entry);
  });
});

/**
 * A failed audit write, the way it fails in AWS: DynamoDB refuses the entry's PutItem (throttled,
 * after the SDK's retries). A runtime of its own talks to the database through a proxy that answers
 * ProvisionedThroughputExceededException to every audit entry's PutItem and passes everything else on.
 */
describe("a failed audit write", () => {
  let proxy: Server;
  let runtime: RunningRuntime;
  let refused = 0;
  beforeAll(async () => {
    const target = new URL(inject("dynamoEndpoint"));
    proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        if (req.headers["x-amz-target"] === "DynamoDB_20120810.PutItem" && body.toString().includes('"__edb_e__":{"S":"auditEntry"}')) {
          refused++;
          res.writeHead(400, { "content-type": "application/x-amz-json-1.0" });
          res.end(
            JSON.stringify({
              __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
              message: "The level of configured provisioned throughput for the table was exceeded.",
            }),
          );
          return;
        }
        const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 500, up.headers);
          up.pipe(res);
        });
        out.end(body);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    const { port } = proxy.address() as { port: number };
    runtime = await startRuntime({ env: { DYNAMODB_ENDPOINT: `http://127.0.0.1:${port}`, TABLE_NAME: "audit-faults" } });
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
    await new Promise((r) => proxy?.close(r));
  });

  it("does not fail the admin's action: it is logged and counted for the alarm", async () => {
    const v = new Visitor(runtime.url);
    expect((await v.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    const title = uniqueName("Saved without audit");
    const created = await v.call("POST", "/api/admin/services", { body: { title, description: "x" } });
    expect(created.status).toBe(201);
    expect((await v.call("GET", "/api/admin/services")).json.map((s: { title: string }) => s.title)).toContain(title);
    expect(refused).toBeGreaterThan(0);
    expect(((await v.call("GET", `${LOG}?limit=100`)).json as AuditEntry[]).find((e) => e.entity_id === created.json.id)).toBeUndefined();
    const line = runtime
      .output()
      .split("\n")
      .find((l) => l.includes("audit write failed: create service"));
    expect(line).toBeTruthy();
    const emf = JSON.parse(line!.slice(line!.indexOf("{")));
    expect(emf).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: "Agency", Dimensions: [["Stage"]], Metrics: [{ Name: "AuditWriteFailures", Unit: "Count" }] }] },
      AuditWriteFailures: 1,
      Stage: "local",
      level: "error",
    });
  });
});
