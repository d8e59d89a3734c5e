import { describe, expect, it } from "vitest";
import { publicPaths } from "../invalidate";
import { pageKey, pagesFor, renderPages, renderQueue, type PageStore, type RenderContext, type ServerEntry } from "./render";
import { headHtml, pageHtml, scriptJson, shellHtml } from "./page-html";

describe("pagesFor", () => {
  it("renders a post's pages and every page of the blog list for a post's paths, and no other page", () => {
    expect(pagesFor(publicPaths.blogPost(["new", "old"]))).toEqual(["/blog", "/blog/page/*", "/blog/new", "/blog/old"]);
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
