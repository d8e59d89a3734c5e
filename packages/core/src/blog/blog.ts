import type { EntityItem } from "electrodb";
import { postDate } from "../contract/blog-values";
import { acrossYears } from "../db/attributes";
import { newestAcrossYears, pageAcrossYears, type Page } from "../db/paging";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { BlogPostEntity } from "./entities";

export type BlogPost = EntityItem<typeof BlogPostEntity>;
/** A post without its content: what the back office's list shows (a post's content may be 256 KB). */
export type BlogPostSummary = Omit<BlogPost, "content">;
const summaryAttributes = [
  "id", "title", "slug", "excerpt", "category", "featured_image_url", "author_name", "is_published", "published_at", "version", "created_at", "updated_at",
] as const;

const notFound = () => new NotFoundError("Blog post not found");

export const BlogPosts = {
  /** Every post, newest first: one Query per year partition, run together. */
  async listAll(): Promise<BlogPost[]> {
    return acrossYears((bucket) => db().blogPost.query.byYear({ bucket }).go({ pages: "all", order: "desc" }));
  },
  /** One page of the back office's list, newest first, without content (GET /api/admin/blog-posts/{id} has it). */
  async page({ limit, cursor }: { limit: number; cursor?: string }): Promise<Page<BlogPostSummary>> {
    return pageAcrossYears<BlogPostSummary>({
      entity: db().blogPost,
      list: "blog-posts",
      filters: {},
      limit,
      cursor,
      filtered: false,
      query: (bucket, page) => db().blogPost.query.byYear({ bucket }).go({ ...page, attributes: [...summaryAttributes] }),
    });
  },
  /** The `n` newest posts (the Overview): `limit n` on the newest year partitions. */
  async newest(n: number) {
    return newestAcrossYears(n, (bucket, limit) =>
      db().blogPost.query.byYear({ bucket }).go({ limit, order: "desc", attributes: ["id", "title", "slug", "is_published", "created_at"] }),
    );
  },
  /** Published posts, newest publication first. */
  async listPublished(): Promise<BlogPost[]> {
    const posts = (await BlogPosts.listAll()).filter((p) => p.is_published);
    return posts.sort((a, b) => (postDate(a) < postDate(b) ? 1 : postDate(a) > postDate(b) ? -1 : 0));
  },
  async get(id: string): Promise<BlogPost> {
    const { data } = await db().blogPost.get({ id }).go();
    if (!data) throw notFound();
    return data;
  },
  /** A post by slug: the claim, then the post. Drafts are not found unless asked for. */
  async bySlug(slug: string, { includeDrafts = false } = {}): Promise<BlogPost> {
    const { data: claim } = await db().blogSlug.get({ slug }).go();
    if (!claim) throw notFound();
    const { data: post } = await db().blogPost.get({ id: claim.post_id }).go();
    if (!post || post.slug !== slug || (!post.is_published && !includeDrafts)) throw notFound();
    return post;
  },
};
