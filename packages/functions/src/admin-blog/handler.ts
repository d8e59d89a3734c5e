import { BlogPosts } from "@agency/core/blog/blog";
import { BlogEditor } from "@agency/core/blog/editor";
import { pageQuery } from "@agency/core/contract/admin";
import { blogPostInput, publishInput } from "@agency/core/contract/blog";
import { http, reply } from "../http";
import { pageReply } from "../page-reply";

const MAX_POST_BODY = 256 * 1024;

export const handler = http({
  /** Paged summaries without content (500 posts with content would pass 1 MB); the editor gets one post whole. */
  "GET /api/admin/blog-posts": async (req) => pageReply(await BlogPosts.page(pageQuery.parse(req.query))),
  "GET /api/admin/blog-posts/{id}": ({ params }) => BlogPosts.get(params.id ?? ""),
  "POST /api/admin/blog-posts": async (req) =>
    reply.created(await BlogEditor.create(req.body(blogPostInput, { maxBytes: MAX_POST_BODY }))),
  "PUT /api/admin/blog-posts/{id}": (req) =>
    BlogEditor.update(req.params.id ?? "", req.body(blogPostInput, { maxBytes: MAX_POST_BODY })),
  "PUT /api/admin/blog-posts/{id}/publish": (req) =>
    BlogEditor.setPublished(req.params.id ?? "", req.body(publishInput).is_published),
  "DELETE /api/admin/blog-posts/{id}": async ({ params }) => {
    await BlogEditor.remove(params.id ?? "");
    return { success: true };
  },
});
