import fc from "fast-check";
import { createRequire } from "node:module";
import { describe, expect, inject, it } from "vitest";
import { Visitor } from "../support/auth-flow";
import { call } from "../support/http";

/**
 * A strict XML parse: sax in strict mode (a devDependency, at the version sst's AWS SDK v2 brings) for
 * structure and entities, plus XML 1.0's Char production, which sax does not check.
 */
interface SaxParser {
  onerror: (e: Error) => void;
  onopentag: (node: { name: string }) => void;
  onclosetag: () => void;
  ontext: (text: string) => void;
  resume(): void;
  write(text: string): SaxParser;
  close(): void;
}
const sax = createRequire(import.meta.url)("sax") as { parser(strict: boolean): SaxParser };
function parseXml(text: string) {
  const errors: string[] = [];
  const titles: string[] = [];
  const bad = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.exec(text);
  if (bad) errors.push(`U+${bad[0].codePointAt(0)!.toString(16).padStart(4, "0")} is not an XML 1.0 character`);
  const parser = sax.parser(true);
  let inTitle = false;
  parser.onerror = (e) => {
    errors.push(e.message);
    parser.resume();
  };
  parser.onopentag = ({ name }) => {
    inTitle = name === "title";
    if (inTitle) titles.push("");
  };
  parser.onclosetag = () => (inTitle = false);
  parser.ontext = (t) => {
    if (inTitle) titles[titles.length - 1] += t;
  };
  parser.write(text).close();
  return { errors, titles };
}

/** Browsers revalidate every time; CloudFront keeps it five minutes (until an invalidation). */
const PUBLIC_CACHE = "public, max-age=0, must-revalidate, s-maxage=300";

