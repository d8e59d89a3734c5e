import { Entity } from "electrodb";
import { bucketAttribute, byYearIndex, idAttribute, timestamps } from "../db/attributes";

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
 * `version` gives optimistic concurrency for edits that move a slug.
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
    author_name: { type: "string", default: "" },
    is_published: { type: "boolean", required: true, default: false },
    published_at: { type: "string" },
    bucket: bucketAttribute,
    version: { type: "number", required: true, default: 1 },
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
 *
 * Access patterns:
 *   bySlug  Get  the post id holding a slug   pk: slug
 */
export const BlogSlugEntity = new Entity({
  model: { entity: "blogSlug", version: "1", service: "agency" },
  attributes: {
    slug: { type: "string", required: true, readOnly: true },
    post_id: { type: "string", required: true, readOnly: true },
  },
  indexes: {
    bySlug: { pk: { field: "pk", composite: ["slug"] }, sk: { field: "sk", composite: [] } },
  },
});
