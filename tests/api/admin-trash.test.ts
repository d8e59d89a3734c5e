import { beforeAll, describe, expect, it, inject } from "vitest";
import type { DashboardStats } from "../../packages/core/src/contract/admin";
import type { AuditEntry } from "../../packages/core/src/contract/audit";
import type { TrashItem } from "../../packages/core/src/contract/trash";
import type { Visitor } from "../support/auth-flow";
import { allPages, devAdmin, nextCursor, uniqueName } from "../support/admin";
import { call, freshIp } from "../support/http";
import { createAsVisitor } from "../support/public-writes";
import { serviceCategories } from "../../packages/core/src/contract/catalog-values";
import { useRuntimeDatabase } from "../support/database";
import { db } from "../../packages/core/src/db/service";
import { tableKeys } from "../../packages/core/src/db/table-keys";
import { mailbox, until } from "../support/mailbox";

/**
 * The Trash: every delete keeps what it deleted for 30 days, gone at once from every list, count and
 * public read; a restore brings it back under its own id, counted again; a purge ends it. Each step
 * is in the audit log.
 */
let admin: Visitor;
beforeAll(async () => {
  useRuntimeDatabase();
  admin = await devAdmin();
});

const dev = { type: "dev", id: "dev#local", name: "Development Admin" };
const uid = () => Math.random().toString(36).slice(2, 10);
const today = () => new Date().toISOString().slice(0, 10);
const trash = async (params: Record<string, string> = {}) => (await allPages<TrashItem>(admin, "/api/admin/trash", { limit: 100, ...params })).items;
const trashed = async (entity: string, entity_id: string) => (await trash({ entity })).find((t) => t.entity_id === entity_id);
const restore = (id: string) => admin.call("POST", `/api/admin/trash/${id}/restore`, { body: {} });
const purge = (id: string) => admin.call("DELETE", `/api/admin/trash/${id}`, { body: {} });
const stats = async () => ((await admin.call("GET", "/api/admin/dashboard-stats")).json as DashboardStats).stats;
const publicGet = (path: string) => call("GET", path, { ip: freshIp() });
/** Polls a public address until `ok` (a render follows a write within seconds). */
async function eventually(path: string, ok: (res: Awaited<ReturnType<typeof publicGet>>) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await publicGet(path);
    if (ok(res)) return res;
    if (Date.now() > deadline) throw new Error(`${path} did not reach the expected state within ${timeoutMs} ms (last: ${res.status})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
async function audited(action: string, entity_id: string) {
  const { items } = await allPages<AuditEntry>(admin, "/api/admin/audit-log", { limit: 100, from: today(), action });
  return items.find((e) => e.entity_id === entity_id);
}

describe("a deleted blog post", () => {
  it("goes to the Trash, gone from the lists, counts and public reads, and comes back under its id at its slug, counted again", async () => {
    const slug = `trashed-${uid()}`;
    const created = await admin.call("POST", "/api/admin/blog-posts", { body: { title: uniqueName("Trashed post"), slug, content: "<p>Kept</p>", is_published: true } });
    expect(created.status, created.text).toBe(201);
    const { id, title } = created.json;
    expect((await publicGet(`/api/blog-posts/${slug}`)).status).toBe(200);
    const before = await stats();

    expect((await admin.call("DELETE", `/api/admin/blog-posts/${id}`, { body: {} })).status).toBe(200);
    expect((await publicGet(`/api/blog-posts/${slug}`)).status).toBe(404);
    expect((await admin.call("GET", `/api/admin/blog-posts?q=${encodeURIComponent(title)}`)).json).toEqual([]);
    expect((await stats()).blogPosts.total).toBe(before.blogPosts.total - 1);
    const item = await trashed("blog-posts", id);
    expect(item).toEqual({
      id: expect.any(String),
      entity: "blog-posts",
      entity_id: id,
      label: title,
      deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      deleted_by: dev,
      expires_at: expect.any(String),
    });
    const days = (Date.parse(item!.expires_at) - Date.parse(item!.deleted_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(await audited("delete", id)).toMatchObject({ entity: "blog-post", entity_label: title, actor: dev });

    const restored = await restore(item!.id);
    expect(restored.status, restored.text).toBe(200);
    // Back under its id and slug, as a draft: a restore never publishes.
    expect(restored.json).toMatchObject({ id, slug, title, content: "<p>Kept</p>", is_published: false });
    expect((await admin.call("GET", `/api/admin/blog-posts/${id}`)).json).toMatchObject({ id, slug });
    expect((await stats()).blogPosts.total).toBe(before.blogPosts.total);
    expect(await trashed("blog-posts", id)).toBeUndefined();
    expect(await audited("restore", id)).toMatchObject({ entity: "blog-post", entity_label: title, actor: dev });
    // Taken out of the Trash: a second restore finds nothing.
    expect((await restore(item!.id)).status).toBe(404);
    // Published again by hand, it is public at its slug.
    const published = await admin.call("PUT", `/api/admin/blog-posts/${id}/publish`, { body: { is_published: true } });
    expect(published.status, published.text).toBe(200);
    expect((await publicGet(`/api/blog-posts/${slug}`)).status).toBe(200);
  });

  it("is not restored over another post that took its slug: 409 naming slug, and it stays in the Trash", async () => {
    const slug = `taken-${uid()}`;
    const first = await admin.call("POST", "/api/admin/blog-posts", { body: { title: uniqueName("First owner"), slug, content: "<p>One</p>" } });
    await admin.call("DELETE", `/api/admin/blog-posts/${first.json.id}`, { body: {} });
    const second = await admin.call("POST", "/api/admin/blog-posts", { body: { title: uniqueName("Second owner"), slug, content: "<p>Two</p>" } });
    expect(second.status, second.text).toBe(201);
    const item = await trashed("blog-posts", first.json.id);
    const refused = await restore(item!.id);
    expect(refused.status).toBe(409);
    expect(refused.json.fields).toHaveProperty("slug");
    expect((await admin.call("GET", `/api/admin/blog-posts/${first.json.id}`)).status).toBe(404);
    expect(await trashed("blog-posts", first.json.id)).toMatchObject({ id: item!.id });
  });
});

describe("a deleted published post's public pages", () => {
  it("are gone at once from its page, the blog list, the sitemap and the feed, and come back when it is restored and published", async () => {
    const slug = `rendered-trash-${uid()}`;
    const title = uniqueName("Rendered trashed post");
    const created = await admin.call("POST", "/api/admin/blog-posts", { body: { title, slug, content: "<p>On every page</p>", is_published: true } });
    expect(created.status, created.text).toBe(201);
    await eventually(`/blog/${slug}`, (r) => r.status === 200 && r.text.includes(title));
    await eventually("/blog", (r) => r.text.includes(slug));
    for (const feed of ["/sitemap.xml", "/rss.xml"]) expect((await publicGet(feed)).text).toContain(slug);

    expect((await admin.call("DELETE", `/api/admin/blog-posts/${created.json.id}`, { body: {} })).status).toBe(200);
    await eventually(`/blog/${slug}`, (r) => r.status === 404);
    await eventually("/blog", (r) => r.status === 200 && !r.text.includes(slug));
    for (const feed of ["/sitemap.xml", "/rss.xml"]) expect((await publicGet(feed)).text).not.toContain(slug);
    expect((await publicGet(`/api/blog-posts?q=${encodeURIComponent(title)}`)).text).not.toContain(slug);

    const item = await trashed("blog-posts", created.json.id);
    expect((await restore(item!.id)).status).toBe(200);
    // Restored as a draft: still not public until published.
    expect((await publicGet("/rss.xml")).text).not.toContain(slug);
    expect((await admin.call("PUT", `/api/admin/blog-posts/${created.json.id}/publish`, { body: { is_published: true } })).status).toBe(200);
    await eventually(`/blog/${slug}`, (r) => r.status === 200 && r.text.includes(title));
    for (const feed of ["/sitemap.xml", "/rss.xml"]) expect((await publicGet(feed)).text).toContain(slug);
  });

  it("a trashed service leaves the rendered Services page, and a restore puts it back", async () => {
    const title = uniqueName("Rendered trashed service");
    const created = await admin.call("POST", "/api/admin/services", { body: { title, description: "Shown on the page", is_active: true } });
    expect(created.status, created.text).toBe(201);
    await eventually("/services", (r) => r.text.includes(title));
    await admin.call("DELETE", `/api/admin/services/${created.json.id}`, { body: {} });
    await eventually("/services", (r) => r.status === 200 && !r.text.includes(title));
    const item = await trashed("services", created.json.id);
    expect((await restore(item!.id)).status).toBe(200);
    await eventually("/services", (r) => r.text.includes(title));
    await admin.call("DELETE", `/api/admin/services/${created.json.id}`, { body: {} });
  });
});

describe("a trashed item's expiry", () => {
  it("is the table's TTL attribute, in epoch seconds 30 days after the delete, so DynamoDB purges it", async () => {
    const { json } = await admin.call("POST", "/api/admin/industries", { body: { name: uniqueName("Expiring"), is_active: false } });
    const before = Math.floor(Date.now() / 1000);
    await admin.call("DELETE", `/api/admin/industries/${json.id}`, { body: {} });
    const after = Math.ceil(Date.now() / 1000);
    const item = await trashed("industries", json.id);
    const raw = (await db().trashItem.get({ id: item!.id }).go({ data: "raw" })).data as unknown as { Item: Record<string, unknown> };
    const ttl = raw.Item[tableKeys.ttl] as number;
    expect(typeof ttl).toBe("number");
    expect(ttl).toBeGreaterThanOrEqual(before + 30 * 86_400);
    expect(ttl).toBeLessThanOrEqual(after + 30 * 86_400);
    expect(Date.parse(item!.expires_at)).toBe(ttl * 1000);
  });
});

describe("deleted catalogue items", () => {
  const kinds = [
    { entity: "services", path: "/api/admin/services", publicPath: "/api/services", body: () => ({ title: uniqueName("Trashed service"), description: "d", is_active: true }) },
    { entity: "industries", path: "/api/admin/industries", publicPath: "/api/industries", body: () => ({ name: uniqueName("Trashed industry"), is_active: true }) },
    { entity: "courses", path: "/api/admin/courses", publicPath: "/api/courses", body: () => ({ title: uniqueName("Trashed course"), is_active: true }) },
    {
      entity: "service-details",
      path: "/api/admin/service-details",
      publicPath: "/api/service-details",
      body: () => ({ title: uniqueName("Trashed detail"), service_category: serviceCategories[0], is_active: true }),
    },
  ];
  for (const kind of kinds) {
    it(`${kind.entity}: go to the Trash, off the public list, and come back as they were`, async () => {
      const created = await admin.call("POST", kind.path, { body: kind.body() });
      expect(created.status, created.text).toBe(201);
      const { id } = created.json;
      const onPublicList = async () => ((await publicGet(kind.publicPath)).json as { id: string }[]).some((i) => i.id === id);
      expect(await onPublicList()).toBe(true);
      expect((await admin.call("DELETE", `${kind.path}/${id}`, { body: {} })).status).toBe(200);
      expect(await onPublicList()).toBe(false);
      const item = await trashed(kind.entity, id);
      expect(item).toMatchObject({ entity: kind.entity, entity_id: id, deleted_by: dev });
      const restored = await restore(item!.id);
      expect(restored.status, restored.text).toBe(200);
      expect(restored.json).toMatchObject({ ...created.json, id });
      expect(await onPublicList()).toBe(true);
      expect(await audited("restore", id)).toBeDefined();
      await admin.call("DELETE", `${kind.path}/${id}`, { body: {} });
    });
  }
});

describe("deleted leads", () => {
  const baseUrl = () => inject("baseUrl");
  it("a message deleted one by one or in bulk goes to the Trash, uncounted, and comes back counted", async () => {
    const tag = uid();
    const send = async () =>
      (await createAsVisitor(baseUrl(), "/api/contact", { name: `Trash ${tag}`, email: `t-${tag}@example.com`, message: "Keep me somewhere", inquiryType: "general" })) as {
        id?: string;
      };
    await send();
    await send();
    const mine = async () => ((await admin.call("GET", `/api/admin/contact-submissions?q=${tag}`)).json as { id: string }[]).map((m) => m.id);
    const [one, two] = await mine();
    const total = async () => (await admin.call("GET", "/api/admin/contact-submissions/count")).json.count as number;
    const count0 = await total();
    expect((await admin.call("DELETE", `/api/admin/contact-submissions/${one}`, { body: {} })).status).toBe(200);
    const bulk = await admin.call("POST", "/api/admin/contact-submissions/bulk", { body: { action: "delete", ids: [two] } });
    expect(bulk.status, bulk.text).toBe(200);
    expect(await mine()).toEqual([]);
    expect(await total()).toBe(count0 - 2);
    const items = (await trash({ entity: "contact-submissions" })).filter((t) => [one, two].includes(t.entity_id));
    expect(items.map((t) => t.label)).toEqual([`Trash ${tag}`, `Trash ${tag}`]);
    for (const item of items) expect((await restore(item.id)).status).toBe(200);
    expect((await mine()).sort()).toEqual([one, two].sort());
    expect(await total()).toBe(count0);
  });

  it("a message deleted while its notification was being sent comes back due, and is mailed", async () => {
    const tag = uid();
    const email = `due-${tag}@example.com`;
    await createAsVisitor(baseUrl(), "/api/contact", { name: `Due ${tag}`, email, message: "Mail me", inquiryType: "general" });
    const { id } = ((await admin.call("GET", `/api/admin/contact-submissions?q=${tag}`)).json as { id: string }[])[0]!;
    const stored = () =>
      db()
        .contactSubmission.get({ id })
        .go()
        .then((r) => r.data);
    await until("the first notification", stored, (m) => m?.mail_status === "sent");
    // The sender's claim as it is mid-send (what a delete in that moment keeps in the Trash).
    await db().contactSubmission.patch({ id }).set({ mail_status: "sending", mail_claimed_at: new Date().toISOString() }).go();
    expect((await admin.call("DELETE", `/api/admin/contact-submissions/${id}`, { body: {} })).status).toBe(200);
    expect((await restore((await trashed("contact-submissions", id))!.id)).status).toBe(200);
    await until("the restored message's notification", stored, (m) => m?.mail_status === "sent");
    const mails = await until(
      "a second mail about the message",
      () => mailbox(inject("mailUrl")).mailsFor(id),
      (m) => m.length === 2,
    );
    expect(mails.map((m) => m.subject)).toEqual([mails[0]!.subject, mails[0]!.subject]);
  });

  it("a registration deleted goes to the Trash and is purged for good", async () => {
    const courses = (await publicGet("/api/courses")).json as { title: string; is_active: boolean }[];
    const tag = uid();
    await createAsVisitor(baseUrl(), "/api/course-registrations", {
      name: `Reg ${tag}`,
      email: `r-${tag}@example.com`,
      course_interest: courses[0]!.title,
      experience_level: "Beginner",
    });
    const [reg] = (await admin.call("GET", `/api/admin/course-registrations?q=${tag}`)).json as { id: string }[];
    expect((await admin.call("DELETE", `/api/admin/course-registrations/${reg!.id}`, { body: {} })).status).toBe(200);
    const item = await trashed("course-registrations", reg!.id);
    expect(item).toMatchObject({ label: `Reg ${tag}` });
    const purged = await purge(item!.id);
    expect(purged.status, purged.text).toBe(200);
    expect(await trashed("course-registrations", reg!.id)).toBeUndefined();
    expect((await restore(item!.id)).status).toBe(404);
    expect((await purge(item!.id)).status).toBe(404);
    expect(await audited("purge", reg!.id)).toMatchObject({ entity: "course-registration", entity_label: `Reg ${tag}` });
  });
});

describe("the Trash list", () => {
  it("pages newest first with limit and X-Next-Cursor, filters by entity, and refuses bad input", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { json } = await admin.call("POST", "/api/admin/industries", { body: { name: uniqueName(`Paged ${i}`), is_active: false } });
      await admin.call("DELETE", `/api/admin/industries/${json.id}`, { body: {} });
      ids.unshift(json.id);
    }
    const first = await admin.call("GET", "/api/admin/trash?limit=2&entity=industries");
    expect(first.status).toBe(200);
    expect((first.json as TrashItem[]).map((t) => t.entity_id)).toEqual(ids.slice(0, 2));
    const second = await admin.call("GET", `/api/admin/trash?limit=2&entity=industries&cursor=${nextCursor(first)}`);
    expect((second.json as TrashItem[])[0]!.entity_id).toBe(ids[2]);
    expect((await trash()).some((t) => t.entity === "industries")).toBe(true);
    expect((await trash({ entity: "services" })).every((t) => t.entity === "services")).toBe(true);

    const badEntity = await admin.call("GET", "/api/admin/trash?entity=users");
    expect(badEntity.status).toBe(400);
    expect(badEntity.json.fields).toHaveProperty("entity");
    const badCursor = await admin.call("GET", "/api/admin/trash?cursor=not-a-cursor!");
    expect(badCursor.status).toBe(400);
    expect(badCursor.json.fields).toHaveProperty("cursor");
    const otherList = await admin.call("GET", `/api/admin/trash?limit=2&entity=services&cursor=${nextCursor(first)}`);
    expect(otherList.status).toBe(400);
    expect((await admin.call("GET", "/api/admin/trash?limit=0")).status).toBe(400);
    expect((await restore("no-such-item")).status).toBe(404);
    expect((await purge("no-such-item")).status).toBe(404);
  });
});
