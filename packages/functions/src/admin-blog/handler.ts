import { BlogPosts } from "@agency/core/blog/blog";
import { BlogEditor } from "@agency/core/blog/editor";
import { PreviewLinks } from "@agency/core/blog/preview-links";
import { blogListQuery } from "@agency/core/contract/admin";
import { blogPostInput, blogPostUpdate, publishInput } from "@agency/core/contract/blog";
import { onScheduleChanged } from "@agency/core/blog/schedules";
import { http, reply } from "../http";
import { invalidatePost as changed } from "../invalidate";
import { pageReply } from "../page-reply";
import { toTrash } from "../trash";
import { syncAwsSchedule } from "./scheduler";

const MAX_POST_BODY = 256 * 1024;

// Every save that sets, moves or clears a post's publish_at keeps its AWS schedule in step (a no-op
// without config.scheduler, i.e. locally, where the runtime's timer listens instead).
onScheduleChanged(syncAwsSchedule);

export const handler = http({
  /** Paged summaries without content (500 posts with content would pass 1 MB), searched on the server. */
  "GET /api/admin/blog-posts": async (req) => pageReply(await BlogPosts.page(blogListQuery.parse(req.query))),
  "GET /api/admin/blog-posts/{id}": ({ params }) => BlogPosts.get(params.id ?? ""),
  "POST /api/admin/blog-posts": async (req) => reply.created(await changed(await BlogEditor.create(req.body(blogPostInput, { maxBytes: MAX_POST_BODY })))),
  "PUT /api/admin/blog-posts/{id}": async (req) => changed(await BlogEditor.update(req.params.id ?? "", req.body(blogPostUpdate, { maxBytes: MAX_POST_BODY }))),
  "PUT /api/admin/blog-posts/{id}/publish": async (req) => {
    const input = req.body(publishInput);
    const post = await changed(await BlogEditor.setPublished(req.params.id ?? "", input));
    req.audit({ action: input.is_published ? "publish" : "unpublish" });
    return post;
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
    const removed = await changed(await BlogEditor.remove(req.params.id ?? ""));
    await toTrash(req, "blog-posts", removed);
    req.audit({ record: removed });
    return { success: true };
  },
});
