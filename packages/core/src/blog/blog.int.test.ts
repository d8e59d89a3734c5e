import { describe, expect, it } from "vitest";
import { blogPostInput, type BlogPostInput } from "../contract/blog";
import { ConflictError, NotFoundError } from "../errors";
import { BlogPosts } from "./blog";
import { BlogEditor } from "./editor";

const uid = () => Math.random().toString(36).slice(2, 10);
const post = (over: Partial<BlogPostInput> = {}) =>
  blogPostInput.parse({ title: "A post", slug: `post-${uid()}`, content: "<p>Hello world</p>", ...over });

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

  it("moves a post to a new slug and frees the old one", async () => {
    const p = await BlogEditor.create(post({ is_published: true }));
    const newSlug = `moved-${uid()}`;
    await BlogEditor.update(p.id, post({ slug: newSlug, is_published: true }));
    expect((await BlogPosts.bySlug(newSlug)).id).toBe(p.id);
    await expect(BlogPosts.bySlug(p.slug)).rejects.toBeInstanceOf(NotFoundError);
    const reuse = await BlogEditor.create(post({ slug: p.slug }));
    expect(reuse.slug).toBe(p.slug);
  });

  it("keeps a slug when the edit would move it onto another post's slug", async () => {
    const a = await BlogEditor.create(post());
    const b = await BlogEditor.create(post());
    await expect(BlogEditor.update(b.id, post({ slug: a.slug }))).rejects.toBeInstanceOf(ConflictError);
    expect((await BlogPosts.get(b.id)).slug).toBe(b.slug);
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
    const ids = (await BlogPosts.listPublished()).map((p) => p.id);
    expect(ids.indexOf(mid.id)).toBeLessThan(ids.indexOf(old.id));
    expect(ids).toContain(old.id);
  });

  it("stamps published_at when publishing and keeps it through unpublish and republish order", async () => {
    const p = await BlogEditor.create(post());
    expect(p.published_at).toBeUndefined();
    const published = await BlogEditor.setPublished(p.id, true);
    expect(published.is_published).toBe(true);
    expect(published.published_at).toMatch(/^\d{4}-/);
    const hidden = await BlogEditor.setPublished(p.id, false);
    expect(hidden.is_published).toBe(false);
  });

  it("strips scripts and event handlers from the stored body", async () => {
    const p = await BlogEditor.create(
      post({ content: '<p onclick="x()">ok</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">l</a>' }),
    );
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
