import type { EntityItem } from "electrodb";
import type * as z from "../contract/zod";
import type { blogListQuery } from "../contract/admin";
import { blogPostSummaryAttributes, type BlogPostSummary, type PublicBlogPostSummary, type SummaryTextField } from "../contract/blog";
import { blogCategories, excerptOf, htmlText, postDate, readTime, RELATED_COUNT, type BlogCategoryCounts } from "../contract/blog-values";
import { Counters, counters } from "../counters/counters";
import { acrossYears, allBuckets, backfillAcrossYears, bucketOf, searchText } from "../db/attributes";
import { itemBytes, MAX_ITEM_BYTES } from "../db/item-size";
import { newestAcrossYears, pageAcrossYears, type Page } from "../db/paging";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { withVersion } from "../db/versions";
import { NotFoundError } from "../errors";
import type { BlogPostEntity } from "./entities";
import { BlogSchedules } from "./schedules";

/** The post as stored; its API shape is contract/blog.ts's BlogPost (the same type: contract/stored-types.test.ts). */
export type BlogPost = EntityItem<typeof BlogPostEntity>;

type SummarySource = Omit<PublicBlogPostSummary, "read_time" | SummaryTextField> & {
  content?: string | null;
  excerpt?: string | null;
  category?: string | null;
  featured_image_url?: string | null;
  featured_image_alt?: string | null;
  author_name?: string | null;
};

export const summaryOf = (post: SummarySource): PublicBlogPostSummary => ({
  id: post.id,
  title: post.title,
  slug: post.slug,
  excerpt: excerptOf(post),
  category: post.category ?? "",
  featured_image_url: post.featured_image_url ?? "",
  featured_image_alt: post.featured_image_alt ?? "",
  author_name: post.author_name ?? "",
  is_published: post.is_published,
  ...(post.published_at ? { published_at: post.published_at } : {}),
  created_at: post.created_at,
  updated_at: post.updated_at,
  read_time: readTime(post.content),
});

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
  return Buffer.from(text, "utf8")
    .subarray(0, Math.max(0, budget))
    .toString("utf8")
    .replace(/\uFFFD+$/, "");
}

/** The search text of a post as it will be stored, sized against the rest of that record. */
export const searchFor = (record: SearchedFields) => searchOf(record, itemBytes({ ...record, search: "" }));

/**
 * The byPublished index's keys and its condition's input (entities.ts): every write that publishes,
 * unpublishes or republishes a post sets these together, so ElectroDB writes or removes the keys.
 * A post never published has no publication date and so no keys to write.
 */
export function publishedKeys(post: { is_published: boolean; published_at?: string | null }) {
  if (!post.published_at) return {};
  return { is_published: post.is_published, published_at: post.published_at, pub_bucket: bucketOf(post.published_at) };
}

/**
 * What a public summary is made of: the back office summary's attributes without `version`, and the
 * content (for the excerpt fallback and read time, never answered).
 */
