import { BlogPosts } from "@agency/core/blog/blog";
import { publicPost, withCoverSizes } from "@agency/core/blog/public-post";
import { PreviewLinks } from "@agency/core/blog/preview-links";
import { publicBlogListQuery } from "@agency/core/contract/blog";
import { previewCacheControl } from "@agency/core/edge";
import { previewRobots } from "@agency/core/contract/page-head";
import { HttpError } from "@agency/core/errors";
import { http, reply } from "../http";
import { pageReply } from "../page-reply";
import { missingPage } from "../render/missing-page";

/**
 * Public blog: published posts only; a draft's slug is not found. An earlier slug of a published
 * post answers 301 to the post's current address, with `{ redirect: <slug> }`. No answer grows with
 * the number of posts: the list is a page of summaries, the counts are counters, Related Articles
 * are three summaries. It also answers CloudFront's failover for a site address without a rendered
 * page (render/missing-page.ts): 301 for an earlier slug, else the not-found page.
 */
const resolve = async (slug: string, then: (post: Parameters<typeof publicPost>[0]) => Promise<unknown> | unknown, suffix = "") => {
  const found = await BlogPosts.resolveSlug(slug);
  if ("redirect" in found) return reply.moved(`/api/blog-posts/${encodeURIComponent(found.redirect)}${suffix}`, { redirect: found.redirect });
  return then(found.post);
};

/** A preview's answers, found or not, are kept by no cache and indexed by no search engine. */
const previewHeaders = { "cache-control": previewCacheControl, "x-robots-tag": previewRobots };

export const handler = http({
  "GET /api/blog-posts": async (req) => {
    const page = await BlogPosts.publishedPage(publicBlogListQuery.parse(req.query));
    return pageReply({ ...page, items: await withCoverSizes(page.items) });
  },
  "GET /api/blog-categories": () => BlogPosts.categoryCounts(),
  "GET /api/blog-posts/{slug}": ({ params }) => resolve(params.slug ?? "", publicPost),
  "GET /api/blog-posts/{slug}/related": ({ params }) => resolve(params.slug ?? "", async (post) => withCoverSizes(await BlogPosts.related(post)), "/related"),
  "GET /api/preview/{token}": async ({ params }) => {
    try {
      return reply.json(await PreviewLinks.open(params.token ?? ""), 200, { headers: previewHeaders });
    } catch (err) {
      if (err instanceof HttpError) throw new HttpError(err.status, err.message, err.extra, { ...err.headers, ...previewHeaders });
      throw err;
    }
  },
  "GET /pages/{proxy+}": ({ params }) => missingPage(params.proxy ?? ""),
});
