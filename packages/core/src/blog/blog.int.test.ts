import { describe, expect, it } from "vitest";
import { blogPostInput, type BlogPostInput } from "../contract/blog";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../db/client";
import { db } from "../db/service";
import { ConflictError, NotFoundError, StaleItemError } from "../errors";
import { BlogPosts } from "./blog";
import { BlogEditor } from "./editor";

const uid = () => Math.random().toString(36).slice(2, 10);
const post = (over: Partial<BlogPostInput> = {}) => blogPostInput.parse({ title: "A post", slug: `post-${uid()}`, content: "<p>Hello world</p>", ...over });

describe("blog posts", () => {
  it("refuses a second post with a slug already in use", async () => {
    const first = await BlogEditor.create(post());
    await expect(BlogEditor.create(post({ slug: first.slug }))).rejects.toBeInstanceOf(ConflictError);
  });

  it("lets exactly one of many concurrent creates take a slug", async () => {
    const slug = `race-${uid()}`;
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => BlogEditor.create(post({ slug }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected" && r.reason instanceof ConflictError)).toHaveLength(7);
    const all = await BlogPosts.listAll();
    expect(all.filter((p) => p.slug === slug)).toHaveLength(1);
  });

  it("moves a draft to a new slug and frees the old one", async () => {
    const p = await BlogEditor.create(post());
    const newSlug = `moved-${uid()}`;
    await BlogEditor.update(p.id, { slug: newSlug, version: 1 });
    expect((await BlogPosts.bySlug(newSlug, { includeDrafts: true })).id).toBe(p.id);
    await expect(BlogPosts.resolveSlug(p.slug, { includeDrafts: true })).rejects.toBeInstanceOf(NotFoundError);
    const reuse = await BlogEditor.create(post({ slug: p.slug }));
    expect(reuse.slug).toBe(p.slug);
  });

  it("keeps a published post's old slug as a redirect to its new one, without chains", async () => {
    const p = await BlogEditor.create(post({ is_published: true }));
    const second = `second-${uid()}`;
    const third = `third-${uid()}`;
    const moved = await BlogEditor.update(p.id, { slug: second, version: 1 });
    expect(moved).toMatchObject({ slug: second, old_slugs: [p.slug], version: 2, is_published: true });
    expect(await BlogPosts.resolveSlug(p.slug)).toEqual({ redirect: second });
    await BlogEditor.update(p.id, { slug: third, version: 2 });
    expect(await BlogPosts.resolveSlug(p.slug)).toEqual({ redirect: third });
    expect(await BlogPosts.resolveSlug(second)).toEqual({ redirect: third });
    expect((await BlogPosts.bySlug(third)).id).toBe(p.id);
    await expect(BlogPosts.bySlug(p.slug)).rejects.toBeInstanceOf(NotFoundError);
    // Moving back to an earlier slug takes its redirect over.
    const back = await BlogEditor.update(p.id, { slug: p.slug, version: 3 });
    expect(back.old_slugs).toEqual([second, third]);
    expect((await BlogPosts.bySlug(p.slug)).id).toBe(p.id);
    expect(await BlogPosts.resolveSlug(third)).toEqual({ redirect: p.slug });
    // An unpublished post's redirects are not found either.
    await BlogEditor.setPublished(p.id, { is_published: false });
    await expect(BlogPosts.resolveSlug(second)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("lets a new post take a redirect's slug, ending the redirect, and frees slugs and redirects on delete", async () => {
    const p = await BlogEditor.create(post({ is_published: true }));
    const next = `next-${uid()}`;
    await BlogEditor.update(p.id, { slug: next, version: 1 });
    const taker = await BlogEditor.create(post({ slug: p.slug, is_published: true }));
    expect((await BlogPosts.bySlug(p.slug)).id).toBe(taker.id);
    // The moved post's deletion leaves the taken slug with its new owner.
    await BlogEditor.remove(p.id);
    expect((await BlogPosts.bySlug(p.slug)).id).toBe(taker.id);
    await expect(BlogPosts.resolveSlug(next)).rejects.toBeInstanceOf(NotFoundError);
    expect((await BlogEditor.create(post({ slug: next }))).slug).toBe(next);

    const q = await BlogEditor.create(post({ is_published: true }));
    const q2 = `q2-${uid()}`;
    await BlogEditor.update(q.id, { slug: q2, version: 1 });
    await BlogEditor.remove(q.id);
    for (const slug of [q.slug, q2]) expect((await BlogEditor.create(post({ slug }))).slug).toBe(slug);
  });

  it("keeps a slug when the edit would move it onto another post's slug, naming the slug", async () => {
    const a = await BlogEditor.create(post());
    const b = await BlogEditor.create(post());
    const refused = BlogEditor.update(b.id, { slug: a.slug, version: 1 });
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toMatchObject({
      message: `The slug '${a.slug}' is already used by another post.`,
      extra: { fields: { slug: `The slug '${a.slug}' is already used by another post.` } },
    });
    expect(await BlogPosts.get(b.id)).toMatchObject({ slug: b.slug, version: 1 });
  });

  it("frees the new slug's claim when the save is stale", async () => {
    const a = await BlogEditor.create(post());
    await BlogEditor.update(a.id, { title: "Edited elsewhere", version: 1 });
    const target = `target-${uid()}`;
    await expect(BlogEditor.update(a.id, { slug: target, version: 1 })).rejects.toBeInstanceOf(StaleItemError);
    expect((await BlogEditor.create(post({ slug: target }))).slug).toBe(target);
  });

  it("keeps every field a save leaves out, publication included", async () => {
    const p = await BlogEditor.create(post({ is_published: true, excerpt: "Short", author_name: "Ada" }));
    const saved = await BlogEditor.update(p.id, { title: "Renamed", version: 1 });
    expect(saved).toMatchObject({ title: "Renamed", excerpt: "Short", author_name: "Ada", is_published: true, published_at: p.published_at, content: p.content, version: 2 });
  });

  it("searches title, excerpt, content text, slug and author, case-insensitively, across years", async () => {
    const tag = uid();
    const made = await Promise.all([
      BlogEditor.create(post({ title: `Title ${tag}X` })),
      BlogEditor.create(post({ excerpt: `Excerpt ${tag}Y` }), undefined, "2025-05-05T00:00:00.000Z"),
      BlogEditor.create(post({ content: `<p>Body <strong>${tag}Z</strong> &amp; more</p>` })),
      BlogEditor.create(post({ slug: `slug-${tag}w` })),
      BlogEditor.create(post({ author_name: `Author ${tag}V` })),
    ]);
    const found = async (q: string) => (await BlogPosts.page({ limit: 50, q: q.toLowerCase() })).items.map((p) => p.id);
    expect(await found(`${tag}x`)).toEqual([made[0].id]);
    expect(await found(`${tag}Y`)).toEqual([made[1].id]);
    expect(await found(`${tag}z & more`)).toEqual([made[2].id]);
    expect(await found(`slug-${tag}W`)).toEqual([made[3].id]);
    expect(await found(`AUTHOR ${tag}v`)).toEqual([made[4].id]);
    expect(await found(`strong`)).not.toContain(made[2].id);
    // A save keeps the search text in step.
    await BlogEditor.update(made[0].id, { title: "Plain", version: 1 });
    expect(await found(`${tag}x`)).toEqual([]);
  });

  it("writes the search text of posts stored before it existed, without touching updated_at", async () => {
    const p = await BlogEditor.create(post({ title: `Legacy ${uid()}` }));
    const { Key, TableName } = db().blogPost.get({ id: p.id }).params() as { Key: Record<string, string>; TableName: string };
    await dynamo().client.send(new UpdateCommand({ TableName, Key, UpdateExpression: "REMOVE #s, #v", ExpressionAttributeNames: { "#s": "search", "#v": "version" } }));
    expect((await BlogPosts.page({ limit: 50, q: p.title.toLowerCase() })).items).toEqual([]);
    expect(await BlogPosts.backfillSearch()).toBeGreaterThanOrEqual(1);
    const [found] = (await BlogPosts.page({ limit: 50, q: p.title.toLowerCase() })).items;
    expect(found).toMatchObject({ id: p.id, version: 1, updated_at: p.updated_at });
  });

  it("hides drafts from the public list and from slug lookups", async () => {
    const draft = await BlogEditor.create(post({ is_published: false }));
    expect((await BlogPosts.listPublished()).map((p) => p.id)).not.toContain(draft.id);
    await expect(BlogPosts.bySlug(draft.slug)).rejects.toBeInstanceOf(NotFoundError);
    expect((await BlogPosts.bySlug(draft.slug, { includeDrafts: true })).id).toBe(draft.id);
  });

  it("lists published posts newest publication first, across year partitions", async () => {
    const old = await BlogEditor.create(post({ is_published: true }), undefined, "2025-03-01T10:00:00.000Z");
    const mid = await BlogEditor.create(post({ is_published: true }), undefined, "2026-01-01T10:00:00.000Z");
    const ids = (await BlogPosts.listPublished()).map((p) => p.id).filter((id) => id === old.id || id === mid.id);
    expect(ids).toEqual([mid.id, old.id]);
  });

  it("stamps published_at when publishing, keeps it while unpublished, and stamps it anew on republish, which orders the list", async () => {
    const p = await BlogEditor.create(post());
    expect(p.published_at).toBeUndefined();
    const published = await BlogEditor.setPublished(p.id, { is_published: true });
    expect(published.is_published).toBe(true);
    expect(published.published_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const first = published.published_at!;

    const hidden = await BlogEditor.setPublished(p.id, { is_published: false });
    expect(hidden.is_published).toBe(false);
    expect(hidden.published_at).toBe(first);
    expect((await db().blogPost.get({ id: p.id }).go()).data?.published_at).toBe(first);

    // Another post is published while this one is hidden; republishing brings this one back on top.
    const meanwhile = await BlogEditor.create(post({ is_published: true }));
    const republished = await BlogEditor.setPublished(p.id, { is_published: true });
    expect(republished.is_published).toBe(true);
    expect(republished.published_at! > first).toBe(true);
    expect(republished.published_at! >= meanwhile.published_at!).toBe(true);
    const ids = (await BlogPosts.listPublished()).map((x) => x.id).filter((id) => id === p.id || id === meanwhile.id);
    expect(ids).toEqual([p.id, meanwhile.id]);

    // Publishing what is already published keeps the date.
    expect((await BlogEditor.setPublished(p.id, { is_published: true })).published_at).toBe(republished.published_at);
  });

  it("strips scripts and event handlers from the stored body", async () => {
    const p = await BlogEditor.create(post({ content: '<p onclick="x()">ok</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">l</a>' }));
    expect(p.content).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(p.content).toContain("<p>ok</p>");
  });

  it("deletes a post and releases its slug", async () => {
    const p = await BlogEditor.create(post());
    await BlogEditor.remove(p.id);
    await expect(BlogPosts.get(p.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(BlogEditor.remove(p.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await BlogEditor.create(post({ slug: p.slug }))).slug).toBe(p.slug);
  });
});
