import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PreviewSigner } from "../../packages/core/src/blog/preview-links";
import type { AuditEntry } from "../../packages/core/src/contract/audit";
import type { BlogPost } from "../../packages/core/src/contract/blog";
import { allPages, devAdmin, uniqueName } from "../support/admin";
import type { Visitor } from "../support/auth-flow";
import { call, freshIp, type HttpResponse } from "../support/http";

/**
 * Private preview links over the real gateway: an admin makes one for a draft, anyone holding it
 * reads the post as last saved (never cached, never indexed), and a tampered, revoked or expired
 * link, or one of a deleted post, is a 404.
 */
const BASE = "/api/admin/blog-posts";
const DAY = 24 * 60 * 60 * 1000;
let admin: Visitor;
const made: string[] = [];

interface Link {
  url: string;
  expires_at: string;
}

async function draft(title = uniqueName("Preview draft")) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const res = await admin.call("POST", BASE, { body: { title, slug, content: `<p>Body of ${title}</p>`, is_published: false } });
  expect(res.status, res.text).toBe(201);
  made.push(res.json.id);
  return res.json as BlogPost;
}

async function linkFor(id: string): Promise<Link> {
  const res = await admin.call("POST", `${BASE}/${id}/preview-link`, { body: {} });
  expect(res.status, res.text).toBe(201);
  return res.json as Link;
}

const tokenOf = (link: Link) => new URL(link.url).pathname.replace(/^\/preview\//, "");
/** Anyone: no session, a fresh address. */
const open = (token: string) => call("GET", `/api/preview/${encodeURIComponent(token)}`, { ip: freshIp() });

function expectPrivate(res: HttpResponse) {
  expect(res.headers["cache-control"]).toBe("private, no-store");
  expect(res.headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(res.headers.etag).toBeUndefined();
}

beforeAll(async () => {
  admin = await devAdmin();
});
afterAll(async () => {
  for (const id of made) await admin.call("DELETE", `${BASE}/${id}`, { body: {} });
});

describe("a preview link", () => {
  it("is made for a draft, valid seven days, at the site's /preview/ address", async () => {
    const post = await draft();
    const before = Date.now();
    const link = await linkFor(post.id);
    expect(link.url.startsWith(`${inject("baseUrl")}/preview/`)).toBe(true);
    const expires = Date.parse(link.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 2000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);
  });

  it("opens the draft for anyone, without a session, as visitors would see it, never cached and noindex", async () => {
    const post = await draft();
    const res = await open(tokenOf(await linkFor(post.id)));
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: post.id, title: post.title, slug: post.slug, content: `<p>Body of ${post.title}</p>`, is_published: false });
    expect(res.json.read_time).toMatch(/min read/);
    expect(res.json).not.toHaveProperty("old_slugs");
    expectPrivate(res);
    // The public read still knows no draft.
    expect((await call("GET", `/api/blog-posts/${post.slug}`, { ip: freshIp() })).status).toBe(404);
  });

  it("is a page headed with its post, so a shared link unfurls as the post: title, description and image; a tampered one has the site's head and 404", async () => {
    const post = await draft();
    const saved = await admin.call("PUT", `${BASE}/${post.id}`, {
      body: { version: post.version, seo_title: `SEO ${post.title}`, seo_description: "What the post is about", featured_image_url: "https://images.example.com/photo.jpg" },
    });
    expect(saved.status, saved.text).toBe(200);
    const link = await linkFor(post.id);
    const page = await call("GET", new URL(link.url).pathname, { ip: freshIp() });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expectPrivate(page);
    const settings = (await call("GET", "/api/site-settings")).json as { company_name: string; site_title: string };
    const meta = (attr: string, name: string) => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(page.text)?.[1];
    expect(/<title>([^<]*)<\/title>/.exec(page.text)?.[1]).toBe(`SEO ${post.title} | ${settings.company_name}`);
    expect(meta("property", "og:title")).toBe(`SEO ${post.title}`);
    expect(meta("name", "description")).toBe("What the post is about");
    expect(meta("property", "og:image")).toBe("https://images.example.com/photo.jpg");
    expect(meta("property", "og:type")).toBe("article");
    // The app is the shell's: it renders the post itself.
    expect(page.text).toContain('id="root"');

    const forged = await call("GET", `/preview/${encodeURIComponent(tokenOf(link).slice(0, -2))}xx`, { ip: freshIp() });
    expect(forged.status).toBe(404);
    expectPrivate(forged);
    expect(/<title>([^<]*)<\/title>/.exec(forged.text)?.[1]?.replace(/&amp;/g, "&")).toBe(settings.site_title);
  });

  it("shows the post as last saved, also through a link made before the save", async () => {
    const post = await draft();
    const token = tokenOf(await linkFor(post.id));
    const saved = await admin.call("PUT", `${BASE}/${post.id}`, { body: { title: `${post.title} revised`, version: post.version } });
    expect(saved.status, saved.text).toBe(200);
    expect((await open(token)).json.title).toBe(`${post.title} revised`);
  });

  it("is a 404 when tampered with, still never cached and noindex", async () => {
    const post = await draft();
    const other = await draft();
    const token = tokenOf(await linkFor(post.id));
    const [, gen, exp, mac] = token.split("~") as [string, string, string, string];
    const swapped = [Buffer.from(other.id).toString("base64url"), gen, exp, mac].join("~");
    const later = [Buffer.from(post.id).toString("base64url"), gen, String(Number(exp) + 86_400), mac].join("~");
    const resigned = [Buffer.from(post.id).toString("base64url"), gen, exp, `${mac.slice(0, 10)}${mac.slice(10).toUpperCase()}`].join("~");
    for (const bad of [swapped, later, resigned, `${token}x`, "nonsense", "a~b~c~d"]) {
      const res = await open(bad);
      expect(res.status, bad).toBe(404);
      expectPrivate(res);
    }
    expect((await open(token)).status).toBe(200);
  });

  it("is a 404 once expired (signed with the runtime's own key seven days and a second ago)", async () => {
    const post = await draft();
    const saved = process.env.PREVIEW_LINK_SECRET;
    process.env.PREVIEW_LINK_SECRET = readFileSync(join(inject("runtimeDataDir"), "preview-link-secret"), "utf8").trim();
    try {
      const fresh = PreviewSigner.sign(post.id, 0);
      const expired = PreviewSigner.sign(post.id, 0, Date.now() - 7 * DAY - 1000);
      // The same key and generation open a link that has not expired: only the time differs.
      expect((await open(fresh.token)).status).toBe(200);
      const res = await open(expired.token);
      expect(res.status).toBe(404);
      expectPrivate(res);
    } finally {
      if (saved === undefined) delete process.env.PREVIEW_LINK_SECRET;
      else process.env.PREVIEW_LINK_SECRET = saved;
    }
  });

  it("is revoked with every other link of its post by DELETE; a link made afterwards opens", async () => {
    const post = await draft();
    const neighbour = await draft();
    const first = tokenOf(await linkFor(post.id));
    const second = tokenOf(await linkFor(post.id));
    const theirs = tokenOf(await linkFor(neighbour.id));
    const revoked = await admin.call("DELETE", `${BASE}/${post.id}/preview-link`, { body: {} });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await open(first)).status).toBe(404);
    expect((await open(second)).status).toBe(404);
    // Another post's links are untouched.
    expect((await open(theirs)).status).toBe(200);
    const after = tokenOf(await linkFor(post.id));
    expect((await open(after)).status).toBe(200);
    // Revoking does not change the post's version: an open editor saves as before.
    expect((await admin.call("GET", `${BASE}/${post.id}`)).json.version).toBe(post.version);
  });

  it("is a 404 once its post is deleted", async () => {
    const post = await draft();
    const token = tokenOf(await linkFor(post.id));
    expect((await admin.call("DELETE", `${BASE}/${post.id}`, { body: {} })).status).toBe(200);
    expect((await open(token)).status).toBe(404);
  });
});

