import { BlogPosts, publicPost } from "@agency/core/blog/blog";
import { http, reply } from "../http";

/**
 * Public blog: published posts only, newest first; a draft's slug is not found. An earlier slug of a
 * published post answers 301 to the post's current address, with `{ redirect: <slug> }`.
 */
export const handler = http({
  "GET /api/blog-posts": async () => (await BlogPosts.listPublished()).map(publicPost),
  "GET /api/blog-posts/{slug}": async ({ params }) => {
    const found = await BlogPosts.resolveSlug(params.slug ?? "");
    if ("redirect" in found) return reply.moved(`/api/blog-posts/${encodeURIComponent(found.redirect)}`, { redirect: found.redirect });
    return publicPost(found.post);
  },
});
