import type { EntityItem } from "electrodb";
import { postDate } from "../contract/blog-values";
import { acrossYears } from "../db/attributes";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { BlogPostEntity } from "./entities";

export type BlogPost = EntityItem<typeof BlogPostEntity>;

const notFound = () => new NotFoundError("Blog post not found");

export const BlogPosts = {
  /** Every post, newest first: one Query per year partition, run together. */
  async listAll(): Promise<BlogPost[]> {
    return acrossYears((bucket) => db().blogPost.query.byYear({ bucket }).go({ pages: "all", order: "desc" }));
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
