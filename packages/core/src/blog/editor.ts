import type { z } from "zod";
import { slugTakenMessage, type blogPostInput, type blogPostUpdate, type PublishInput } from "../contract/blog";
import { Counters, tally } from "../counters/counters";
import { bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { checkItemSize } from "../db/item-size";
import { db } from "../db/service";
import { atVersion, saveAtVersion, sentFields } from "../db/versions";
import { ConflictError, NotFoundError, StaleItemError } from "../errors";
import { sanitizeHtml } from "../html";
import { publishedKeys, searchFor, type BlogPost } from "./blog";

/**
 * Writes to blog posts (the back office and the seed). Kept apart from the reads so the public
 * blog's Lambda does not bundle the HTML sanitiser. Every write that lands moves the post counters
 * (total, published) by the difference it made.
 *
 * Slugs: a post holds the claim of its slug (entities.ts). When a post that is or was published
 * moves to a new slug, the old slug stays claimed as a redirect to it, so links to the old address
 * keep working (a 301 to the new one); a draft's old slug is simply freed. A redirect's slug may be
 * taken by another post, which ends the redirect. Deleting a post frees its slug and its redirects.
 */
type Input = z.output<typeof blogPostInput>;
type Update = z.output<typeof blogPostUpdate>;
const notFound = () => new NotFoundError("Blog post not found");
const slugTaken = (slug: string) => new ConflictError(slugTakenMessage(slug), { slug: slugTakenMessage(slug) });

/** Puts a claim back as it was when the write it was made for did not land. */
type Undo = () => Promise<void>;

const ignoreConditional = (err: unknown) => {
  if (!isConditionalFailure(err)) throw err;
};

/**
 * Claims `slug` for the post: a conditional create, or the takeover of a redirect (the post's own
 * earlier slug, or another post's). Refuses with 409 a slug another post holds as its own.
 */
async function claimSlug(slug: string, post_id: string): Promise<Undo> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await db().blogSlug.create({ slug, post_id, kind: "post" }).go();
      return () => releaseSlug(slug, post_id);
    } catch (err) {
      ignoreConditional(err);
    }
    const { data: claim } = await db().blogSlug.get({ slug }).go();
    if (!claim) continue; // released in between: claim it afresh
    if (claim.kind !== "redirect") throw slugTaken(slug);
    const previous = { post_id: claim.post_id, kind: "redirect" as const };
    try {
      await db()
        .blogSlug.patch({ slug })
        .set({ post_id, kind: "post" })
        .where((c, { eq }) => `${eq(c.post_id, previous.post_id)} AND ${eq(c.kind, "redirect")}`)
        .go({ response: "none" });
    } catch (err) {
      ignoreConditional(err);
      continue; // changed in between: look again
    }
    return () =>
      db()
        .blogSlug.patch({ slug })
        .set(previous)
        .where((c, { eq }) => eq(c.post_id, post_id))
        .go({ response: "none" })
        .then(() => undefined, ignoreConditional);
  }
  throw slugTaken(slug);
}

/** Releases a claim only if it still belongs to the post (idempotent). */
async function releaseSlug(slug: string, post_id: string) {
  await db()
    .blogSlug.delete({ slug })
    .where(({ post_id: p }, { eq }) => eq(p, post_id))
    .go()
    .then(() => undefined, ignoreConditional);
}

/** Turns the post's claim of an earlier slug into a redirect to it. */
async function keepAsRedirect(slug: string, post_id: string) {
  await db()
    .blogSlug.patch({ slug })
    .set({ kind: "redirect" })
    .where(({ post_id: p }, { eq }) => eq(p, post_id))
    .go({ response: "none" })
    .then(() => undefined, ignoreConditional);
}

/** A post that visitors may have linked to: its slug becomes a redirect when it moves. */
const wasPublic = (post: BlogPost) => post.is_published || Boolean(post.published_at);