describe("public content API", () => {
  it("returns the six seeded services in order with SPEC's field names", async () => {
    const res = await call("GET", "/api/services");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe(PUBLIC_CACHE);
    const services = res.json as Record<string, unknown>[];
    expect(services.length).toBeGreaterThanOrEqual(6);
    const seeded = services.filter((s) => String(s.id).startsWith("svc-"));
    expect(seeded.map((s) => s.icon_name)).toEqual(["Workflow", "Bot", "TrendingUp", "Eye", "Brain", "Search"]);
    for (const s of seeded) {
      expect(Object.keys(s)).toEqual(expect.arrayContaining(["id", "title", "description", "icon_name", "image_url", "order_index", "is_active"]));
      expect(s.is_active).toBe(true);
    }
    const order = services.map((s) => s.order_index as number);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("returns the twelve seeded industries, six courses and six service details, active only and in order", async () => {
    const [industries, courses, details] = await Promise.all(["/api/industries", "/api/courses", "/api/service-details"].map((p) => call("GET", p)));
    expect(industries!.json.filter((i: { id: string }) => i.id.startsWith("ind-"))).toHaveLength(12);
    expect(courses!.json.filter((c: { id: string }) => c.id.startsWith("course-"))).toHaveLength(6);
    expect(details!.json.filter((d: { id: string }) => d.id.startsWith("sd-"))).toHaveLength(6);
    for (const r of [industries!, courses!, details!]) {
      expect(r.json.every((x: { is_active: boolean }) => x.is_active)).toBe(true);
      const order = r.json.map((x: { order_index: number }) => x.order_index);
      expect(order).toEqual([...order].sort((a: number, b: number) => a - b));
    }
    const buttonTypes = new Set(courses!.json.map((c: { button_type: string }) => c.button_type));
    expect(buttonTypes).toEqual(new Set(["contact", "register"]));
  });

  it("returns a page's sections with section_key, title, content and updated_at", async () => {
    const res = await call("GET", "/api/page-sections/home");
    expect(res.status).toBe(200);
    const keys = res.json.map((s: { section_key: string }) => s.section_key);
    expect(keys).toEqual(expect.arrayContaining(["hero_badge", "hero_title", "hero_subtitle", "video_embed_url", "what_we_do_title"]));
    expect(res.json[0]).toMatchObject({ section_key: expect.any(String), title: expect.any(String), content: expect.any(String), updated_at: expect.any(String) });
  });

  it("returns the three policies with HTML content", async () => {
    const res = await call("GET", "/api/page-sections/policies");
    const byKey = Object.fromEntries(res.json.map((s: { section_key: string }) => [s.section_key, s]));
    for (const key of ["privacy_policy", "terms_of_service", "cookie_policy"]) {
      expect(byKey[key].content).toMatch(/<h2|<p/);
    }
  });

  it("answers 404 with JSON for an unknown page and for unknown API paths", async () => {
    const page = await call("GET", "/api/page-sections/nope");
    expect(page.status).toBe(404);
    expect(page.json.error).toBe("Unknown page");
    const unknown = await call("GET", "/api/does-not-exist");
    expect(unknown.status).toBe(404);
    expect(unknown.headers["content-type"]).toContain("application/json");
    const wrongMethod = await call("DELETE", "/api/services");
    expect(wrongMethod.status).toBe(404);
  });

  it("exposes only the public site settings", async () => {
    const res = await call("GET", "/api/site-settings");
    expect(res.status).toBe(200);
    expect(res.json.site_title).toEqual(expect.any(String));
    expect(res.json).not.toHaveProperty("google_analytics_id");
  });
});

describe("public blog API", () => {
  it("lists only published posts, newest first", async () => {
    const res = await call("GET", "/api/blog-posts");
    expect(res.status).toBe(200);
    const posts = res.json as { is_published: boolean; published_at?: string; created_at: string }[];
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(posts.every((p) => p.is_published)).toBe(true);
    const dates = posts.map((p) => p.published_at ?? p.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("returns a post by slug and 404 for a missing slug or a draft's slug", async () => {
    const list = (await call("GET", "/api/blog-posts")).json as { slug: string; id: string }[];
    const one = await call("GET", `/api/blog-posts/${list[0]!.slug}`);
    expect(one.status).toBe(200);
    expect(one.json.id).toBe(list[0]!.id);
    expect((await call("GET", "/api/blog-posts/no-such-post")).status).toBe(404);
    // post-5 is the seeded draft
    const draftSlug = (await import("../../packages/core/src/seed/content")).seedBlogPosts.find((p) => !p.is_published)!.slug;
    const draft = await call("GET", `/api/blog-posts/${draftSlug}`);
    expect(draft.status).toBe(404);
    expect(draft.headers["cache-control"]).toBe("no-store");
  });
});

describe("feeds", () => {
  it("serve robots.txt pointing at the sitemap", async () => {
    const res = await call("GET", "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.text).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    expect(res.text).toContain("Disallow: /admin");
  });

  it("serve a sitemap of public pages and published posts only", async () => {
    const posts = (await call("GET", "/api/blog-posts")).json as { slug: string }[];
    const res = await call("GET", "/sitemap.xml");
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    for (const p of ["/about", "/services", "/tech-school", "/blog", "/contact"]) expect(res.text).toContain(`${p}</loc>`);
    for (const p of posts) expect(res.text).toMatch(new RegExp(`/blog/${p.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(res.text).toMatch(/\/blog<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(res.text).not.toContain("/admin");
  });

  it("give each post of the sitemap its own last change (updated_at), seeded posts their seed date", async () => {
    const posts = (await call("GET", "/api/blog-posts?limit=50")).json as { id: string; slug: string; created_at: string; updated_at: string }[];
    const sitemap = (await call("GET", "/sitemap.xml")).text;
    for (const p of posts) expect(sitemap).toContain(`/blog/${p.slug}</loc><lastmod>${p.updated_at.slice(0, 10)}</lastmod>`);
    const seeded = posts.find((p) => p.id === "post-1")!;
    expect(seeded.updated_at).toBe(seeded.created_at);
    expect(sitemap).toContain(`/blog/${seeded.slug}</loc><lastmod>2026-08-14</lastmod>`);
  });

  it("name a post's category in the RSS feed by its label, not its slug", async () => {
    const admin = new Visitor(inject("baseUrl"));
    expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    const tag = Math.random().toString(36).slice(2, 8);
    const created = await admin.call("POST", "/api/admin/blog-posts", {
      body: { title: `Industry feed ${tag}`, slug: `industry-feed-${tag}`, content: "<p>Body</p>", category: "industry-news", is_published: true },
    });
    expect(created.status).toBe(201);
    try {
      const rss = (await call("GET", "/rss.xml")).text;
      const item = rss.slice(rss.indexOf(`Industry feed ${tag}`));
      expect(item.slice(0, item.indexOf("</item>"))).toContain("<category>Industry News</category>");
      expect(rss).not.toContain("<category>industry-news</category>");
    } finally {
      await admin.call("DELETE", `/api/admin/blog-posts/${created.json.id}`, { body: {} });
    }
  });

  it("serve an RSS 2.0 feed of the newest published posts, at most 20", async () => {
    const posts = (await call("GET", "/api/blog-posts?limit=20")).json as { title: string }[];
    const res = await call("GET", "/rss.xml");
    expect(res.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(res.text).toContain('<rss version="2.0"');
    expect(res.text.match(/<item>/g)).toHaveLength(posts.length);
  });

  it("stay well-formed XML when a post title holds a character XML forbids, which is left out", async () => {
    const admin = new Visitor(inject("baseUrl"));
    expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    const tag = Math.random().toString(36).slice(2, 8);
    const created = await admin.call("POST", "/api/admin/blog-posts", {
      body: { title: `Control\u0001 character \u001f${tag}\u0008`, slug: `control-${tag}`, content: "<p>Body</p>", is_published: true },
    });
    expect(created.status).toBe(201);
    try {
      const rss = parseXml((await call("GET", "/rss.xml")).text);
      expect(rss.errors).toEqual([]);
      expect(rss.titles).toContain(`Control character ${tag}`);
      expect(parseXml((await call("GET", "/sitemap.xml")).text).errors).toEqual([]);
    } finally {
      await admin.call("DELETE", `/api/admin/blog-posts/${created.json.id}`, { body: {} });
    }
  });
});

describe("public reads", () => {
  it("never answer 5xx to arbitrary path parameters and query strings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 60, unit: "binary" }),
          // Longer than any DynamoDB key (2 KB), yet a URL any server accepts (Node's limit is 16 KB).
          fc.string({ minLength: 600, maxLength: 650, unit: "binary", size: "max" }),
          fc.string({ minLength: 2100, maxLength: 3000, size: "max" }),
        ),
        fc.string({ maxLength: 200 }),
        async (param, query) => {
          const p = encodeURIComponent(param);
          const q = `?q=${encodeURIComponent(query)}`;
          for (const path of [`/api/blog-posts/${p}${q}`, `/api/page-sections/${p}${q}`]) {
            const res = await call("GET", path);
            expect(res.status, path.slice(0, 80)).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("revalidation of public reads", () => {
  it("answer an ETag, and 304 with no body to a request naming it (strong, weak or in a list)", async () => {
    const first = await call("GET", "/api/services");
    expect(first.headers["cache-control"]).toBe(PUBLIC_CACHE);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{10,}"$/);
    for (const named of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await call("GET", "/api/services", { headers: { "if-none-match": named } });
      expect(again.status, named).toBe(304);
      expect(again.text).toBe("");
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe(PUBLIC_CACHE);
    }
    const other = await call("GET", "/api/services", { headers: { "if-none-match": '"not-this-one"' } });
    expect(other.status).toBe(200);
    expect(other.json).toEqual(first.json);
    expect(other.headers.etag).toBe(etag);
  });

  it("send the new body when the content changed: a browser that read a post finds it gone after Unpublish", async () => {
    const admin = new Visitor(inject("baseUrl"));
    expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    const slug = `fresh-${Math.random().toString(36).slice(2, 8)}`;
    const created = await admin.call("POST", "/api/admin/blog-posts", {
      body: { title: "Fresh news", slug, content: "<p>Body</p>", excerpt: "", category: "automation", featured_image_url: "", author_name: "Ada", is_published: true },
    });
    expect(created.status).toBe(201);
    const post = await call("GET", `/api/blog-posts/${slug}`);
    const list = await call("GET", "/api/blog-posts");
    expect(post.status).toBe(200);
    expect((list.json as { slug: string }[]).map((p) => p.slug)).toContain(slug);
    expect((await call("GET", "/api/blog-posts", { headers: { "if-none-match": list.headers.etag as string } })).status).toBe(304);

    expect((await admin.call("PUT", `/api/admin/blog-posts/${created.json.id}/publish`, { body: { is_published: false } })).status).toBe(200);
    const gone = await call("GET", `/api/blog-posts/${slug}`, { headers: { "if-none-match": post.headers.etag as string } });
    expect(gone.status).toBe(404);
    expect(gone.headers["cache-control"]).toBe("no-store");
    const newList = await call("GET", "/api/blog-posts", { headers: { "if-none-match": list.headers.etag as string } });
    expect(newList.status).toBe(200);
    expect(newList.headers.etag).not.toBe(list.headers.etag);
    expect((newList.json as { slug: string }[]).map((p) => p.slug)).not.toContain(slug);
  });

  it("never tags or answers 304 to what is not a public read", async () => {
    const res = await call("GET", "/api/admin/dashboard-stats", { headers: { "if-none-match": "*" } });
    expect(res.status).toBe(401);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
