import type { z } from "zod";
import type { blogPostInput } from "../contract/blog";
import { Counters, tally } from "../counters/counters";
import { bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { checkItemSize } from "../db/item-size";
import { db } from "../db/service";
import { ConflictError, NotFoundError } from "../errors";
import { sanitizeHtml } from "../html";
import { BlogPosts, type BlogPost } from "./blog";

/**
 * Writes to blog posts (the back office and the seed). Kept apart from the reads so the public
 * blog's Lambda does not bundle the HTML sanitiser. Every write that lands moves the post counters
 * (total, published) by the difference it made.
 */
type Input = z.output<typeof blogPostInput>;
const notFound = () => new NotFoundError("Blog post not found");

const slugTaken = () => new ConflictError("That slug is already in use", { slug: "That slug is already in use" });

async function claimSlug(slug: string, post_id: string) {
  try {
    await db().blogSlug.create({ slug, post_id }).go();
  } catch (err) {
    if (isConditionalFailure(err)) throw slugTaken();
    throw err;
  }
}

/** Releases a claim only if it still belongs to the post (idempotent). */
async function releaseSlug(slug: string, post_id: string) {
  try {
    await db().blogSlug.delete({ slug }).where(({ post_id: p }, { eq }) => eq(p, post_id)).go();
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
  }
}

/** The input as stored: content sanitised, and refused (413) if that grows the post past the item limit. */
function clean(input: Input) {
  const cleaned = { ...input, content: sanitizeHtml(input.content) };
  checkItemSize(cleaned, "content");
  return cleaned;
}

export const BlogEditor = {
  async create(input: Input, id: string = crypto.randomUUID(), now = new Date().toISOString()): Promise<BlogPost> {
    const cleaned = clean(input);
    await claimSlug(input.slug, id);
    try {
      const { data } = await db()
        .blogPost.create({
          ...cleaned,
          id,
          bucket: bucketOf(now),
          created_at: now,
          published_at: input.is_published ? now : undefined,
        })
        .go();
      await Counters.change(tally.post, undefined, data);
      return data;
    } catch (err) {
      await releaseSlug(input.slug, id);
      if (isConditionalFailure(err)) throw new ConflictError("A post with this id already exists");
      throw err;
    }
  },
  async update(id: string, input: Input): Promise<BlogPost> {
    const cleaned = clean(input);
    const current = await BlogPosts.get(id);
    const moving = current.slug !== input.slug;
    if (moving) await claimSlug(input.slug, id);
    const publishing = input.is_published && !current.is_published;
    try {
      const { data } = await db()
        .blogPost.patch({ id })
        .set({
          ...cleaned,
          version: current.version + 1,
          ...(publishing ? { published_at: new Date().toISOString() } : {}),
        })
        .where(({ version }, { eq }) => eq(version, current.version))
        .go({ response: "all_new" });
      if (moving) await releaseSlug(current.slug, id);
      // The version condition makes `current` exactly the post this write replaced.
      await Counters.change(tally.post, current, data as BlogPost);
      return data as BlogPost;
    } catch (err) {
      if (moving) await releaseSlug(input.slug, id);
      if (isConditionalFailure(err)) throw new ConflictError("The post was changed or deleted meanwhile. Reload and try again.");
      throw err;
    }
  },
  async setPublished(id: string, is_published: boolean): Promise<BlogPost> {
    const current = await BlogPosts.get(id);
    try {
      const { data } = await db()
        .blogPost.patch({ id })
        .set({
          is_published,
          version: current.version + 1,
          ...(is_published && !current.is_published ? { published_at: new Date().toISOString() } : {}),
        })
        .where(({ version }, { eq }) => eq(version, current.version))
        .go({ response: "all_new" });
      await Counters.change(tally.post, current, data as BlogPost);
      return data as BlogPost;
    } catch (err) {
      if (isConditionalFailure(err)) throw new ConflictError("The post was changed or deleted meanwhile. Reload and try again.");
      throw err;
    }
  },
  async remove(id: string): Promise<void> {
    const current = await BlogPosts.get(id);
    await Counters.removed(tally.post, () => db().blogPost.remove({ id }).go({ response: "all_old" }), notFound);
    await releaseSlug(current.slug, id);
  },
};
