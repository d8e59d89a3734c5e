import { randomUUID } from "node:crypto";
import type { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import { config } from "@agency/core/config";
import { sendRenderRequest } from "./render/queue";
import { hasLocalRenderer, publicChanged } from "./render/trigger";
import { publicSettingKeys } from "@agency/core/contract/settings";
import { isPageAddress } from "@agency/core/public-pages";

/**
 * Visitors see an admin's edit within seconds: public reads are cached at CloudFront (routes marked
 * `cache` in packages/core/src/routes.ts, `s-maxage` in http.ts), so a save that changes public content asks
 * CloudFront to drop the cached copies of the public paths it affects. One CreateInvalidation per
 * save, its paths grouped. Only the admin handlers that change public content import this module
 * (admin-content, admin-blog, admin-settings, admin-revisions), so the public handlers do not bundle the CloudFront
 * and SQS clients, and only they may call them (infra/api.ts). Even there the client is loaded on the first
 * invalidation, not at start: a cold function serving a read never loads it.
 *
 * An invalidation is a speed-up, never a condition of the save: without one a cached read expires
 * on its own (s-maxage). So a failure is logged and the save still answers 200; locally (no
 * distribution) it is a one-line log.
 */

/** The public paths each kind of content is read from (all cached routes of packages/core/src/routes.ts). */
export const publicPaths = {
  services: () => ["/api/services"],
  industries: () => ["/api/industries"],
  courses: () => ["/api/courses"],
  serviceDetails: () => ["/api/service-details"],
  pageSections: (pageSlug: string) => [`/api/page-sections/${encodeURIComponent(pageSlug)}`],
  /** Settings feed the public settings and the RSS channel's title and description. */
  settings: () => ["/api/site-settings", "/rss.xml"],
  /**
   * A post that is or was published. `/api/blog-posts*` is one path (CloudFront's wildcard) for
   * every page of the list under any `?page=&category=&q=` (query strings are part of the cache
   * key) and for every post with its Related Articles, since a post appears in its neighbours'
   * related lists and shifts every list page after it. Then the category counts, the feeds, and
   * the site's addresses of the blog and of the post at each slug given (the renderer finds the list
   * pages that show the post: render.ts pagesFor).
   */
  blogPost: (slugs: readonly string[]) => [
    "/api/blog-posts*",
    "/api/blog-categories",
    "/rss.xml",
    "/sitemap.xml",
    "/blog",
    ...[...new Set(slugs)].map((slug) => `/blog/${encodeURIComponent(slug)}`),
  ],
};

/** A post's slugs whose cached reads a save may have changed: the current one and the last few earlier ones. */
export const postSlugs = (post: { slug: string; old_slugs?: string[] | null }) => [post.slug, ...(post.old_slugs ?? []).slice(-3)];

const INVALIDATION_TIMEOUT_MS = 3_000;
let client: CloudFrontClient | undefined;

export async function invalidate(paths: string[]): Promise<void> {
  const unique = [...new Set(paths)];
  if (!unique.length) return;
  // The same save renders the affected pages again: in-process when the local runtime listens
  // (render/trigger.ts), otherwise through the render queue (render/queue.ts, AWS).
  if (hasLocalRenderer()) publicChanged(unique);
  else await requestRender(unique);
  // The site's addresses are no cache key: CloudFront's viewer function turns /blog into
  // /pages/blog.html before the cache is asked, and the render that rewrites a page invalidates that
  // key (render/batch.ts). The API's reads and the feeds are cached under their own paths.
  await invalidateCdn(unique.filter((p) => !isPageAddress(p.replace(/\*$/, ""))));
}

/** Sends the changed paths to the render queue; like an invalidation, a failure is logged and the save stands. */
async function requestRender(apiPaths: string[]) {
  try {
    // No queue and no local renderer (a runtime without the web build, the API tests): nothing renders pages.
    await sendRenderRequest({ apiPaths });
  } catch (err) {
    console.error(
      JSON.stringify({
        level: "error",
        message: "render request failed; the pages stay as they were until the next save or deploy",
        paths: apiPaths,
        error: (err as Error)?.message,
      }),
    );
  }
}

/**
 * Drops CloudFront's cached copies of these paths: a save's public reads, and the pages the render
 * function has just written (render/handler.ts).
 */
export async function invalidateCdn(paths: string[]): Promise<void> {
  const unique = [...new Set(paths)];
  if (!unique.length) return;
  const distributionId = config.distributionId;
  if (!distributionId) {
    console.info(`cdn: no distribution, nothing to invalidate (${unique.join(" ")})`);
    return;
  }
  try {
    // CloudFront's API lives in us-east-1 whatever the region of the functions.
    const { CloudFrontClient, CreateInvalidationCommand } = await import("@aws-sdk/client-cloudfront");
    client ??= new CloudFrontClient({ region: "us-east-1", maxAttempts: 2 });
    await client.send(
      new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: unique.length, Items: unique } },
      }),
      { abortSignal: AbortSignal.timeout(INVALIDATION_TIMEOUT_MS) },
    );
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: "CloudFront invalidation failed; cached copies expire on their own", paths: unique, error: (err as Error)?.message }));
  }
}

/**
 * After a save of a post: a post that is or was published may be cached publicly (the list, its
 * page, the feeds), so its paths are invalidated; a draft that was never published was never public.
 */
export async function invalidatePost<T extends { slug: string; old_slugs?: string[] | null; is_published: boolean; published_at?: string | null }>(post: T): Promise<T> {
  if (post.is_published || post.published_at) await invalidate(publicPaths.blogPost(postSlugs(post)));
  return post;
}

const publicKeys = new Set<string>(publicSettingKeys);
/** After a save of settings: only settings the public site reads are cached publicly (notification_emails is not). */
export async function invalidateSettings<T>(result: T, keys: string[]): Promise<T> {
  if (keys.some((k) => publicKeys.has(k))) await invalidate(publicPaths.settings());
  return result;
}
