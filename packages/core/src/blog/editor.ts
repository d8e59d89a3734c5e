import type * as z from "../contract/zod";
import { slugTakenMessage, type blogPostInput, type blogPostUpdate, type PublishInput } from "../contract/blog";
import { Counters, tally } from "../counters/counters";
import { bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { checkItemSize } from "../db/item-size";
import { db } from "../db/service";
import { atVersion, saveAtVersion, sentFields } from "../db/versions";
import { ConflictError, NotFoundError, StaleItemError } from "../errors";
import { sanitizeHtml } from "../html";
import { keepOriginal } from "../revisions/original";
import { publishedKeys, searchFor, type BlogPost } from "./blog";
import { BlogSchedules, scheduleChanged } from "./schedules";
import type * as Webhooks from "../webhooks/webhooks";

/**
 * `post.published` for the saves that publish (webhooks/webhooks.ts), loaded on the first save: the
 * webhook code (signing, delivery, the outbox) is not part of the blog function's cold start.
 */
const postPublished = async (...args: Parameters<typeof Webhooks.postPublished>) => (await import("../webhooks/webhooks")).postPublished(...args);

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

/**
 * Keeps the schedules index (schedules.ts) in step with a write that moves a post's publish_at from
 * `before` to `after`: the new item is written before the post (`prepare`), the old one deleted
 * after it (`done`), and `undo` drops the new one when the post's write did not land.
 */
function scheduleStep(post_id: string, before: string | undefined, after: string | undefined) {
  const moving = before !== after;
  return {
    prepare: async () => {
      if (moving && after) await BlogSchedules.put({ post_id, publish_at: after });
    },
    undo: async () => {
      if (moving && after) await BlogSchedules.remove({ post_id, publish_at: after });
    },
    done: async () => {
      if (!moving) return;
      if (before) await BlogSchedules.remove({ post_id, publish_at: before });
      await scheduleChanged({ post_id, publish_at: after ?? null, previous: before ?? null });
    },
  };
}

/**
 * The one write that publishes or unpublishes a post (the list's toggle, a schedule coming due):
 * publication keys, version, and a publish clears the schedule; the caller adds its condition (`where`).
 */
function publishWrite(current: BlogPost & { version: number }, next: number, { is_published, published_at }: { is_published: boolean; published_at: string | undefined }) {
  const patch = db()
    .blogPost.patch({ id: current.id })
    .set({ is_published, version: next, ...publishedKeys({ is_published, published_at }) });
  return is_published && current.publish_at ? patch.remove(["publish_at"]) : patch;
}

export const BlogEditor = {
  async create({ publish_at, ...input }: Input, id: string = crypto.randomUUID(), now = new Date().toISOString()): Promise<BlogPost> {
    // A publish_at that has passed publishes now; a later one schedules the draft.
    const is_published = input.is_published || Boolean(publish_at && publish_at <= now);
    const scheduled = !is_published && publish_at ? publish_at : undefined;
    const record = {
      ...input,
      is_published,
      content: await sanitizeHtml(input.content),
      id,
      bucket: bucketOf(now),
      created_at: now,
      // A post's own time, also when created with an earlier one (the seed): the sitemap's lastmod.
      updated_at: now,
      published_at: is_published ? now : undefined,
      ...publishedKeys({ is_published, published_at: is_published ? now : undefined }),
      ...(scheduled ? { publish_at: scheduled } : {}),
      old_slugs: [] as string[],
      version: 1,
    };
    const search = searchFor(record);
    checkItemSize({ ...record, search }, "content");
    const undo = await claimSlug(input.slug, id);
    const schedule = scheduleStep(id, undefined, scheduled);
    try {
      await schedule.prepare();
      const { data } = await db()
        .blogPost.create({ ...record, search })
        .go();
      await Counters.change(tally.post, undefined, data);
      await schedule.done();
      await postPublished(undefined, data);
      return data;
    } catch (err) {
      await undo();
      await schedule.undo();
      if (isConditionalFailure(err)) throw new ConflictError("A post with this id already exists");
      throw err;
    }
  },

  /**
   * Saves the fields sent at the version read; a field left out keeps its stored value (a post
   * stays published unless `is_published: false` is sent). Answers the post with its new version.
   */
  async update(id: string, { version, ...input }: Update): Promise<BlogPost> {
    const { publish_at: sentAt, ...sent } = sentFields(input);
    const changes = sent.content === undefined ? sent : { ...sent, content: await sanitizeHtml(sent.content) };
    let schedule: ReturnType<typeof scheduleStep> | undefined;
    const { before, saved } = await saveAtVersion({
      read: version,
      get: async () => (await db().blogPost.get({ id }).go()).data,
      notFound,
      write: async (current, next) => {
        const moving = changes.slug !== undefined && changes.slug !== current.slug;
        const keepOld = moving && wasPublic(current);
        const now = new Date().toISOString();
        // publish_at: sent (a time, or null to cancel) or kept; one that has passed publishes now;
        // a published post has none.
        let at = sentAt === undefined ? (current.publish_at ?? undefined) : (sentAt ?? undefined);
        const is_published = (changes.is_published ?? current.is_published) || Boolean(sentAt && sentAt <= now);
        if (is_published) at = undefined;
        const publishing = is_published && !current.is_published;
        const old_slugs = moving ? [...(current.old_slugs ?? []).filter((s) => s !== changes.slug), ...(keepOld ? [current.slug] : [])] : undefined;
        const merged = { ...current, ...changes, is_published, ...(old_slugs ? { old_slugs } : {}) } as BlogPost;
        const search = searchFor(merged);
        checkItemSize({ ...merged, search }, "content");
        const published_at = publishing ? now : current.published_at;
        const undo: Undo = moving ? await claimSlug(changes.slug!, id) : async () => {};
        schedule = scheduleStep(id, current.publish_at ?? undefined, at);
        try {
          await schedule.prepare();
          const patch = db()
            .blogPost.patch({ id })
            .set({
              ...changes,
              ...(is_published !== current.is_published ? { is_published } : {}),
              ...(at ? { publish_at: at } : {}),
              search,
              version: next,
              ...(old_slugs ? { old_slugs } : {}),
              ...publishedKeys({ is_published, published_at }),
            });
          const { data } = await (!at && current.publish_at ? patch.remove(["publish_at"]) : patch).where(atVersion(current.version)).go({ response: "all_new" });
          return data as BlogPost;
        } catch (err) {
          await undo();
          await schedule.undo();
          throw err;
        }
      },
    });
    if (saved.slug !== before.slug) {
      await (saved.old_slugs?.includes(before.slug) ? keepAsRedirect(before.slug, id) : releaseSlug(before.slug, id));
    }
    await keepOriginal("blog-posts", id, before);
    // The version condition makes `before` exactly the post this write replaced.
    await Counters.change(tally.post, before, saved);
    await schedule?.done();
    await postPublished(before, saved);
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
            const published_at = is_published && !current.is_published ? new Date().toISOString() : current.published_at;
            const { data } = await publishWrite(current, next, { is_published, published_at }).where(atVersion(current.version)).go({ response: "all_new" });
            return data as BlogPost;
          },
        });
        await keepOriginal("blog-posts", id, before);
        await Counters.change(tally.post, before, saved);
        // Publishing by hand clears the schedule.
        await scheduleStep(id, before.publish_at ?? undefined, saved.publish_at ?? undefined).done();
        await postPublished(before, saved);
        return saved;
      } catch (err) {
        if (!(err instanceof StaleItemError) || version !== undefined || attempt === 2) throw err;
      }
    }
  },

  /**
   * Publishes a post whose schedule came due: the toggle's write with the scheduled time as the
   * publication date, conditional on the post being still unpublished, at the version read and
   * still scheduled for `publish_at`, so of a timer and a sweep racing for it exactly one publishes.
   * Answers the post published, or undefined when there was nothing to do (not due yet, moved,
   * cancelled, published by hand, deleted, or published by the other): then the schedule item is
   * dropped if it no longer matches the post.
   */
  async publishScheduled(id: string, publish_at: string, now = new Date()): Promise<{ before: BlogPost; saved: BlogPost } | undefined> {
    if (publish_at > now.toISOString()) return undefined;
    const { data: stored } = await db().blogPost.get({ id }).go();
    if (!stored || stored.is_published || stored.publish_at !== publish_at) {
      // A stale item: its post no longer names this time (the post's own item, if any, stays).
      await BlogSchedules.remove({ post_id: id, publish_at });
      return undefined;
    }
    const current = { ...stored, version: stored.version ?? 1 };
    try {
      const { data } = await publishWrite(current, current.version + 1, { is_published: true, published_at: publish_at })
        .where((p, op) => `${atVersion(current.version)(p, op)} AND ${op.eq(p.publish_at, publish_at)} AND ${op.eq(p.is_published, false)}`)
        .go({ response: "all_new" });
      const saved = data as BlogPost;
      await Counters.change(tally.post, current, saved);
      await scheduleStep(id, publish_at, undefined).done();
      await postPublished(current, saved);
      return { before: current, saved };
    } catch (err) {
      if (isConditionalFailure(err)) return undefined; // saved, published or deleted meanwhile
      throw err;
    }
  },

  /**
   * Puts a deleted post back under its id and at its own slug (the Trash), as a draft: a restore
   * never publishes. Its earlier slugs' redirects went with the delete. 409 naming `slug` when another
   * post took the slug meanwhile.
   */
  async restore(post: BlogPost): Promise<BlogPost> {
    const { publish_at: _, ...kept } = post;
    const record = {
      ...kept,
      is_published: false,
      old_slugs: [] as string[],
      bucket: bucketOf(post.created_at),
      ...publishedKeys({ is_published: false, published_at: post.published_at }),
    };
    const undo = await claimSlug(post.slug, post.id);
    try {
      const { data } = await db()
        .blogPost.create({ ...record, search: searchFor(record) })
        .go();
      await Counters.change(tally.post, undefined, data);
      return data;
    } catch (err) {
      await undo();
      if (isConditionalFailure(err)) throw new ConflictError("A post with this id already exists");
      throw err;
    }
  },

  /** Deletes a post (uncounting it), frees its slug and its redirects; answers the post as it was. */
  async remove(id: string): Promise<BlogPost> {
    const removed = await Counters.removed<BlogPost>(tally.post, () => db().blogPost.remove({ id }).go({ response: "all_old" }), notFound);
    if (!removed) throw notFound();
    await Promise.all([removed.slug, ...(removed.old_slugs ?? [])].map((slug) => releaseSlug(slug, id)));
    await scheduleStep(id, removed.publish_at ?? undefined, undefined).done();
    return removed;
  },
};
