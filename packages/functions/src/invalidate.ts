import { randomUUID } from "node:crypto";
import type { CloudFrontClient } from "@aws-sdk/client-cloudfront";
import { config } from "@agency/core/config";

/**
 * Visitors see an admin's edit within seconds: public reads are cached at CloudFront (routes marked
 * `cache` in packages/core/src/routes.ts, `s-maxage` in http.ts), so a save that changes public content asks
 * CloudFront to drop the cached copies of the public paths it affects. One CreateInvalidation per
 * save, its paths grouped. Only the admin handlers that change public content import this module
 * (admin-content, admin-blog, admin-settings), so the public handlers do not bundle the CloudFront
 * client, and only they may call it (infra/api.ts). Even there the client is loaded on the first
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
  /** A post: the list, the post at each slug given (its current one and earlier ones), the feeds. */
  blogPost: (slugs: readonly string[]) => [
    "/api/blog-posts",
    ...[...new Set(slugs)].map((slug) => `/api/blog-posts/${encodeURIComponent(slug)}`),
    "/rss.xml",
    "/sitemap.xml",
  ],
};

/** A post's slugs whose cached reads a save may have changed: the current one and the last few earlier ones. */
export const postSlugs = (post: { slug: string; old_slugs?: string[] | null }) => [post.slug, ...(post.old_slugs ?? []).slice(-3)];

const INVALIDATION_TIMEOUT_MS = 3_000;
let client: CloudFrontClient | undefined;

export async function invalidate(paths: string[]): Promise<void> {
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
    console.error(
      JSON.stringify({ level: "error", message: "CloudFront invalidation failed; cached copies expire on their own", paths: unique, error: (err as Error)?.message }),
    );
  }
}