export const BlogEditor = {
  async create(input: Input, id: string = crypto.randomUUID(), now = new Date().toISOString()): Promise<BlogPost> {
    const record = {
      ...input,
      content: await sanitizeHtml(input.content),
      id,
      bucket: bucketOf(now),
      created_at: now,
      published_at: input.is_published ? now : undefined,
      ...publishedKeys({ is_published: input.is_published, published_at: input.is_published ? now : undefined }),
      old_slugs: [] as string[],
      version: 1,
    };
    const search = searchFor(record);
    checkItemSize({ ...record, search }, "content");
    const undo = await claimSlug(input.slug, id);
    try {
      const { data } = await db().blogPost.create({ ...record, search }).go();
      await Counters.change(tally.post, undefined, data);
      return data;
    } catch (err) {
      await undo();
      if (isConditionalFailure(err)) throw new ConflictError("A post with this id already exists");
      throw err;
    }
  },

  /**
   * Saves the fields sent at the version read; a field left out keeps its stored value (a post
   * stays published unless `is_published: false` is sent). Answers the post with its new version.
   */
  async update(id: string, { version, ...input }: Update): Promise<BlogPost> {
    const sent = sentFields(input);
    const changes = sent.content === undefined ? sent : { ...sent, content: await sanitizeHtml(sent.content) };
    const { before, saved } = await saveAtVersion({
      read: version,
      get: async () => (await db().blogPost.get({ id }).go()).data,
      notFound,
      write: async (current, next) => {
        const moving = changes.slug !== undefined && changes.slug !== current.slug;
        const keepOld = moving && wasPublic(current);
        const publishing = changes.is_published === true && !current.is_published;
        const old_slugs = moving
          ? [...(current.old_slugs ?? []).filter((s) => s !== changes.slug), ...(keepOld ? [current.slug] : [])]
          : undefined;
        const merged = { ...current, ...changes, ...(old_slugs ? { old_slugs } : {}) } as BlogPost;
        const search = searchFor(merged);
        checkItemSize({ ...merged, search }, "content");
        const published_at = publishing ? new Date().toISOString() : current.published_at;
        const undo: Undo = moving ? await claimSlug(changes.slug!, id) : async () => {};
        try {
          const { data } = await db()
            .blogPost.patch({ id })
            .set({
              ...changes,
              search,
              version: next,
              ...(old_slugs ? { old_slugs } : {}),
              ...publishedKeys({ is_published: merged.is_published, published_at }),
            })
            .where(atVersion(current.version))
            .go({ response: "all_new" });
          return data as BlogPost;
        } catch (err) {
          await undo();
          throw err;
        }
      },
    });
    if (saved.slug !== before.slug) {
      await (saved.old_slugs?.includes(before.slug) ? keepAsRedirect(before.slug, id) : releaseSlug(before.slug, id));
    }
    // The version condition makes `before` exactly the post this write replaced.
    await Counters.change(tally.post, before, saved);
    return saved;
  },

  /**
   * The list's publish toggle. With `version`, a stale toggle is a 409 like any save; without it,
   * the toggle applies to the post as stored (still one conditional write, retried if a save lands
   * in between).
   */
  async setPublished(id: string, { is_published, version }: PublishInput): Promise<BlogPost> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { before, saved } = await saveAtVersion({
          read: version,
          get: async () => (await db().blogPost.get({ id }).go()).data,
          notFound,
          write: async (current, next) => {
            const { data } = await db()
              .blogPost.patch({ id })
              .set({
                is_published,
                version: next,
                ...publishedKeys({ is_published, published_at: is_published && !current.is_published ? new Date().toISOString() : current.published_at }),
              })
              .where(atVersion(current.version))
              .go({ response: "all_new" });
            return data as BlogPost;
          },
        });
        await Counters.change(tally.post, before, saved);
        return saved;
      } catch (err) {
        if (!(err instanceof StaleItemError) || version !== undefined || attempt === 2) throw err;
      }
    }
  },

  /** Deletes a post (uncounting it), frees its slug and its redirects; answers the post as it was. */
  async remove(id: string): Promise<BlogPost> {
    const removed = await Counters.removed<BlogPost>(tally.post, () => db().blogPost.remove({ id }).go({ response: "all_old" }), notFound);
    if (!removed) throw notFound();
    await Promise.all([removed.slug, ...(removed.old_slugs ?? [])].map((slug) => releaseSlug(slug, id)));
    return removed;
  },
};
