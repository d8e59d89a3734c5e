import type { EntityItem } from "electrodb";
import type { z } from "zod";
import type { blogListQuery } from "../contract/admin";
import { htmlText, postDate } from "../contract/blog-values";
import { acrossYears, backfillAcrossYears, searchText } from "../db/attributes";
import { itemBytes, MAX_ITEM_BYTES } from "../db/item-size";
import { newestAcrossYears, pageAcrossYears, type Page } from "../db/paging";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { withVersion } from "../db/versions";
import { NotFoundError } from "../errors";
import type { BlogPostEntity } from "./entities";

export type BlogPost = EntityItem<typeof BlogPostEntity>;
/** The attributes the back office's list reads: a post without its content (which may be 256 KB). */
const summaryAttributes = [
  "id", "title", "slug", "excerpt", "category", "featured_image_url", "featured_image_alt", "author_name", "is_published", "published_at", "version", "created_at", "updated_at",
] as const;
/** A post as GET /api/admin/blog-posts lists it: those attributes, `version` always set. */
export type BlogPostSummary = Pick<BlogPost, (typeof summaryAttributes)[number]> & { version: number };

const notFound = () => new NotFoundError("Blog post not found");

/** Room kept for keys and the attributes a write adds when sizing the search text. */
const SEARCH_HEADROOM_BYTES = 4 * 1024;

/**
 * The hidden search text of a post: title, slug, author, excerpt and the content's text, lowercased.
 * It is cut (content last) so the post stays within DynamoDB's item limit: a post whose content
 * alone nearly fills it is searchable by its first part only.
 */
type SearchedFields = Pick<BlogPost, "title" | "slug" | "author_name" | "excerpt" | "content">;
export function searchOf(post: SearchedFields, otherBytes = 0): string {
  const text = searchText(post.title, post.slug, post.author_name, post.excerpt, htmlText(post.content ?? ""));
  const budget = MAX_ITEM_BYTES - SEARCH_HEADROOM_BYTES - otherBytes - itemBytes("search");
  if (itemBytes(text) <= budget) return text;
  return Buffer.from(text, "utf8").subarray(0, Math.max(0, budget)).toString("utf8").replace(/\uFFFD+$/, "");
}

/** The search text of a post as it will be stored, sized against the rest of that record. */
export const searchFor = (record: SearchedFields) => searchOf(record, itemBytes({ ...record, search: "" }));

/** What the public reads answer: the post without its redirect bookkeeping. */
export const publicPost = ({ old_slugs: _, ...post }: BlogPost) => post;

export const BlogPosts = {
  /** Every post, newest first: one Query per year partition, run together (the recount, feeds). */
  async listAll(): Promise<BlogPost[]> {
    return (await acrossYears((bucket) => db().blogPost.query.byYear({ bucket }).go({ pages: "all", order: "desc" }))).map(withVersion);
  },
  /**
   * One page of the back office's list, newest first, without content (GET /api/admin/blog-posts/{id}
   * has it). `q` matches the hidden search text of every post, through the years, not a loaded page.
   */
  async page({ limit, cursor, q }: z.output<typeof blogListQuery>): Promise<Page<BlogPostSummary>> {
    const page = await pageAcrossYears({
      entity: db().blogPost,
      list: "blog-posts",
      filters: { q },
      limit,
      cursor,
      filtered: Boolean(q),
      query: (bucket, page) => {
        const byYear = db().blogPost.query.byYear({ bucket });
        const options = { ...page, attributes: [...summaryAttributes] };
        return q ? byYear.where((p, { contains }) => contains(p.search, q)).go(options) : byYear.go(options);
      },
    });
    return { ...page, items: page.items.map(withVersion) };
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
    return withVersion(data);
  },
  /**
   * A post by slug: the claim, then the post. Drafts are not found unless asked for. An earlier slug
   * of the post (a redirect claim) answers `{ redirect: <current slug> }`.
   */
  async resolveSlug(slug: string, { includeDrafts = false } = {}): Promise<{ post: BlogPost } | { redirect: string }> {
    const { data: claim } = await db().blogSlug.get({ slug }).go();
    if (!claim) throw notFound();
    const { data: post } = await db().blogPost.get({ id: claim.post_id }).go();
    if (!post || (!post.is_published && !includeDrafts)) throw notFound();
    if (post.slug === slug) return { post: withVersion(post) };
    // A `post` claim whose post has another slug is a move still under way: not found, as before it.
    if (claim.kind === "redirect") return { redirect: post.slug };
    throw notFound();
  },
  /** A post by its current slug (no redirects). */
  async bySlug(slug: string, options: { includeDrafts?: boolean } = {}): Promise<BlogPost> {
    const found = await BlogPosts.resolveSlug(slug, options);
    if (!("post" in found)) throw notFound();
    return found.post;
  },
  /** Writes the hidden search text of posts stored before it existed (the recount); not an edit. */
  backfillSearch: () =>
    backfillAcrossYears(
      (bucket) =>
        db()
          .blogPost.query.byYear({ bucket })
          .where((p, { notExists }) => notExists(p.search))
          .go({ pages: "all" }),
      (p) =>
        db()
          .blogPost.patch({ id: p.id })
          .set({ search: searchFor(p), updated_at: p.updated_at })
          .where((a, { notExists }) => notExists(a.search))
          .go({ response: "none" })
          .catch((err: unknown) => {
            if (!isConditionalFailure(err)) throw err; // saved meanwhile, with its search text
          }),
    ),
};
