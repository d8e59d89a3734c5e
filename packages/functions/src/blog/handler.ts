import { BlogPosts } from "@agency/core/blog/blog";
import { http } from "../http";

/** Public blog: published posts only, newest first; a draft's slug is not found. */
export const handler = http({
  "GET /api/blog-posts": () => BlogPosts.listPublished(),
  "GET /api/blog-posts/{slug}": ({ params }) => BlogPosts.bySlug(params.slug ?? ""),
});
