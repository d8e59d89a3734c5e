import { statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it, inject } from "vitest";
import { devAdmin, uniqueName } from "../support/admin";
import type { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";

/**
 * The served HTML of every public address, fetched as a crawler or a link preview does (no
 * JavaScript): its own head and its content, rendered from the data by the runtime
 * (packages/functions/src/render), and kept in step with admin writes.
 */
const base = () => inject("baseUrl");
const page = (path: string, headers: Record<string, string> = {}) => call("GET", path, { ip: freshIp(), headers });

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
function head(html: string) {
  const meta = (attr: string, key: string) => {
    const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
    return m ? decode(m[1]!) : undefined;
  };
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
    description: meta("name", "description"),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogTitle: meta("property", "og:title"),
    ogDescription: meta("property", "og:description"),
    ogUrl: meta("property", "og:url"),
    ogType: meta("property", "og:type"),
    ogImage: meta("property", "og:image"),
    twitterCard: meta("name", "twitter:card"),
    published: meta("property", "article:published_time"),
    modified: meta("property", "article:modified_time"),
    jsonLd,
  };
}
/** The text of #root, tags dropped: what a reader without JavaScript sees. */
const bodyText = (html: string) =>
  decode((/<div id="root">([\s\S]*)<\/div>\s*(?:<script id="page-data"|<\/body>)/.exec(html)?.[1] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " "));

/**
 * Polls until the served page satisfies `ok`: a render follows a write, queued. How fast is measured
 * by `npm run bench:blog` (docs/performance.md), not here: the limit only stops a render that never
 * comes from hanging the suite.
 */
