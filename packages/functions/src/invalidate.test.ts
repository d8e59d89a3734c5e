import { CloudFrontClient, type CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { SQSClient, type SendMessageCommand } from "@aws-sdk/client-sqs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeKeys, routes } from "@agency/core/routes";
import { invalidate, postSlugs, publicPaths } from "./invalidate";
import { onPublicChange } from "./render/trigger";

/** CloudFront path patterns of the cached routes: `/api/blog-posts/{slug}` -> /^\/api\/blog-posts\/[^/]+$/. */
const cachedRoutes = routeKeys.filter((k) => "cache" in routes[k]).map((k) => k.slice(k.indexOf(" ") + 1));
const cached = cachedRoutes.map((path) => new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}$`));
/** The site's own addresses of the blog (the SPA's pages, rendered per address). */
const sitePages = [/^\/blog$/, /^\/blog\/page\/\*$/, /^\/blog\/[a-z0-9-]+$/];

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.DISTRIBUTION_ID;
  delete process.env.RENDER_QUEUE_URL;
  onPublicChange(undefined);
});

describe("the public paths a save invalidates", () => {
  it("are all cached public routes", () => {
    const all = [
      ...publicPaths.services(),
      ...publicPaths.industries(),
      ...publicPaths.courses(),
      ...publicPaths.serviceDetails(),
      ...publicPaths.pageSections("home"),
      ...publicPaths.settings(),
      ...publicPaths.blogPost(postSlugs({ slug: "new", old_slugs: ["a", "b", "c", "old"] })),
    ];
    for (const path of all) {
      // A trailing * (CloudFront's wildcard) stands for every cached route under that prefix.
      const known =
        sitePages.some((re) => re.test(path)) || (path.endsWith("*") ? cachedRoutes.some((route) => route.startsWith(path.slice(0, -1))) : cached.some((re) => re.test(path)));
      expect(known, path).toBe(true);
    }
  });

  it("name every public read of a post (list pages under any filter, posts, related lists), the counts, the feeds, /blog and the post's pages", () => {
    const paths = publicPaths.blogPost(postSlugs({ slug: "new", old_slugs: ["a", "b", "c", "old"] }));
    expect(paths).toEqual(["/api/blog-posts*", "/api/blog-categories", "/rss.xml", "/sitemap.xml", "/blog", "/blog/new", "/blog/b", "/blog/c", "/blog/old"]);
    // Every cached blog route is covered: the wildcard or an exact path.
    for (const route of cachedRoutes.filter((r) => r.startsWith("/api/blog"))) {
      expect(
        paths.some((p) => (p.endsWith("*") ? route.startsWith(p.slice(0, -1)) : p === route)),
        route,
      ).toBe(true);
    }
  });
});

describe("invalidate", () => {
  it("is one logged line and no call without a distribution (locally)", async () => {
    const send = vi.spyOn(CloudFrontClient.prototype, "send");
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    await invalidate(["/api/services"]);
    expect(send).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("sends one CreateInvalidation with the paths, once each, to the configured distribution", async () => {
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    const send = vi.spyOn(CloudFrontClient.prototype, "send").mockResolvedValue({} as never);
    await invalidate(["/api/blog-posts", "/api/blog-posts/x", "/api/blog-posts"]);
    expect(send).toHaveBeenCalledTimes(1);
    const input = (send.mock.calls[0]![0] as CreateInvalidationCommand).input;
    expect(input.DistributionId).toBe("E123EXAMPLE");
    expect(input.InvalidationBatch!.Paths).toEqual({ Quantity: 2, Items: ["/api/blog-posts", "/api/blog-posts/x"] });
    expect(input.InvalidationBatch!.CallerReference).toBeTruthy();
  });

  it("sends CloudFront only real cache keys for a post: the API's reads and the feeds, not the site's addresses (the render invalidates their pages)", async () => {
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    process.env.RENDER_QUEUE_URL = "https://sqs.us-east-1.amazonaws.com/123456789012/render";
    const sqs = vi.spyOn(SQSClient.prototype, "send").mockResolvedValue({} as never);
    const cdn = vi.spyOn(CloudFrontClient.prototype, "send").mockResolvedValue({} as never);
    const paths = publicPaths.blogPost(["a-post"]);
    await invalidate(paths);
    expect((cdn.mock.calls[0]![0] as CreateInvalidationCommand).input.InvalidationBatch!.Paths!.Items).toEqual([
      "/api/blog-posts*",
      "/api/blog-categories",
      "/rss.xml",
      "/sitemap.xml",
    ]);
    // The render still hears of every page the save changed.
    expect(JSON.parse((sqs.mock.calls[0]![0] as SendMessageCommand).input.MessageBody!)).toEqual({ apiPaths: paths });
  });

  it("never fails the save: a CloudFront error is logged", async () => {
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    vi.spyOn(CloudFrontClient.prototype, "send").mockRejectedValue(new Error("Throttling") as never);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(invalidate(["/api/services"])).resolves.toBeUndefined();
    expect(log.mock.calls[0]![0]).toContain("Throttling");
  });

  it("asks the render queue for the changed paths' pages when no local renderer listens (AWS), and still invalidates", async () => {
    process.env.DISTRIBUTION_ID = "E123EXAMPLE";
    process.env.RENDER_QUEUE_URL = "https://sqs.us-east-1.amazonaws.com/123456789012/render";
    const sqs = vi.spyOn(SQSClient.prototype, "send").mockResolvedValue({} as never);
    const cdn = vi.spyOn(CloudFrontClient.prototype, "send").mockResolvedValue({} as never);
    await invalidate(["/api/blog-posts", "/api/blog-posts/x", "/api/blog-posts"]);
    expect(sqs).toHaveBeenCalledTimes(1);
    expect(JSON.parse((sqs.mock.calls[0]![0] as SendMessageCommand).input.MessageBody!)).toEqual({ apiPaths: ["/api/blog-posts", "/api/blog-posts/x"] });
    expect(cdn).toHaveBeenCalledTimes(1);
  });

  it("renders in-process, not through the queue, when the local runtime listens", async () => {
    process.env.RENDER_QUEUE_URL = "https://sqs.us-east-1.amazonaws.com/123456789012/render";
    const sqs = vi.spyOn(SQSClient.prototype, "send");
    vi.spyOn(console, "info").mockImplementation(() => {});
    const heard: string[][] = [];
    onPublicChange((paths) => heard.push(paths));
    await invalidate(["/api/services"]);
    expect(heard).toEqual([["/api/services"]]);
    expect(sqs).not.toHaveBeenCalled();
  });

  it("never fails the save: a render queue error is logged", async () => {
    process.env.RENDER_QUEUE_URL = "https://sqs.us-east-1.amazonaws.com/123456789012/render";
    vi.spyOn(SQSClient.prototype, "send").mockRejectedValue(new Error("AccessDenied") as never);
    vi.spyOn(console, "info").mockImplementation(() => {});
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(invalidate(["/api/services"])).resolves.toBeUndefined();
    expect(log.mock.calls[0]![0]).toContain("AccessDenied");
  });
});
