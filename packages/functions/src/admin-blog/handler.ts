import { BlogPosts } from "@agency/core/blog/blog";
import { BlogEditor } from "@agency/core/blog/editor";
import { PreviewLinks } from "@agency/core/blog/preview-links";
import { blogListQuery } from "@agency/core/contract/admin";
import { blogPostInput, blogPostUpdate, publishInput } from "@agency/core/contract/blog";
import { http, reply } from "../http";
import { invalidate, postSlugs, publicPaths } from "../invalidate";
import { pageReply } from "../page-reply";

const MAX_POST_BODY = 256 * 1024;

/**
 * A post that is or was published may be cached publicly (the list, its page, the feeds): a save of
 * it invalidates them. A draft that was never published was never public.
 */
async function changed<T extends { slug: string; old_slugs?: string[] | null; is_published: boolean; published_at?: string | null }>(post: T) {
  if (post.is_published || post.published_at) await invalidate(publicPaths.blogPost(postSlugs(post)));
  return post;
}

export const handler = http({
  /** Paged summaries without content (500 posts with content would pass 1 MB), searched on the server. */
  "GET /api/admin/blog-posts": async (req) => pageReply(await BlogPosts.page(blogListQuery.parse(req.query))),
  "GET /api/admin/blog-posts/{id}": ({ params }) => BlogPosts.get(params.id ?? ""),
  "POST /api/admin/blog-posts": async (req) =>
    reply.created(await changed(await BlogEditor.create(req.body(blogPostInput, { maxBytes: MAX_POST_BODY })))),
  "PUT /api/admin/blog-posts/{id}": async (req) =>
    changed(await BlogEditor.update(req.params.id ?? "", req.body(blogPostUpdate, { maxBytes: MAX_POST_BODY }))),
  "PUT /api/admin/blog-posts/{id}/publish": async (req) => {
    const input = req.body(publishInput);
    req.audit({ action: input.is_published ? "publish" : "unpublish" });
    return changed(await BlogEditor.setPublished(req.params.id ?? "", input));
  },
  /** A private link to the post as last saved, valid for 7 days: `{ url, expires_at }`. */
  "POST /api/admin/blog-posts/{id}/preview-link": async (req) => {
    const { link, post } = await PreviewLinks.create(req.params.id ?? "");
    req.audit({ record: post });
    return reply.created(link);
  },
  /** Ends every preview link of the post made so far. */
  "DELETE /api/admin/blog-posts/{id}/preview-link": async (req) => {
    req.audit({ record: await PreviewLinks.revoke(req.params.id ?? "") });
    return { success: true };
  },
  "DELETE /api/admin/blog-posts/{id}": async (req) => {
    req.audit({ record: await changed(await BlogEditor.remove(req.params.id ?? "")) });
    return { success: true };
  },
});
