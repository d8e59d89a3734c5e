import { describe, expect, it } from "vitest";
import { publicPaths } from "../invalidate";
import { keyPath, pageKey, pagesFor, renderQueue } from "./render";
import { headHtml, pageHtml, scriptJson } from "./page-html";

describe("pageKey", () => {
  it("keeps every address under pages/, / as index", () => {
    expect(pageKey("/")).toBe("pages/index.html");
    expect(pageKey("/about")).toBe("pages/about.html");
    expect(pageKey("/blog/a-post")).toBe("pages/blog/a-post.html");
    expect(pageKey("/blog/")).toBe("pages/blog.html");
  });
  it("is read back to its address by keyPath", () => {
    for (const path of ["/", "/about", "/blog/page/3", "/blog/a-post"]) expect(keyPath(pageKey(path))).toBe(path);
  });
});

describe("pagesFor", () => {
  it("renders a post's pages and every page of the blog list for a post's paths, and no other page", () => {
    expect(pagesFor(publicPaths.blogPost(["new", "old"]))).toEqual(["/blog", "/blog/page/*", "/blog/new", "/blog/old"]);
  });
  it("renders every page for settings, sections and catalog changes", () => {
    expect(pagesFor(["/api/site-settings", "/rss.xml"])).toBe("all");
    expect(pagesFor(["/api/page-sections/home"])).toBe("all");
    expect(pagesFor(["/api/services"])).toBe("all");
    expect(pagesFor(publicPaths.settings())).toBe("all");
  });
});

describe("renderQueue", () => {
  it("coalesces a burst into one render of the union, and a request during a render into the next one", async () => {
    const runs: (string[] | "all")[] = [];
    let release!: () => void;
    let first = true;
    const queue = renderQueue(async (paths) => {
      runs.push(paths);
      if (first) {
        first = false;
        await new Promise<void>((r) => (release = r));
      }
    }, { delayMs: 5 });
    queue.request(["/blog/a"]);
    queue.request(["/blog/a", "/blog"]);
    await new Promise((r) => setTimeout(r, 30));
    queue.request(["/blog/b"]);
    queue.request(["/blog/c"]);
    release();
    await queue.settled();
    expect(runs).toEqual([["/blog/a", "/blog"], ["/blog/b", "/blog/c"]]);
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
  const head = { title: 'A "quoted" <title>', ogTitle: "A", description: "D & more", url: "https://x.test/blog/a", siteName: "S", type: "article" as const, publishedTime: "2026-01-01T00:00:00.000Z", jsonLd: [{ name: "</script><script>alert(1)</script>" }] };
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
    const template = "<head><!--page-head: x-->\n<title>old</title>\n<!--/page-head--></head><body><div id=\"root\"><!--page-body-->shell<!--/page-body--></div></body>";
    const html = pageHtml(template, { head, body: "<p>costs $& $1</p>", state: { queries: [] } });
    expect(html).not.toContain("<title>old</title>");
    expect(html).toContain('<div id="root"><p>costs $& $1</p></div>');
    expect(html).toContain('<script id="page-data" type="application/json">{"queries":[]}</script>');
  });
});