async function eventually(path: string, ok: (res: Awaited<ReturnType<typeof page>>) => boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await page(path);
    if (ok(res)) return res;
    if (Date.now() > deadline) throw new Error(`${path} did not reach the expected state within ${timeoutMs} ms (last: ${res.status} ${head(res.text).title})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let admin: Visitor;
beforeAll(async () => {
  admin = await devAdmin();
});

describe("every public address serves its own rendered HTML", () => {
  it.each([
    { path: "/", title: /Arcline AI/, text: "Put AI to Work Where Your Team Loses the Most Time" },
    { path: "/about", title: /^About Us \| /, text: "About" },
    { path: "/services", title: /^Services \| /, text: "Services" },
    { path: "/tech-school", title: /^Tech School \| /, text: "Tech School" },
    { path: "/contact", title: /^Contact Us \| /, text: "Contact" },
    { path: "/blog", title: /^Blog \| /, text: "Blog" },
  ])("$path: title, description, canonical, Open Graph and content", async ({ path, title, text }) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const h = head(res.text);
    expect(h.title).toMatch(title);
    expect(h.description?.length).toBeGreaterThan(20);
    expect(h.canonical).toBe(`${base()}${path}`);
    expect(h.ogUrl).toBe(`${base()}${path}`);
    expect(h.ogTitle).toBeTruthy();
    expect(h.ogDescription).toBe(h.description);
    expect(h.ogType).toBe("website");
    expect(bodyText(res.text)).toContain(text);
    // The footer is part of the page too (it reads the contact settings).
    expect(bodyText(res.text)).toContain("hello@arcline.ai");
    // Nothing of the content waits for script: no hidden segments, no spinner.
    expect(res.text).not.toContain("<!--$?-->");
    expect(res.text).not.toMatch(/class="sr-only">Loading/);
  });

  it("the home page carries the Organization JSON-LD", async () => {
    const { jsonLd } = head((await page("/")).text);
    expect(jsonLd).toContainEqual(expect.objectContaining({ "@type": "Organization", name: "Arcline AI", url: `${base()}/` }));
  });

  it("the Tech School page lists the courses of Course Management", async () => {
    const courses = (await call("GET", "/api/courses", { ip: freshIp() })).json as { title: string }[];
    expect(courses.length).toBeGreaterThan(0);
    const text = bodyText((await page("/tech-school")).text);
    for (const c of courses) expect(text).toContain(c.title);
  });

  it("a page carries the data it was rendered from, for hydration", async () => {
    const html = (await page("/services")).text;
    const data = JSON.parse(/<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    const keys = data.queries.map((q: { queryKey: unknown[] }) => q.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(["services", "site-settings"]));
  });

  it("answers 304 to a browser revalidating an unchanged page, and says no-cache", async () => {
    const first = await page("/about");
    expect(first.headers["cache-control"]).toBe("no-cache");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await page("/about", { "if-none-match": etag })).status).toBe(304);
  });
});

describe("status codes", () => {
  it("an unknown address answers 404 with the rendered not-found page", async () => {
    const res = await page(`/no-such-page-${Date.now()}`);
    expect(res.status).toBe(404);
    expect(head(res.text).title).toMatch(/^Page Not Found \| /);
    expect(bodyText(res.text)).toContain("Page Not Found");
  });

  it("an unknown post answers 404 with the not-found page", async () => {
    const res = await page(`/blog/no-such-post-${Date.now()}`);
    expect(res.status).toBe(404);
    expect(bodyText(res.text)).toContain("Page Not Found");
    // Served at any address, it carries no page data: the browser renders the app there afresh
    // (a post's 'Post Not Found') rather than hydrating another route's markup.
    expect(res.text).not.toContain('id="page-data"');
  });

  it("the back office still gets the SPA shell", async () => {
    const res = await page("/admin/blog");
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('id="page-data"');
  });
});

describe("admin writes reach the rendered pages", () => {
  it("publish, retitle, SEO fields, a slug change (301) and unpublish reach the HTML", async () => {
    const title = uniqueName("Rendered post");
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    const created = await admin.call("POST", "/api/admin/blog-posts", {
      body: {
        title,
        slug,
        content: "<p>Body of the rendered post, readable without script.</p>",
        excerpt: "An excerpt for previews.",
        featured_image_url: "https://images.example.com/cover.png",
        is_published: false,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    expect((await page(`/blog/${slug}`)).status).toBe(404);

    const published = await admin.call("PUT", `/api/admin/blog-posts/${id}/publish`, { body: { is_published: true } });
    expect(published.status).toBe(200);
    const live = await eventually(`/blog/${slug}`, (r) => r.status === 200);
    let h = head(live.text);
    expect(h.title).toBe(`${title} | Arcline AI`);
    expect(h.description).toBe("An excerpt for previews.");
    expect(h.canonical).toBe(`${base()}/blog/${slug}`);
    expect(h.ogType).toBe("article");
    expect(h.ogImage).toBe("https://images.example.com/cover.png");
    expect(h.twitterCard).toBe("summary_large_image");
    expect(h.published).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(h.modified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(h.jsonLd).toContainEqual(expect.objectContaining({ "@type": "BlogPosting", headline: title, url: `${base()}/blog/${slug}` }));
    expect(h.jsonLd).toContainEqual(expect.objectContaining({ "@type": "BreadcrumbList" }));
    expect(bodyText(live.text)).toContain("Body of the rendered post, readable without script.");
    await eventually("/blog", (r) => bodyText(r.text).includes(title));

    const retitled = `${title} retitled`;
    const edit = await admin.call("PUT", `/api/admin/blog-posts/${id}`, {
      body: {
        title: retitled,
        seo_title: "SEO title of the post",
        seo_description: "SEO description of the post.",
        social_image_url: "https://images.example.com/social.png",
        version: published.json.version,
      },
    });
    expect(edit.status, edit.text).toBe(200);
    const updated = await eventually(`/blog/${slug}`, (r) => head(r.text).title.startsWith("SEO title of the post"));
    h = head(updated.text);
    expect(h.description).toBe("SEO description of the post.");
    expect(h.ogImage).toBe("https://images.example.com/social.png");
    expect(bodyText(updated.text)).toContain(retitled);

    const moved = await admin.call("PUT", `/api/admin/blog-posts/${id}`, { body: { slug: `${slug}-moved`, version: edit.json.version } });
    expect(moved.status, moved.text).toBe(200);
    await eventually(`/blog/${slug}-moved`, (r) => r.status === 200);
    const old = await eventually(`/blog/${slug}`, (r) => r.status === 301);
    expect(old.headers.location).toBe(`/blog/${slug}-moved`);

    const hidden = await admin.call("PUT", `/api/admin/blog-posts/${id}/publish`, { body: { is_published: false } });
    expect(hidden.status).toBe(200);
    const gone = await eventually(`/blog/${slug}-moved`, (r) => r.status === 404);
    expect(bodyText(gone.text)).toContain("Page Not Found");
    await eventually("/blog", (r) => !bodyText(r.text).includes(retitled));
    expect((await admin.call("DELETE", `/api/admin/blog-posts/${id}`, { body: {} })).status).toBe(200);
  });

  it("the blog's list pages are rendered addresses in the sitemap: a page appears when posts fill it and goes when they leave", async () => {
    const listPages = async () => {
      const xml = (await page("/sitemap.xml")).text;
      return [...xml.matchAll(/<loc>[^<]*\/blog\/page\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
    };
    const { total } = (await page("/api/blog-categories")).json as { total: number };
    // Enough new posts to open a page past the current last one.
    const lastBefore = Math.max(1, Math.ceil(total / 12));
    const needed = lastBefore * 12 - total + 1;
    const ids: string[] = [];
    try {
      for (let i = 0; i < needed; i++) {
        const title = uniqueName(`List page post ${i}`);
        const res = await admin.call("POST", "/api/admin/blog-posts", {
          body: { title, slug: title.toLowerCase().replace(/\s+/g, "-"), content: "<p>x</p>", excerpt: "x", is_published: true },
        });
        expect(res.status, res.text).toBe(201);
        ids.push(res.json.id as string);
      }
      const next = `/blog/page/${lastBefore + 1}`;
      expect(await listPages()).toContain(lastBefore + 1);
      const rendered = await eventually(next, (r) => r.status === 200);
      expect(head(rendered.text).canonical).toBe(`${base()}${next}`);
      // A post page carries the post alone: its Related Articles are read by the browser.
      const post = (await admin.call("GET", `/api/admin/blog-posts/${ids[0]}`)).json as { slug: string };
      const postPage = await eventually(`/blog/${post.slug}`, (r) => r.status === 200);
      expect(bodyText(postPage.text)).not.toContain("Related Articles");
    } finally {
      for (const id of ids) expect((await admin.call("DELETE", `/api/admin/blog-posts/${id}`, { body: {} })).status).toBe(200);
    }
    const last = Math.max(1, ...(await listPages()));
    await eventually(`/blog/page/${last + 1}`, (r) => r.status === 404);
  });

  it("a post's edit reaches the list page that shows it, past the first", async () => {
    const ids: string[] = [];
    try {
      // Thirteen posts of this test's own: the first of them is at least thirteenth in the list, on a
      // page past the first. Its own post, not a seeded one, which other tests read as seeded (updated_at).
      for (let i = 0; i < 13; i++) {
        const title = uniqueName(`Second page post ${i}`);
        const res = await admin.call("POST", "/api/admin/blog-posts", {
          body: { title, slug: title.toLowerCase().replace(/\s+/g, "-"), content: "<p>x</p>", excerpt: "x", is_published: true },
        });
        expect(res.status, res.text).toBe(201);
        ids.push(res.json.id as string);
      }
      const listed = (await admin.call("GET", `/api/admin/blog-posts/${ids[0]}`)).json as { id: string; slug: string; title: string; version: number };
      const { version } = listed;
      const retitled = uniqueName("Retitled on page 2");
      const edit = await admin.call("PUT", `/api/admin/blog-posts/${listed.id}`, { body: { title: retitled, version } });
      expect(edit.status, edit.text).toBe(200);
      // Other tests publish posts meanwhile: the page that shows the post is looked up each time.
      const deadline = Date.now() + 90_000;
      for (;;) {
        let at = 0;
        for (let n = 1; !at && n < 50; n++) {
          const items = (await call("GET", `/api/blog-posts?limit=12${n > 1 ? `&page=${n}` : ""}`)).json as { slug: string }[];
          if (items.some((p) => p.slug === listed.slug)) at = n;
          if (!items.length) break;
        }
        expect(at).toBeGreaterThan(1);
        if (bodyText((await page(at > 1 ? `/blog/page/${at}` : "/blog")).text).includes(retitled)) break;
        if (Date.now() > deadline) throw new Error(`the list page ${at} did not show the retitled post within 90 s`);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      for (const id of ids) expect((await admin.call("DELETE", `/api/admin/blog-posts/${id}`, { body: {} })).status).toBe(200);
    }
  });

  it("a service's save renders the pages that show services again, and no post page", async () => {
    const posts = (await call("GET", "/api/blog-posts?limit=3")).json as { slug: string }[];
    expect(posts.length).toBeGreaterThan(0);
    const file = (slug: string) => join(inject("runtimeDataDir"), "pages", "blog", `${slug}.html`);
    const before = posts.map((p) => statSync(file(p.slug)).mtimeMs);
    const title = uniqueName("Rendered service");
    const made = await admin.call("POST", "/api/admin/services", { body: { title, description: "Shown on the services page", is_active: true } });
    expect(made.status, made.text).toBe(201);
    const marker = uniqueName("After the service");
    const slug = marker.toLowerCase().replace(/\s+/g, "-");
    let postId: string | undefined;
    try {
      await eventually("/services", (r) => bodyText(r.text).includes(title));
      // A post published now is rendered after the service's render has ended (renders run one at
      // a time, a request during one waits for the next): once its page is there, so is all of it.
      const post = await admin.call("POST", "/api/admin/blog-posts", { body: { title: marker, slug, content: "<p>x</p>", excerpt: "x", is_published: true } });
      expect(post.status, post.text).toBe(201);
      postId = post.json.id;
      await eventually(`/blog/${slug}`, (r) => r.status === 200);
      expect(posts.map((p) => statSync(file(p.slug)).mtimeMs)).toEqual(before);
    } finally {
      await admin.call("DELETE", `/api/admin/services/${made.json.id}`, { body: {} });
      if (postId) await admin.call("DELETE", `/api/admin/blog-posts/${postId}`, { body: {} });
    }
  });

  it("a settings change renders every page again", async () => {
    const stored = (await admin.call("GET", "/api/admin/site-settings")).json as { key: string; value: string; version: number }[];
    const email = stored.find((s) => s.key === "contact_email")!;
    const next = `rendered-${Date.now()}@example.com`;
    const res = await admin.call("PUT", "/api/admin/site-settings", { body: { settings: [{ key: "contact_email", value: next, version: email.version }] } });
    expect(res.status, res.text).toBe(200);
    try {
      for (const path of ["/", "/about", "/contact"]) await eventually(path, (r) => bodyText(r.text).includes(next));
    } finally {
      const now = (await admin.call("GET", "/api/admin/site-settings")).json.find((s: { key: string }) => s.key === "contact_email");
      await admin.call("PUT", "/api/admin/site-settings", { body: { settings: [{ key: "contact_email", value: email.value, version: now.version }] } });
    }
  });

  it("a settings change reaches the shell of the back office and of previews: the site's title in its head, the contact email in its body", async () => {
    const stored = (await admin.call("GET", "/api/admin/site-settings")).json as { key: string; value: string; version: number }[];
    const before = ["site_title", "contact_email"].map((key) => stored.find((s) => s.key === key)!);
    const title = `Shell title ${Date.now()}`;
    const email = `shell-${Date.now()}@example.com`;
    const res = await admin.call("PUT", "/api/admin/site-settings", {
      body: {
        settings: [
          { key: "site_title", value: title, version: before[0]!.version },
          { key: "contact_email", value: email, version: before[1]!.version },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    try {
      for (const path of ["/admin", "/admin/settings", "/auth/callback", "/preview/not-a-token"]) {
        // Both settings, not the title alone: the two are written side by side (no transaction), and a
        // render under way for an earlier change can read between the writes and write a shell with the
        // new title and the old email; the render this save asks for follows it and writes both.
        const shell = await eventually(path, (r) => head(r.text).title === title && r.text.includes(`href="mailto:${email}"`));
        // A preview link that opens nothing is a 404 with the site's head (a good one has its post's).
        expect(shell.status, path).toBe(path.startsWith("/preview/") ? 404 : 200);
        expect(head(shell.text), path).toMatchObject({ title, ogTitle: title, canonical: undefined });
        expect(shell.text, path).toContain(`href="mailto:${email}">${email}</a>`);
        expect(shell.text, path).not.toContain("hello@arcline.ai");
        expect(shell.text, path).not.toContain('id="page-data"');
      }
    } finally {
      const now = (await admin.call("GET", "/api/admin/site-settings")).json as { key: string; version: number }[];
      const back = before.map((b) => ({ key: b.key, value: b.value, version: now.find((s) => s.key === b.key)!.version }));
      await admin.call("PUT", "/api/admin/site-settings", { body: { settings: back } });
    }
  });
});

describe("the server entry that renders the pages", () => {
  it("is React's production build whatever NODE_ENV the renderer runs with (the development build renders about three times slower)", async () => {
    const { readFileSync } = await import("node:fs");
    const entry = readFileSync(new URL("../../web/dist-server/entry-server.js", import.meta.url), "utf8");
    expect(entry.length).toBeGreaterThan(100_000);
    // A warning only React's development build carries.
    expect(entry).not.toContain('Each child in a list should have a unique "key" prop');
  });
});

describe("renders in one pass", () => {
  it("renders every public address, the not-found page and a list page past the last once each, its data loaded before by its routes' loaders, each read once", async () => {
    const { pathToFileURL } = await import("node:url");
    const entry = (await import(pathToFileURL(join(process.cwd(), "web/dist-server/entry-server.js")).href)) as import("../../packages/functions/src/render/render").ServerEntry;
    const xml = (await page("/sitemap.xml")).text;
    const site = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const posts = site.filter((p) => /^\/blog\/(?!page\/)/.test(p));
    const paths = [...site.filter((p) => !posts.includes(p)), posts[0]!, "/404", "/blog/page/9999"];
    for (const path of paths) {
      const reads: string[] = [];
      const rendered = (await entry.renderPage(path, {
        origin: base(),
        transport: async (p, init) => {
          reads.push(p);
          return fetch(new URL(p, base()), init);
        },
      })) as Awaited<ReturnType<typeof entry.renderPage>> & { renders: number };
      expect(rendered.renders, path).toBe(1);
      expect(reads.length, path).toBeGreaterThan(0);
      expect(new Set(reads).size, path).toBe(reads.length);
    }
  });
});

describe("renders side by side", () => {
  it("gives each render its own transport and origin: two pages rendered at once read and link only through their own", async () => {
    const { pathToFileURL } = await import("node:url");
    const entry = (await import(pathToFileURL(join(process.cwd(), "web/dist-server/entry-server.js")).href)) as import("../../packages/functions/src/render/render").ServerEntry;
    const reads: Record<string, string[]> = { a: [], b: [] };
    const render = (who: "a" | "b", path: string) =>
      entry.renderPage(path, {
        origin: `https://${who}.example`,
        transport: async (p, init) => {
          reads[who]!.push(new URL(p, "http://api.invalid").pathname);
          // A little later for one of them, so the two renders' reads interleave.
          await new Promise((r) => setTimeout(r, who === "a" ? 20 : 0));
          return fetch(new URL(p, base()), init);
        },
      });
    const [a, b] = await Promise.all([render("a", "/services"), render("b", "/tech-school")]);
    expect((a.meta as { url?: string } | undefined)?.url).toBe("https://a.example/services");
    expect((b.meta as { url?: string } | undefined)?.url).toBe("https://b.example/tech-school");
    expect(reads.a).toContain("/api/services");
    expect(reads.a).not.toContain("/api/courses");
    expect(reads.b).toContain("/api/courses");
    expect(reads.b).not.toContain("/api/services");
  });
});