describe("the preview-link routes", () => {
  it("answer 404 for a post that does not exist", async () => {
    for (const method of ["POST", "DELETE"]) {
      const res = await admin.call(method, `${BASE}/no-such-post-${Date.now()}/preview-link`, { body: {} });
      expect(res.status, method).toBe(404);
    }
  });

  it("refuse anyone without a session", async () => {
    const post = await draft();
    for (const method of ["POST", "DELETE"]) {
      const res = await call(method, `${BASE}/${post.id}/preview-link`, { body: {}, ip: freshIp(), headers: { origin: inject("baseUrl") } });
      expect(res.status, method).toBe(401);
    }
  });

  it("are recorded in the audit log as a shared and a revoked preview of the post", async () => {
    const post = await draft();
    await linkFor(post.id);
    expect((await admin.call("DELETE", `${BASE}/${post.id}/preview-link`, { body: {} })).status).toBe(200);
    const { items } = await allPages<AuditEntry>(admin, "/api/admin/audit-log", { limit: 100, entity: "blog-post", from: new Date().toISOString().slice(0, 10) });
    const mine = items.filter((e) => e.entity_id === post.id);
    expect(mine.map((e) => [e.action, e.entity_label])).toEqual([
      ["revoke_preview", post.title],
      ["share_preview", post.title],
      ["create", post.title],
    ]);
  });
});

describe("sitemap and feed", () => {
  it("never name a preview link, a draft being previewed, or a published post's preview", async () => {
    const hidden = await draft();
    const shown = await draft();
    await linkFor(hidden.id);
    await linkFor(shown.id);
    expect((await admin.call("PUT", `${BASE}/${shown.id}/publish`, { body: { is_published: true } })).status).toBe(200);
    for (const feed of ["/sitemap.xml", "/rss.xml"]) {
      const text = (await call("GET", feed, { ip: freshIp() })).text;
      expect(text, feed).toContain(`/blog/${shown.slug}`);
      expect(text, feed).not.toContain("/preview/");
      expect(text, feed).not.toContain(hidden.slug);
    }
  });
});
