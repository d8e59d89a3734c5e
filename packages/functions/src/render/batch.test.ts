import { CloudFrontClient, type CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { SQSClient, type SendMessageCommand } from "@aws-sdk/client-sqs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicPaths } from "../invalidate";
import { renderBatch } from "./batch";
import { PAGES_PER_RENDER_RUN } from "@agency/core/render-budget";
import { pageKey, type PageStore, type ServerEntry } from "./render";

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.DISTRIBUTION_ID;
  delete process.env.RENDER_QUEUE_URL;
});

const template =
  '<!doctype html><html><head><!--page-head: the page head--><title>Shell</title><!--/page-head--></head><body><div id="root"><!--page-body--><!--/page-body--></div></body></html>';

function memoryStore(files: Record<string, string>): PageStore & { read(key: string): Promise<string | undefined>; files: Record<string, string> } {
  return {
    files,
    async put(key, html) {
      files[key] = html;
    },
    async remove(key) {
      delete files[key];
    },
    async keys() {
      return Object.keys(files).filter((k) => k.startsWith("pages/"));
    },
    async read(key) {
      return Object.hasOwn(files, key) ? files[key] : undefined;
    },
  };
}

/** The server entry's contract: a page renders its body and head; `/blog/broken` fails, `/blog/gone` is not found. */
const renders: string[] = [];
const head = (p: string, notFound: boolean) => ({
  title: p,
  ogTitle: p,
  description: "d",
  url: `https://site.test${p}`,
  siteName: "S",
  type: "website" as const,
  jsonLd: [],
  notFound,
});
const entry: ServerEntry = {
  async renderPage(pathname) {
    renders.push(pathname);
    if (pathname === "/blog/broken") throw new Error("the API answered 500");
    const notFound = pathname === "/blog/gone";
    return { html: `<main>${pathname}</main>`, meta: head(pathname, notFound), state: {} };
  },
};
const api = async () => new Response("", { status: 200 });
const msg = (apiPaths: string[]) => JSON.stringify({ apiPaths });

