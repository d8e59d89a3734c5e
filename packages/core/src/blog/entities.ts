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
 *
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
    is_published: { type: "boolean", required: true, default: false },
    published_at: { type: "string" },
    old_slugs: { type: "list", items: { type: "string" }, default: () => [] },
    bucket: bucketAttribute,
    search: searchAttribute,
    version: versionAttribute,
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byYear: byYearIndex("gsi1"),
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
