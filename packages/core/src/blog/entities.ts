import { Entity } from "../db/entity";
import { bucketAttribute, byYearIndex, idAttribute, searchAttribute, timestamps } from "../db/attributes";
import { versionAttribute } from "../db/versions";

/**
 * Blog posts.
 *
 * Access patterns:
 *   byId      Get    one post by id                            pk: id
 *   byYear    Query  posts created in one year, newest first   gsi1: bucket (year) / created_at
 *             (the domain reads every year's partition: the list grows without bound, so it is
 *              never one partition)
 *   bySlug    Get    the slug claim below, then byId
 *   byPublished  Query  published posts of one publication year, newest publication first
 *             gsi2: pub_bucket (year of published_at) / published_at (a sparse index: its condition
 *              writes gsi2 keys only while `is_published`; the public list, its category filter
 *              and search, Related Articles and the feed read it and never see a draft). ElectroDB
 *              recomputes the keys only from a write that names every composite and
 *              `is_published` (`publishedKeys` in blog.ts); the recount writes them for posts
 *              stored before the index existed.
 *
 * The public list's category filter and search are FilterExpressions on the byPublished queries.
 * The back office's search is a FilterExpression `contains(search, :q)` on the byYear queries:
 * `search` is the title, excerpt, content as text, slug and author name, lowercased, written on
 * every save (the recount writes it for posts stored before it existed).
 *
 * `version` makes every save conditional on the version the editor read (db/versions.ts).
 * `old_slugs`: the earlier slugs of a published post, each still claimed as a redirect to it.
 */
export const BlogPostEntity = new Entity({
  model: { entity: "blogPost", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    title: { type: "string", required: true },
    slug: { type: "string", required: true },
    content: { type: "string", default: "" },
    excerpt: { type: "string", default: "" },
    category: { type: "string", default: "" },
    featured_image_url: { type: "string", default: "" },
    featured_image_alt: { type: "string", default: "" },
    author_name: { type: "string", default: "" },
    seo_title: { type: "string", default: "" },
    seo_description: { type: "string", default: "" },
    social_image_url: { type: "string", default: "" },
    is_published: { type: "boolean", required: true, default: false },
    published_at: { type: "string" },
    /** When an unpublished post goes live (schedules.ts); absent when not scheduled. */
    publish_at: { type: "string" },
    old_slugs: { type: "list", items: { type: "string" }, default: () => [] },
    bucket: bucketAttribute,
    /** The year of `published_at`: the byPublished partition. */
    pub_bucket: { type: "string", hidden: true },
    search: searchAttribute,
    version: versionAttribute,
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byYear: byYearIndex("gsi1"),
    byPublished: {
      index: "gsi2",
      pk: { field: "gsi2pk", composite: ["pub_bucket"] },
      // Not id: a create always names id, and a draft has no publication date to complete the key.
      sk: { field: "gsi2sk", composite: ["published_at"] },
      condition: (post) => post.is_published === true,
    },
  },
});

/**
 * Slug claims make slugs unique without transactions: a post may only take a slug whose claim it
 * created (a conditional put that fails when the slug is taken, also under concurrent creates).
 * A claim of kind `redirect` is an earlier slug of a published post: the public read answers it with
 * a 301 to the post's current slug. A new post (or the post itself) may take a redirect's slug over;
 * the redirect then ends. Claims written before kinds existed are `post` claims.
 *
 * Access patterns:
 *   bySlug  Get  the post id holding a slug   pk: slug
 */
export const BlogSlugEntity = new Entity({
  model: { entity: "blogSlug", version: "1", service: "agency" },
  attributes: {
    slug: { type: "string", required: true, readOnly: true },
    /** Handed over when another post takes a redirect's slug (a conditional patch). */
    post_id: { type: "string", required: true },
    kind: { type: ["post", "redirect"] as const, default: "post" },
  },
  indexes: {
    bySlug: { pk: { field: "pk", composite: ["slug"] }, sk: { field: "sk", composite: [] } },
  },
});

/**
 * One item per scheduled post, so the due posts are found without reading the posts: the post's
 * `publish_at` is the truth, and an item that no longer matches it (moved, cleared, published by
 * hand, deleted) is simply dropped when it is read (schedules.ts).
 *
 * Access patterns:
 *   byDue      Query  the schedules of one year of publish_at, soonest first   pk: due_bucket / publish_at, post_id
 *              (the due ones: each year up to this one, publish_at <= now)
 *   bySoonest  Query  every schedule, soonest first (the next ones: publish_at > now, limit n)
 *                                                          gsi1: constant partition / publish_at, post_id
 *              (one item per post still scheduled: a few dozen, so one partition holds them; schedules
 *               stored before this index get its keys from the recount)
 */
export const BlogScheduleEntity = new Entity({
  model: { entity: "blogSchedule", version: "1", service: "agency" },
  attributes: {
    due_bucket: { type: "string", required: true, readOnly: true },
    publish_at: { type: "string", required: true, readOnly: true },
    post_id: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    byDue: { pk: { field: "pk", composite: ["due_bucket"] }, sk: { field: "sk", composite: ["publish_at", "post_id"] } },
    bySoonest: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["publish_at", "post_id"] } },
  },
});

/**
 * The preview links of a post: a link signs the post's current `generation`, and revoking every link
 * of the post is one increment of it (blog/preview-links.ts). Kept apart from the post so revoking
 * does not change the post's version (an open editor would then meet a conflict it did not cause).
 *
 * Access patterns:
 *   byPost  Get/Update  the generation of one post's links   pk: post_id
 */
export const PreviewKeyEntity = new Entity({
  model: { entity: "previewKey", version: "1", service: "agency" },
  attributes: {
    post_id: { type: "string", required: true, readOnly: true },
    generation: { type: "number", default: 0 },
  },
  indexes: {
    byPost: { pk: { field: "pk", composite: ["post_id"] }, sk: { field: "sk", composite: [] } },
  },
});