describe("a render batch", () => {
  it("renders each page the messages ask for once, into the deployed template, removes pages that are gone, and invalidates exactly those pages' cache keys", async () => {
    renders.length = 0;
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    const cdn = vi.spyOn(CloudFrontClient.prototype, "send").mockResolvedValue({} as never);
    vi.spyOn(console, "info").mockImplementation(() => {});
    const store = memoryStore({ "index.html": template, "pages/blog/gone.html": "<old>" });
    await renderBatch([msg(publicPaths.blogPost(["a"])), msg(publicPaths.blogPost(["a", "gone"]))], { entry, store, origin: "https://site.test", api });
    expect(renders.sort()).toEqual(["/blog", "/blog/a", "/blog/gone"]);
    expect(store.files["pages/blog/a.html"]).toContain("<main>/blog/a</main>");
    expect(store.files["pages/blog/a.html"]).toContain("<!doctype html>");
    expect(store.files["pages/blog/gone.html"]).toBeUndefined();
    const paths = (cdn.mock.calls[0]![0] as CreateInvalidationCommand).input.InvalidationBatch!.Paths!.Items;
    expect(paths!.sort()).toEqual(["/pages/blog.html", "/pages/blog/a.html", "/pages/blog/gone.html"]);
  });

  it("keeps a failed page's previous file, still serves what did render, counts the failure on the RenderFailures metric and throws for a retry", async () => {
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    const cdn = vi.spyOn(CloudFrontClient.prototype, "send").mockResolvedValue({} as never);
    vi.spyOn(console, "info").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const store = memoryStore({ "index.html": template, "pages/blog/broken.html": "<previous>" });
    await expect(renderBatch([msg(publicPaths.blogPost(["broken", "a"]))], { entry, store, origin: "https://site.test", api })).rejects.toThrow(
      /1 page\(s\) failed: \/blog\/broken/,
    );
    expect(store.files["pages/blog/broken.html"]).toBe("<previous>");
    expect(store.files["pages/blog/a.html"]).toContain("/blog/a");
    expect((cdn.mock.calls[0]![0] as CreateInvalidationCommand).input.InvalidationBatch!.Paths!.Items!.sort()).toEqual(["/pages/blog.html", "/pages/blog/a.html"]);
    const metric = JSON.parse(errors.mock.calls.map((c) => String(c[0])).find((l) => l.includes("RenderFailures"))!);
    expect(metric._aws.CloudWatchMetrics[0]).toEqual({ Namespace: "Agency", Dimensions: [["Stage"]], Metrics: [{ Name: "RenderFailures", Unit: "Count" }] });
    expect(metric.RenderFailures).toBe(1);
    expect(metric.failed).toEqual([{ path: "/blog/broken", error: "the API answered 500" }]);
  });

  it("invalidates every page after a full render", async () => {
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    const cdn = vi.spyOn(CloudFrontClient.prototype, "send").mockResolvedValue({} as never);
    vi.spyOn(console, "info").mockImplementation(() => {});
    const settings = { company_name: "Site", contact_email: "hi@site.test", site_title: "Site", meta_description: "About the site" };
    const sitemap = async (path: string) =>
      path === "/sitemap.xml"
        ? new Response("<urlset><url><loc>https://site.test/</loc></url><url><loc>https://site.test/about</loc></url></urlset>")
        : path === "/api/site-settings"
          ? Response.json(settings)
          : new Response("");
    const entry404: ServerEntry = { renderPage: async (p) => ({ ...(await entry.renderPage(p, { origin: "", transport: api })), meta: head(p, p === "/404") }) };
    const store = memoryStore({ "index.html": template, "pages/stale.html": "<stale>" });
    await renderBatch([JSON.stringify({ all: true })], { entry: entry404, store, origin: "https://site.test", api: sitemap });
    expect(Object.keys(store.files).sort()).toEqual(["index.html", "pages/404.html", "pages/_app-shell.html", "pages/_reads.json", "pages/about.html", "pages/index.html"]);
    expect((cdn.mock.calls[0]![0] as CreateInvalidationCommand).input.InvalidationBatch!.Paths!.Items).toEqual(["/pages/*"]);
  });

  it("renders at most a run's share of a full render and queues the rest in chunks, which later runs render, the record of reads kept whole", async () => {
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    process.env.RENDER_QUEUE_URL = "https://sqs.us-east-1.amazonaws.com/123456789012/render.fifo";
    vi.spyOn(CloudFrontClient.prototype, "send").mockResolvedValue({} as never);
    const sqs = vi.spyOn(SQSClient.prototype, "send").mockResolvedValue({} as never);
    vi.spyOn(console, "info").mockImplementation(() => {});
    const total = PAGES_PER_RENDER_RUN * 2 + 7;
    const posts = Array.from({ length: total - 1 }, (_, i) => `/blog/post-${i}`);
    const settings = { company_name: "Site", contact_email: "hi@site.test", site_title: "Site", meta_description: "About the site" };
    const site = async (path: string) =>
      path === "/sitemap.xml"
        ? new Response(`<urlset>${["/", ...posts].map((p) => `<url><loc>https://site.test${p}</loc></url>`).join("")}</urlset>`)
        : path === "/api/site-settings"
          ? Response.json(settings)
          : new Response("");
    const entry404: ServerEntry = { renderPage: async (p) => ({ ...(await entry.renderPage(p, { origin: "", transport: api })), meta: head(p, p === "/404") }) };
    const store = memoryStore({ "index.html": template });
    const ctx = { entry: entry404, store, origin: "https://site.test", api: site };
    const first = await renderBatch([JSON.stringify({ all: true })], ctx);
    expect(first!.rendered).toHaveLength(PAGES_PER_RENDER_RUN);
    // The rest as messages of a run's size each, on the render queue.
    const queued = sqs.mock.calls.map((c) => JSON.parse((c[0] as SendMessageCommand).input.MessageBody!) as { pages: string[] });
    expect(queued.map((m) => m.pages.length)).toEqual([PAGES_PER_RENDER_RUN, 7]);
    // The next runs take them (two at once, merged, still bounded: the rest queued again).
    sqs.mockClear();
    const second = await renderBatch(
      queued.map((m) => JSON.stringify(m)),
      ctx,
    );
    expect(second!.rendered).toHaveLength(PAGES_PER_RENDER_RUN);
    const again = sqs.mock.calls.map((c) => JSON.parse((c[0] as SendMessageCommand).input.MessageBody!) as { pages: string[] });
    expect(again.map((m) => m.pages.length)).toEqual([7]);
    await renderBatch(
      again.map((m) => JSON.stringify(m)),
      ctx,
    );
    for (const p of ["/", ...posts]) expect(store.files[pageKey(p)], p).toContain(`<main>${p}</main>`);
    expect(Object.keys(JSON.parse(store.files["pages/_reads.json"]!))).toHaveLength(total);
  });

  it("fails without the deployed template, writing nothing", async () => {
    const store = memoryStore({});
    await expect(renderBatch([msg(["/api/blog-posts/a"])], { entry, store, origin: "https://site.test", api })).rejects.toThrow(/no index.html/);
    expect(store.files).toEqual({});
  });
});
