import { beforeEach, describe, expect, it } from "vitest";
import { publicPaths } from "../invalidate";
import { pageKey, pagesFor, renderPages, renderQueue, type PageStore, type RenderContext, type ServerEntry } from "./render";
import { headHtml, pageHtml, scriptJson, shellHtml } from "./page-html";

describe("pagesFor", () => {
  it("renders for a post's paths its pages, /blog, the pages that listed it and, when the counts changed, the pages that show them", () => {
    expect(pagesFor(publicPaths.blogPost(["new", "old"]))).toEqual([
      "readers-of-changed:/api/blog-categories",
      "/blog",
      "/blog/new",
      "readers-of:/api/blog-posts/new",
      "/blog/old",
      "readers-of:/api/blog-posts/old",
    ]);
  });
  it("renders every page for the settings, which every page shows", () => {
    expect(pagesFor(["/api/site-settings", "/rss.xml"])).toBe("all");
    expect(pagesFor(publicPaths.settings())).toBe("all");
  });
  it("renders the pages that read a section or a catalogue when they were last rendered", () => {
    expect(pagesFor(publicPaths.pageSections("home"))).toEqual(["readers-of:/api/page-sections/home"]);
    expect(pagesFor(publicPaths.services())).toEqual(["readers-of:/api/services"]);
  });
});

