import { BlogPosts } from "@agency/core/blog/blog";
import { blogPostInput, publishInput } from "@agency/core/contract/blog";
import { http, reply } from "../http";

const MAX_POST_BODY = 256 * 1024;

export const handler = http({
  "GET /api/admin/blog-posts": () => BlogPosts.listAll(),
  "POST /api/admin/blog-posts": async (req) =>
    reply.created(await BlogPosts.create(req.body(blogPostInput, { maxBytes: MAX_POST_BODY }))),
  "PUT /api/admin/blog-posts/{id}": (req) =>
    BlogPosts.update(req.params.id ?? "", req.body(blogPostInput, { maxBytes: MAX_POST_BODY })),
  "PUT /api/admin/blog-posts/{id}/publish": (req) =>
    BlogPosts.setPublished(req.params.id ?? "", req.body(publishInput).is_published),
  "DELETE /api/admin/blog-posts/{id}": async ({ params }) => {
    await BlogPosts.remove(params.id ?? "");
    return { success: true };
  },
});
