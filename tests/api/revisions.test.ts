import { beforeAll, describe, expect, inject, it } from "vitest";
import { routes } from "@agency/core/routes";
import type { AuditEntry } from "../../packages/core/src/contract/audit";
import type { Revision, RevisionSummary } from "../../packages/core/src/contract/revisions";
import { allPages, devAdmin, nextCursor, uniqueName } from "../support/admin";
import { Visitor } from "../support/auth-flow";
import { useRuntimeDatabase } from "../support/database";

const BASE = "/api/admin/revisions";
const dev = { type: "dev", id: "dev#local", name: "Development Admin" };
const uid = () => Math.random().toString(36).slice(2, 10);

let admin: Visitor;
beforeAll(async () => {
  useRuntimeDatabase();
  admin = await devAdmin();
});

const call = (method: string, path: string, body?: unknown) => admin.call(method, path, method === "GET" ? {} : { body: body ?? {} });
/** Every kept revision of an item, newest first. */
async function history(entity: string, id: string) {
  return (await allPages<RevisionSummary>(admin, BASE, { entity, id })).items;
}
const revision = async (id: string) => {
  const res = await call("GET", `${BASE}/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Revision;
};
const restore = (revisionId: string, version: number) => call("POST", `${BASE}/${revisionId}/restore`, { version });

describe("a blog post's history", () => {
  it("stores a revision of every save (create, update, publish, unpublish), newest first, with who, the version and the fields changed", async () => {
    const slug = `rev-${uid()}`;
    const created = await call("POST", "/api/admin/blog-posts", { title: uniqueName("Revised post"), slug, content: "<p>First words</p>" });
    expect(created.status).toBe(201);
    const { id } = created.json;
    const updated = await call("PUT", `/api/admin/blog-posts/${id}`, { content: "<p>Second words</p>", excerpt: "An excerpt", version: 1 });
    expect(updated.status).toBe(200);
    expect((await call("PUT", `/api/admin/blog-posts/${id}/publish`, { is_published: true, version: 2 })).status).toBe(200);
    expect((await call("PUT", `/api/admin/blog-posts/${id}/publish`, { is_published: false, version: 3 })).status).toBe(200);

    const revisions = await history("blog-posts", id);
    expect(revisions.map((r) => [r.number, r.action, r.version])).toEqual([
      [4, "unpublish", 4],
      [3, "publish", 3],
      [2, "update", 2],
      [1, "create", 1],
    ]);
    expect(revisions[2]!.changed_fields).toEqual(expect.arrayContaining(["content", "excerpt"]));
    expect(revisions[2]!.changed_fields).not.toContain("title");
    expect(revisions[2]!.changed_fields).not.toContain("version");
    expect(revisions[1]!.changed_fields).toEqual(expect.arrayContaining(["is_published", "published_at"]));
    expect(revisions[0]).toMatchObject({ entity: "blog-posts", item_id: id, actor: dev, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // The list carries no snapshot; one revision does, the post as that save answered it.
    expect(revisions[0]).not.toHaveProperty("snapshot");
    const first = await revision(revisions[3]!.id);
    expect(first.snapshot).toMatchObject({ id, slug, content: "<p>First words</p>", version: 1, is_published: false });
  });

  it("restores a revision as a new save: the text back, a new version, a restore revision and an audit entry; a stale version is a 409", async () => {
    const created = await call("POST", "/api/admin/blog-posts", { title: uniqueName("Restored post"), slug: `rev-${uid()}`, content: "<p>Yesterday's text</p>" });
    const { id } = created.json;
    await call("PUT", `/api/admin/blog-posts/${id}`, { content: "<p>Today's text</p>", title: "A new title", version: 1 });
    const [, oldest] = await history("blog-posts", id);

    const stale = await restore(oldest!.id, 1);
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "stale" });
    expect((await call("GET", `/api/admin/blog-posts/${id}`)).json).toMatchObject({ content: "<p>Today's text</p>", version: 2 });

    const restored = await restore(oldest!.id, 2);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ id, content: "<p>Yesterday's text</p>", title: created.json.title, version: 3 });
    const revisions = await history("blog-posts", id);
    expect(revisions.map((r) => [r.action, r.version])).toEqual([
      ["restore", 3],
      ["update", 2],
      ["create", 1],
    ]);
    expect(revisions[0]!.changed_fields).toEqual(expect.arrayContaining(["content", "title"]));

    const { items } = await allPages<AuditEntry>(admin, "/api/admin/audit-log", { limit: 100, from: new Date().toISOString().slice(0, 10), action: "restore" });
    expect(items.find((e) => e.entity_id === id)).toMatchObject({
      action: "restore",
      entity: "blog-post",
      actor: dev,
      changed_fields: expect.arrayContaining(["content", "title"]),
    });
  });

  it("never changes a post's publication: a restored revision's scheduled time is not restored", async () => {
    const at = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, ".000Z");
    const created = await call("POST", "/api/admin/blog-posts", { title: uniqueName("Scheduled once"), slug: `rev-${uid()}`, content: "<p>Planned</p>", publish_at: at });
    expect(created.status, created.text).toBe(201);
    const { id } = created.json;
    expect(created.json.publish_at).toBe(at);
    expect((await call("PUT", `/api/admin/blog-posts/${id}`, { content: "<p>Now</p>", publish_at: null, version: 1 })).status).toBe(200);
    const oldest = (await history("blog-posts", id)).at(-1)!;
    const restored = await restore(oldest.id, 2);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ content: "<p>Planned</p>", is_published: false });
    expect(restored.json.publish_at ?? null).toBeNull();
  });

  it("sanitises restored HTML as any save does, and refuses a restore without a version (400 naming it)", async () => {
    const created = await call("POST", "/api/admin/blog-posts", { title: uniqueName("Clean post"), slug: `rev-${uid()}`, content: "<p>Clean</p>" });
    const { id } = created.json;
    const [only] = await history("blog-posts", id);
    const bad = await call("POST", `${BASE}/${only!.id}/restore`, {});
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty("version");
    expect((await restore(only!.id, 1)).json).toMatchObject({ content: "<p>Clean</p>", version: 2 });
  });

  it("recreates a deleted post as a draft when its slug is free, and refuses with a 409 naming the slug when another post took it", async () => {
    const slug = `rev-${uid()}`;
    const created = await call("POST", "/api/admin/blog-posts", { title: uniqueName("Deleted post"), slug, content: "<p>Gone</p>", is_published: true });
    const { id } = created.json;
    const [first] = await history("blog-posts", id);
    expect((await call("DELETE", `/api/admin/blog-posts/${id}`)).status).toBe(200);
    // Deletes store no revision: the history stays as it was.
    expect((await history("blog-posts", id)).map((r) => r.number)).toEqual([1]);

    const taker = await call("POST", "/api/admin/blog-posts", { title: uniqueName("Taker"), slug, content: "<p>Mine now</p>" });
    expect(taker.status).toBe(201);
    const taken = await restore(first!.id, 1);
    expect(taken.status).toBe(409);
    expect(taken.json.fields).toEqual({ slug: expect.stringContaining(slug) });
    expect((await call("GET", `/api/admin/blog-posts/${id}`)).status).toBe(404);

    expect((await call("DELETE", `/api/admin/blog-posts/${taker.json.id}`)).status).toBe(200);
    const recreated = await restore(first!.id, 1);
    expect(recreated.status, recreated.text).toBe(201);
    expect(recreated.json).toMatchObject({ id, slug, content: "<p>Gone</p>", is_published: false, version: 1 });
    expect((await call("GET", `/api/admin/blog-posts/${id}`)).json).toMatchObject({ id, slug, is_published: false });
    expect((await history("blog-posts", id)).map((r) => [r.number, r.action])).toEqual([
      [2, "restore"],
      [1, "create"],
    ]);
    expect((await call("DELETE", `/api/admin/blog-posts/${id}`)).status).toBe(200);
  });
});

const catalogues = [
  {
    entity: "services",
    path: "/api/admin/services",
    create: { title: uniqueName("Revised service"), description: "Before", is_active: false },
    change: { description: "After" },
    field: "description",
  },
  {
    entity: "industries",
    path: "/api/admin/industries",
    create: { name: uniqueName("Revised industry"), description: "Before", is_active: false },
    change: { description: "After" },
    field: "description",
  },
  {
    entity: "courses",
    path: "/api/admin/courses",
    create: { title: uniqueName("Revised course"), description: "Before", is_active: false },
    change: { description: "After" },
    field: "description",
  },
  {
    entity: "service-details",
    path: "/api/admin/service-details",
    create: { title: uniqueName("Revised detail"), service_category: "Automation & Workflow", short_description: "Before", is_active: false },
    change: { short_description: "After" },
    field: "short_description",
  },
] as const;

describe.each(catalogues)("the history of $entity", ({ entity, path, create, change, field }) => {
  it("lists, gets, restores, refuses a stale restore, and recreates a deleted item", async () => {
    const created = await call("POST", path, create);
    expect(created.status, created.text).toBe(201);
    const { id } = created.json;
    expect((await call("PUT", `${path}/${id}`, { ...change, version: 1 })).status).toBe(200);
    const [latest, first] = await history(entity, id);
    expect([latest!.action, first!.action]).toEqual(["update", "create"]);
    expect(latest!.changed_fields).toEqual([field]);
    expect((await revision(first!.id)).snapshot).toMatchObject({ id, [field]: "Before", version: 1 });

    expect((await restore(first!.id, 1)).status).toBe(409);
    const restored = await restore(first!.id, 2);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ id, [field]: "Before", version: 3 });
    expect((await history(entity, id))[0]).toMatchObject({ action: "restore", version: 3, changed_fields: [field] });

    expect((await call("DELETE", `${path}/${id}`)).status).toBe(200);
    const recreated = await restore(latest!.id, 3);
    expect(recreated.status, recreated.text).toBe(201);
    expect(recreated.json).toMatchObject({ id, [field]: "After", is_active: false });
    expect(((await call("GET", path)).json as { id: string }[]).some((i) => i.id === id)).toBe(true);
    expect((await call("DELETE", `${path}/${id}`)).status).toBe(200);
  });
});

describe("the history of page sections and settings", () => {
  it("keeps a seeded section's text as version 1 by the system on its first edit, to compare and restore", async () => {
    const sections = (await call("GET", "/api/admin/page-sections/about")).json as { id: string; section_key: string; content: string; version: number }[];
    const story = sections.find((s) => s.section_key === "story_content")!;
    const original = story.content;
    expect(await history("page-sections", story.id)).toEqual([]);
    const edited = await call("PUT", `/api/admin/page-sections/${story.id}`, { content: `${original} Edited once.`, version: story.version });
    expect(edited.status, edited.text).toBe(200);

    const [edit, first] = await history("page-sections", story.id);
    expect(edit).toMatchObject({ number: 2, action: "update", actor: dev, version: story.version + 1, changed_fields: ["content"] });
    expect(first).toMatchObject({ number: 1, actor: { type: "system", name: "System" }, version: story.version });
    expect((await revision(first!.id)).snapshot).toMatchObject({ id: story.id, content: original, version: story.version });
    // A second edit finds history there: no other system version.
    await call("PUT", `/api/admin/page-sections/${story.id}`, { content: `${original} Edited twice.`, version: story.version + 1 });
    expect((await history("page-sections", story.id)).map((r) => r.actor.type)).toEqual(["dev", "dev", "system"]);

    const restored = await restore(first!.id, story.version + 2);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ content: original, version: story.version + 3 });
    expect(((await call("GET", "/api/admin/page-sections/about")).json as { id: string; content: string }[]).find((s) => s.id === story.id)!.content).toBe(original);
  });

  it("restores a page section's text and stores the restore as a revision; a stale restore is a 409", async () => {
    const sections = (await call("GET", "/api/admin/page-sections/tech-school")).json as { id: string; title: string; version: number }[];
    const section = sections.at(-1)!;
    const original = section.title;
    const v = section.version;
    expect((await call("PUT", `/api/admin/page-sections/${section.id}`, { title: `${original} (first edit)`, version: v })).status).toBe(200);
    expect((await call("PUT", `/api/admin/page-sections/${section.id}`, { title: `${original} (second edit)`, version: v + 1 })).status).toBe(200);
    const [second, first] = await history("page-sections", section.id);
    expect(second).toMatchObject({ action: "update", version: v + 2, changed_fields: ["title"] });
    expect(first).toMatchObject({ action: "update", version: v + 1 });

    const stale = await restore(first!.id, v + 1);
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ code: "stale" });
    const restored = await restore(first!.id, v + 2);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ id: section.id, title: `${original} (first edit)`, version: v + 3 });
    expect((await history("page-sections", section.id))[0]).toMatchObject({ action: "restore", version: v + 3, changed_fields: ["title"] });
    // Put the section back as it was.
    expect((await call("PUT", `/api/admin/page-sections/${section.id}`, { title: original, version: v + 3 })).status).toBe(200);
  });

  it("stores a revision per setting of a batch save, keyed by the setting's key, and restores one", async () => {
    const settings = (await call("GET", "/api/admin/site-settings")).json as { key: string; value: string; version: number }[];
    const phone = settings.find((s) => s.key === "contact_phone")!;
    const address = settings.find((s) => s.key === "company_address")!;
    const batch = await call("PUT", "/api/admin/site-settings", {
      settings: [
        { key: "contact_phone", value: "+1 555 0100", version: phone.version },
        { key: "company_address", value: "1 Revision Road", version: address.version },
      ],
    });
    expect(batch.status, batch.text).toBe(200);
    const [phoneRev] = await history("site-settings", "contact_phone");
    expect(phoneRev).toMatchObject({ item_id: "contact_phone", action: "update", version: phone.version + 1 });
    expect(phoneRev!.changed_fields).toContain("value");
    expect((await history("site-settings", "company_address"))[0]).toMatchObject({ version: address.version + 1 });
    const again = await call("PUT", "/api/admin/site-settings/contact_phone", { value: "+1 555 0199", version: phone.version + 1 });
    expect(again.status).toBe(200);
    const restored = await restore(phoneRev!.id, phone.version + 2);
    expect(restored.json).toMatchObject({ key: "contact_phone", value: "+1 555 0100", version: phone.version + 3 });
    expect((await restore(phoneRev!.id, phone.version + 2)).status).toBe(409);
    // Put both back as they were.
    await call("PUT", "/api/admin/site-settings", {
      settings: [
        { key: "contact_phone", value: phone.value, version: phone.version + 3 },
        { key: "company_address", value: address.value, version: address.version + 1 },
      ],
    });
  });
});

describe("the revision routes' answers to bad input", () => {
  it("pages with limit and X-Next-Cursor, newest first, and refuses another item's cursor", async () => {
    const created = await call("POST", "/api/admin/services", { title: uniqueName("Paged"), is_active: false });
    const { id } = created.json;
    for (let v = 1; v <= 4; v++) await call("PUT", `/api/admin/services/${id}`, { description: `Take ${v}`, version: v });
    const first = await call("GET", `${BASE}?entity=services&id=${id}&limit=2`);
    expect(first.json.map((r: RevisionSummary) => r.number)).toEqual([5, 4]);
    const cursor = nextCursor(first)!;
    const second = await call("GET", `${BASE}?entity=services&id=${id}&limit=2&cursor=${cursor}`);
    expect(second.json.map((r: RevisionSummary) => r.number)).toEqual([3, 2]);
    const third = await call("GET", `${BASE}?entity=services&id=${id}&limit=2&cursor=${nextCursor(second)}`);
    expect(third.json.map((r: RevisionSummary) => r.number)).toEqual([1]);
    expect(nextCursor(third)).toBeUndefined();
    const foreign = await call("GET", `${BASE}?entity=services&id=other-${id}&cursor=${cursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toHaveProperty("cursor");
    await call("DELETE", `/api/admin/services/${id}`);
  });

  it("answers 400 naming entity, id or cursor, 404 for an unknown revision, and an empty list for an item without history", async () => {
    const unknown = await call("GET", `${BASE}?entity=widgets&id=x`);
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields).toHaveProperty("entity");
    const noId = await call("GET", `${BASE}?entity=services`);
    expect(noId.status).toBe(400);
    expect(noId.json.fields).toHaveProperty("id");
    const badCursor = await call("GET", `${BASE}?entity=services&id=x&cursor=not-a-cursor!`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.json.fields).toHaveProperty("cursor");
    expect((await call("GET", `${BASE}?entity=services&id=nothing-${uid()}`)).json).toEqual([]);

    const madeUp = Buffer.from(JSON.stringify(["services", `nothing-${uid()}`, 1])).toString("base64url");
    for (const id of ["not-a-revision", madeUp]) {
      expect((await call("GET", `${BASE}/${id}`)).status).toBe(404);
      expect((await restore(id, 1)).status).toBe(404);
    }
  });

  it("is for admins only: 401 without a session on every route", async () => {
    expect(routes["POST /api/admin/revisions/{revision_id}/restore"]).toEqual({ feature: "admin-revisions", access: "admin", permission: "content" });
    const anonymous = new Visitor(inject("baseUrl"));
    expect((await anonymous.call("GET", `${BASE}?entity=services&id=x`)).status).toBe(401);
    expect((await anonymous.call("GET", `${BASE}/x`)).status).toBe(401);
    expect((await anonymous.call("POST", `${BASE}/x/restore`, { body: { version: 1 } })).status).toBe(401);
  });
});