describe("a write's render", () => {
  // Three pages and what each reads: a catalogue page, the home page (sections and services) and a post.
  const readsOf: Record<string, string[]> = {
    "/services": ["/api/site-settings", "/api/services"],
    "/": ["/api/site-settings", "/api/page-sections/home", "/api/services"],
    "/blog/a-post": ["/api/site-settings", "/api/blog-posts/a-post"],
  };
  const rendered: string[] = [];
  const entry: ServerEntry = {
    async renderPage(pathname, { transport }) {
      rendered.push(pathname);
      for (const p of readsOf[pathname] ?? []) await transport(`${p}?limit=3`, {});
      return {
        html: `<main>${pathname}</main>`,
        meta: { title: pathname, ogTitle: pathname, description: "", siteName: "S", type: "website", jsonLd: [], notFound: false },
        state: {},
      };
    },
  };
  const api = async (path: string) =>
    path === "/sitemap.xml"
      ? new Response(
          `<urlset>${Object.keys(readsOf)
            .map((p) => `<url><loc>https://site.test${p}</loc></url>`)
            .join("")}</urlset>`,
        )
      : Response.json({});
  const template = "<html><head><!--page-head:--><!--/page-head--></head><body><!--page-body--><!--/page-body--></body></html>";
  const store = () => {
    const files = new Map<string, string>();
    return {
      files,
      put: async (k: string, html: string) => void files.set(k, html),
      remove: async (k: string) => void files.delete(k),
      keys: async () => [...files.keys()],
      read: async (k: string) => files.get(k),
    };
  };

  it("renders exactly the pages that read what changed: a service's save no post page, a section's its page", async () => {
    const s = store();
    const ctx = { entry, template, store: s, origin: "https://site.test", api };
    await renderPages(ctx, "all");
    expect(JSON.parse(s.files.get("pages/_reads.json")!)).toEqual(Object.fromEntries(Object.entries(readsOf).map(([p, r]) => [p, [...r].sort()])));
    rendered.length = 0;
    await renderPages(ctx, pagesFor(publicPaths.services()) as string[]);
    expect(rendered.sort()).toEqual(["/", "/services"]);
    rendered.length = 0;
    await renderPages(ctx, pagesFor(publicPaths.pageSections("home")) as string[]);
    expect(rendered).toEqual(["/"]);
  });

  it("renders every page for a catalogue's change while no page's reads are recorded yet", async () => {
    const s = store();
    await s.put("pages/services.html", "<old>");
    rendered.length = 0;
    await renderPages({ entry, template, store: s, origin: "https://site.test", api }, pagesFor(publicPaths.courses()) as string[]);
    expect(rendered.sort()).toEqual(["/", "/blog/a-post", "/services"]);
    // And records them for the next write.
    expect(Object.keys(JSON.parse(s.files.get("pages/_reads.json")!)).sort()).toEqual(["/", "/blog/a-post", "/services"]);
  });
});

describe("renderQueue", () => {
  it("coalesces a burst into one render of the union, and a request during a render into the next one", async () => {
    const runs: (string[] | "all")[] = [];
    let release!: () => void;
    let first = true;
    const queue = renderQueue(
      async (paths) => {
        runs.push(paths);
        if (first) {
          first = false;
          await new Promise<void>((r) => (release = r));
        }
      },
      { delayMs: 5 },
    );
    queue.request(["/blog/a"]);
    queue.request(["/blog/a", "/blog"]);
    await new Promise((r) => setTimeout(r, 30));
    queue.request(["/blog/b"]);
    queue.request(["/blog/c"]);
    release();
    await queue.settled();
    expect(runs).toEqual([
      ["/blog/a", "/blog"],
      ["/blog/b", "/blog/c"],
    ]);
  });
  it("an all request swallows the paths around it", async () => {
    const runs: (string[] | "all")[] = [];
    const queue = renderQueue(async (paths) => void runs.push(paths), { delayMs: 5 });
    queue.request(["/blog/a"]);
    queue.request("all");
    queue.request(["/blog/b"]);
    await queue.settled();
    expect(runs).toEqual(["all"]);
  });
});

describe("page HTML", () => {
  const head = {
    title: 'A "quoted" <title>',
    ogTitle: "A",
    description: "D & more",
    url: "https://x.test/blog/a",
    siteName: "S",
    type: "article" as const,
    publishedTime: "2026-01-01T00:00:00.000Z",
    jsonLd: [{ name: "</script><script>alert(1)</script>" }],
  };
  it("escapes the head's values and keeps JSON-LD inside its script", () => {
    const html = headHtml(head);
    expect(html).toContain("<title>A &quot;quoted&quot; &lt;title&gt;</title>");
    expect(html).toContain('content="D &amp; more"');
    expect(html).toContain('<meta property="article:published_time" content="2026-01-01T00:00:00.000Z" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain("</script><script>");
    expect(JSON.parse(scriptJson({ a: "</script>\u2028" }))).toEqual({ a: "</script>\u2028" });
  });
  it("preloads the page's LCP image from the head (its AVIF sizes, high priority) and names its link preview for Open Graph and Twitter", () => {
    const preload = { type: "image/avif", imageSrcset: "/media/2026/a/320.avif 320w, /media/2026/a/640.avif 640w", imageSizes: "(min-width: 896px) 832px, 100vw" };
    const html = headHtml({ ...head, image: "https://x.test/media/2026/a/og.jpg", preload });
    expect(html).toContain(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/media/2026/a/320.avif 320w, /media/2026/a/640.avif 640w" imagesizes="(min-width: 896px) 832px, 100vw" fetchpriority="high" />',
    );
    expect(html).toContain('<meta property="og:image" content="https://x.test/media/2026/a/og.jpg" />');
    expect(html).toContain('<meta name="twitter:image" content="https://x.test/media/2026/a/og.jpg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(headHtml(head)).not.toContain('rel="preload"');
  });
  it("fills the template's head and root, leaving `$` in a page's text literal", () => {
    const template = '<head><!--page-head: x-->\n<title>old</title>\n<!--/page-head--></head><body><div id="root"><!--page-body-->shell<!--/page-body--></div></body>';
    const html = pageHtml(template, { head, body: "<p>costs $& $1</p>", state: { queries: [] } });
    expect(html).not.toContain("<title>old</title>");
    expect(html).toContain('<div id="root"><p>costs $& $1</p></div>');
    expect(html).toContain('<script id="page-data" type="application/json">{"queries":[]}</script>');
  });
});

describe("the app shell", () => {
  it("carries the current settings: the site's title and description in its head, its name and contact email in its body", () => {
    const template = `<head><!--page-head: x-->\n<title>Old title</title>\n<!--/page-head--></head><body><div id="root"><!--page-body--><span data-site="company_name">Old</span><a class="underline" data-site="contact_email" href="mailto:old@x.test">old@x.test</a><!--/page-body--></div></body>`;
    const html = shellHtml(template, { company_name: "New & Co", contact_email: "new@x.test", site_title: "New <title>", meta_description: "Fresh" });
    expect(html).toContain("<title>New &lt;title&gt;</title>");
    expect(html).toContain('<meta property="og:title" content="New &lt;title&gt;" />');
    expect(html).toContain('<meta property="og:site_name" content="New &amp; Co" />');
    expect(html).toContain('<span data-site="company_name">New &amp; Co</span>');
    expect(html).toContain('<a class="underline" data-site="contact_email" href="mailto:new@x.test">new@x.test</a>');
    expect(html).not.toMatch(/old@x.test|Old title|page-data|canonical|page-body/);
  });
});

describe("rendering the blog's list pages", () => {
  // The list as GET /api/blog-posts answers it: 40 posts, 12 a page, by number (skipping the pages
  // before it, as the server does) or from the cursor of the page before (X-Next-Cursor).
  const posts = Array.from({ length: 40 }, (_, i) => `Post ${i + 1}`);
  const asked: string[] = [];
  const api: RenderContext["api"] = async (path) => {
    asked.push(path);
    const url = new URL(path, "http://api.test");
    if (url.pathname === "/sitemap.xml") {
      const paths = ["/blog", "/blog/page/2", "/blog/page/3", "/blog/page/4"];
      return new Response(`<urlset>${paths.map((p) => `<url><loc>https://site.test${p}</loc></url>`).join("")}</urlset>`);
    }
    const limit = Number(url.searchParams.get("limit"));
    const cursor = url.searchParams.get("cursor");
    const start = cursor ? Number(cursor.slice("after-".length)) : (Number(url.searchParams.get("page") ?? 1) - 1) * limit;
    const items = posts.slice(start, start + limit);
    const next = start + limit < posts.length ? { "x-next-cursor": `after-${start + limit}` } : undefined;
    return new Response(JSON.stringify(items), { headers: { "content-type": "application/json", ...next } });
  };
  // The web app's list page: page n reads `?limit=12&page=n` (page 1 without `page`) and shows what it got.
  const entry: ServerEntry = {
    async renderPage(pathname, { transport }) {
      const head = { title: pathname, ogTitle: pathname, description: "d", url: `https://site.test${pathname}`, siteName: "S", type: "website" as const, jsonLd: [] };
      if (pathname === "/404") return { html: "<p>Not found</p>", meta: { ...head, notFound: true }, state: undefined };
      const n = pathname === "/blog" ? 1 : Number(pathname.split("/").pop());
      const res = await transport(`/api/blog-posts?limit=12${n > 1 ? `&page=${n}` : ""}`, {});
      const items = (await res.json()) as string[];
      const more = res.headers.has("x-next-cursor") ? "<a>Next</a>" : "";
      return { html: `<ol>${items.map((t) => `<li>${t}</li>`).join("")}</ol>${more}`, meta: { ...head, notFound: false }, state: { items } };
    },
  };
  const template = "<html><head><!--page-head:--><!--/page-head--></head><body><!--page-body--><!--/page-body--></body></html>";
  const memory = (): PageStore & { files: Map<string, string> } => {
    const files = new Map<string, string>();
    return {
      files,
      put: async (k, html) => void files.set(k, html),
      remove: async (k) => void files.delete(k),
      keys: async () => [...files.keys()],
      read: async (k) => files.get(k),
    };
  };

  it("reads each list page from the cursor of the page before it, and writes the same HTML as reading it by number", async () => {
    asked.length = 0;
    const batch = memory();
    await renderPages({ entry, template, store: batch, origin: "https://site.test", api }, "all");
    const lists = asked.filter((p) => p.startsWith("/api/blog-posts"));
    expect(lists).toEqual([
      "/api/blog-posts?limit=12",
      "/api/blog-posts?limit=12&cursor=after-12",
      "/api/blog-posts?limit=12&cursor=after-24",
      "/api/blog-posts?limit=12&cursor=after-36",
    ]);

    // Each page alone (nothing read before it in its batch) is read by its number.
    for (const path of ["/blog/page/2", "/blog/page/3", "/blog/page/4"]) {
      asked.length = 0;
      const alone = memory();
      await renderPages({ entry, template, store: alone, origin: "https://site.test", api }, [path]);
      expect(asked).toEqual([`/api/blog-posts?limit=12&page=${path.split("/").pop()}`]);
      expect(batch.files.get(pageKey(path))).toBe(alone.files.get(pageKey(path)));
    }
    expect(batch.files.get(pageKey("/blog/page/3"))).toContain("<li>Post 25</li>");
    expect(batch.files.get(pageKey("/blog/page/3"))).toContain("<li>Post 36</li></ol><a>Next</a>");
    expect(batch.files.get(pageKey("/blog/page/4"))).toContain("<ol><li>Post 37</li><li>Post 38</li><li>Post 39</li><li>Post 40</li></ol>");
    expect(batch.files.get(pageKey("/blog/page/4"))).not.toContain("Next");
  });
});