const publicSummaryAttributes = [
  ...blogPostSummaryAttributes.filter((a): a is Exclude<(typeof blogPostSummaryAttributes)[number], "version" | "publish_at"> => a !== "version" && a !== "publish_at"),
  "content",
] as const;
interface PublishedPageRequest {
  limit: number;
  cursor?: string;
  page?: number;
  /** A category, or "" for all. */
  category: string;
  /** Lowercased search text, or "" for none. */
  q: string;
}
/** Posts read at once while skipping to a page by number. */
const SKIP_READ = 500;
const byPublished = { pattern: "byPublished", partition: "pub_bucket", sortedBy: "published_at" } as const;

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
        const options = { ...page, attributes: [...blogPostSummaryAttributes] };
        return q ? byYear.where((p, { contains }) => contains(p.search, q)).go(options) : byYear.go(options);
      },
    });
    return { ...page, items: page.items.map(withVersion) };
  },
  /** The `n` newest posts (the Overview): `limit n` on the newest year partitions. */
  async newest(n: number) {
    return newestAcrossYears(n, (bucket, limit) =>
      db()
        .blogPost.query.byYear({ bucket })
        .go({ limit, order: "desc", attributes: ["id", "title", "slug", "is_published", "created_at"] }),
    );
  },
  /**
   * The `n` next scheduled posts, soonest first (the Overview): the schedules index, then those posts
   * in one BatchGet; an index item its post no longer matches is left out.
   */
  async scheduled(n: number): Promise<{ id: string; title: string; slug: string; publish_at: string }[]> {
    const next = await BlogSchedules.upcoming(n);
    if (!next.length) return [];
    const { data } = await db()
      .blogPost.get(next.map((s) => ({ id: s.post_id })))
      .go({ attributes: ["id", "title", "slug", "is_published", "publish_at"] });
    const byId = new Map(data.map((p) => [p.id, p]));
    return next.flatMap((s) => {
      const p = byId.get(s.post_id);
      return p && !p.is_published && p.publish_at === s.publish_at ? [{ id: p.id, title: p.title, slug: p.slug, publish_at: s.publish_at }] : [];
    });
  },
  /**
   * Every published post's address and dates, newest publication first (the sitemap): the
   * byPublished index, year by year, only these attributes.
   */
  async listPublished() {
    const years = await Promise.all(
      allBuckets().map((pub_bucket) =>
        db()
          .blogPost.query.byPublished({ pub_bucket })
          .go({ pages: "all", order: "desc", attributes: ["id", "slug", "title", "published_at", "created_at", "updated_at"] }),
      ),
    );
    return years.flatMap((y) => y.data).sort((a, b) => (postDate(a) < postDate(b) ? 1 : postDate(a) > postDate(b) ? -1 : 0));
  },

  /**
   * A page of the public list: published summaries, newest publication first, from the byPublished
   * index year by year; `category` and `q` are FilterExpressions over every published post. Pages
   * are always whole (no time budget), so page n is the same posts however it is reached: by
   * cursor, or by `page`, which follows the cursors on the server.
   */
  async publishedPage({ limit, cursor, page, category, q }: PublishedPageRequest): Promise<Page<PublicBlogPostSummary>> {
    // Skipping reads only the position of each post: its content never leaves the database.
    const read = (from: string | undefined, size = limit, skipping = false) =>
      pageAcrossYears<PublicBlogPostSummary>({
        entity: db().blogPost,
        index: byPublished,
        list: "public-blog-posts",
        filters: { category, q },
        limit: size,
        cursor: from,
        filtered: Boolean(category || q),
        timeBudgetMs: Infinity,
        query: async (pub_bucket, options) => {
          const query = db().blogPost.query.byPublished({ pub_bucket });
          const filtered =
            category || q ? query.where((p, { eq, contains }) => [category ? eq(p.category, category) : "", q ? contains(p.search, q) : ""].filter(Boolean).join(" AND ")) : query;
          if (skipping) {
            const { data, cursor: next } = await filtered.go({ ...options, attributes: ["id", "published_at"] });
            return { data: data as PublicBlogPostSummary[], cursor: next };
          }
          const { data, cursor: next } = await filtered.go({ ...options, attributes: [...publicSummaryAttributes] });
          return { data: data.map((p) => summaryOf(p as Parameters<typeof summaryOf>[0])), cursor: next };
        },
      });
    // Page n starts after (n - 1) * limit posts: skipped in large reads, counting what each answered.
    let from = cursor;
    for (let skip = ((page ?? 1) - 1) * limit; skip > 0;) {
      const skipped = await read(from, Math.min(skip, SKIP_READ), true);
      skip -= skipped.items.length;
      from = skipped.next;
      if (!from) return { items: [] };
    }
    return read(from);
  },

  /**
   * Related Articles of a post: the newest published posts of its category, then (when that has
   * fewer than RELATED_COUNT others, or the post has none) the newest of the rest, never the post
   * itself. At most two reads of RELATED_COUNT + 1 summaries.
   */
  async related(post: { id: string; category?: string | null }): Promise<PublicBlogPostSummary[]> {
    const others = (items: PublicBlogPostSummary[]) => items.filter((p) => p.id !== post.id);
    const page = (category: string, limit: number) => BlogPosts.publishedPage({ limit, category, q: "" });
    const picked =
      post.category && (blogCategories as readonly string[]).includes(post.category) ? others((await page(post.category, RELATED_COUNT + 1)).items).slice(0, RELATED_COUNT) : [];
    if (picked.length < RELATED_COUNT) {
      const newest = others((await page("", RELATED_COUNT + 1 + picked.length)).items).filter((p) => !picked.some((x) => x.id === p.id));
      picked.push(...newest.slice(0, RELATED_COUNT - picked.length));
    }
    return picked;
  },

  /** Published posts in all and per category: the counters kept on write, one BatchGet. */
  async categoryCounts(): Promise<BlogCategoryCounts> {
    const [total = 0, ...counts] = await Counters.read([counters.postsPublished, ...blogCategories.map(counters.postsPublishedIn)]);
    return { total, categories: blogCategories.map((category, i) => ({ category, count: counts[i] ?? 0 })) };
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
  /** Writes the byPublished keys of published posts stored before the index existed (the recount). */
  backfillPublished: () =>
    backfillAcrossYears(
      (bucket) =>
        db()
          .blogPost.query.byYear({ bucket })
          .where((p, { eq, notExists }) => `${eq(p.is_published, true)} AND ${notExists(p.pub_bucket)}`)
          .go({ pages: "all" }),
      (p) =>
        db()
          .blogPost.patch({ id: p.id })
          .set({ ...publishedKeys({ is_published: true, published_at: p.published_at || p.created_at }), updated_at: p.updated_at })
          .where((a, { eq, notExists }) => `${eq(a.is_published, true)} AND ${notExists(a.pub_bucket)}`)
          .go({ response: "none" })
          .catch((err: unknown) => {
            if (!isConditionalFailure(err)) throw err; // unpublished or saved meanwhile
          }),
    ),
};