describe("a post's write renders the list pages that show it", () => {
  // A blog of 48 posts, newest first, 12 a page: /blog, /blog/page/2, 3 and 4. A list page shows its
  // posts and the category counts; a post page shows its post.
  type Post = { slug: string; title: string; category: string };
  const posts: Post[] = [];
  const listNumber = (path: string) => (path === "/blog" ? 1 : Number(/^\/blog\/page\/(\d+)$/.exec(path)?.[1] ?? NaN));
  const rendered: string[] = [];
  const meta = (title: string, notFound = false) => ({ title, ogTitle: title, description: "", siteName: "S", type: "website" as const, jsonLd: [], notFound });
  const entry: ServerEntry = {
    async renderPage(pathname, { transport }) {
      rendered.push(pathname);
      await transport("/api/site-settings", {});
      const n = listNumber(pathname);
      if (n) {
        const counts = (await (await transport("/api/blog-categories", {})).json()) as unknown;
        const list = (await (await transport(`/api/blog-posts?limit=12${n > 1 ? `&page=${n}` : ""}`, {})).json()) as Post[];
        if (!list.length) return { html: "", meta: meta("Not found", true), state: {} };
        return { html: `<main>${JSON.stringify(counts)} ${list.map((p) => p.title).join(", ")}</main>`, meta: meta(pathname), state: {} };
      }
      const res = await transport(`/api/blog-posts/${pathname.slice("/blog/".length)}`, {});
      if (!res.ok) return { html: "", meta: meta("Not found", true), state: {} };
      return { html: `<main>${((await res.json()) as Post).title}</main>`, meta: meta(pathname), state: {} };
    },
  };
  const api = async (path: string) => {
    const url = new URL(path, "http://api.invalid");
    const pages = Math.ceil(posts.length / 12);
    if (path === "/sitemap.xml") {
      const addresses = ["/blog", ...Array.from({ length: pages - 1 }, (_, i) => `/blog/page/${i + 2}`), ...posts.map((p) => `/blog/${p.slug}`)];
      return new Response(`<urlset>${addresses.map((p) => `<url><loc>https://site.test${p}</loc></url>`).join("")}</urlset>`);
    }
    if (url.pathname === "/api/blog-categories") {
      const count = (c: string) => posts.filter((p) => p.category === c).length;
      return Response.json({
        total: posts.length,
        categories: [
          { category: "news", count: count("news") },
          { category: "tutorials", count: count("tutorials") },
        ],
      });
    }
    if (url.pathname === "/api/blog-posts") {
      const page = Number(url.searchParams.get("page") ?? 1);
      return Response.json(posts.slice((page - 1) * 12, page * 12));
    }
    const post = posts.find((p) => `/api/blog-posts/${p.slug}` === url.pathname);
    return post ? Response.json(post) : Response.json({ error: "Not found" }, { status: 404 });
  };
  const template = "<html><head><!--page-head:--><!--/page-head--></head><body><!--page-body--><!--/page-body--></body></html>";
  const files = new Map<string, string>();
  const store: PageStore = {
    put: async (k, html) => void files.set(k, html),
    remove: async (k) => void files.delete(k),
    keys: async () => [...files.keys()],
    read: async (k) => files.get(k),
  };
  const ctx = { entry, template, store, origin: "https://site.test", api };
  beforeEach(async () => {
    posts.splice(0, posts.length, ...Array.from({ length: 48 }, (_, i) => ({ slug: `post-${i}`, title: `Post ${i}`, category: i % 2 ? "tutorials" : "news" })));
    files.clear();
    await renderPages(ctx, "all");
  });
  const saved = async (slugs: string[]) => {
    rendered.length = 0;
    const report = await renderPages(ctx, pagesFor(publicPaths.blogPost(slugs)));
    expect(report.failed).toEqual([]);
    return [...rendered].sort();
  };

  it("an edit of a post on page 3 renders its page, /blog/page/3 and /blog (where a new post would be), no other list page", async () => {
    posts[30]!.title = "Post 30, edited";
    expect(await saved(["post-30"])).toEqual(["/blog", "/blog/page/3", "/blog/post-30"]);
    expect(files.get(pageKey("/blog/page/3"))).toContain("Post 30, edited");
    expect(files.get(pageKey("/blog/post-30"))).toContain("Post 30, edited");
  });

  it("an edit that moves a post to another category renders every list page (they show the counts)", async () => {
    posts[4]!.category = "tutorials";
    expect(await saved(["post-4"])).toEqual(["/blog", "/blog/page/2", "/blog/page/3", "/blog/page/4", "/blog/post-4"]);
  });

  it("a post published renders every list page (each shows one post later) and the list page it opens; a post taken down renders every list page, and its page goes", async () => {
    posts.unshift({ slug: "new-0", title: "New 0", category: "news" });
    expect(await saved(["new-0"])).toEqual(["/blog", "/blog/new-0", "/blog/page/2", "/blog/page/3", "/blog/page/4", "/blog/page/5"]);
    expect(files.get(pageKey("/blog/page/5"))).toContain("Post 47");
    const [gone] = posts.splice(46, 1);
    expect(await saved([gone!.slug])).toEqual(["/blog", "/blog/page/2", "/blog/page/3", "/blog/page/4", "/blog/page/5", `/blog/${gone!.slug}`]);
    expect(files.has(pageKey(`/blog/${gone!.slug}`))).toBe(false);
    expect(files.has(pageKey("/blog/page/5"))).toBe(false);
    expect(files.get(pageKey("/blog/page/4"))).toContain("Post 47");
  });

  it("one post published and another of its category taken down in one render (the counts unchanged) renders the list pages between them", async () => {
    posts.unshift({ slug: "new-1", title: "New 1", category: "news" });
    const [gone] = posts.splice(31, 1);
    expect(gone!.category).toBe("news");
    expect(await saved(["new-1", gone!.slug])).toEqual(["/blog", "/blog/new-1", "/blog/page/2", "/blog/page/3", "/blog/page/4", `/blog/${gone!.slug}`]);
    expect(files.get(pageKey("/blog/page/2"))).toContain("Post 11, Post 12");
    expect(files.get(pageKey("/blog/page/4"))).toContain("Post 47");
  });
});
