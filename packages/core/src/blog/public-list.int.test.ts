import { beforeAll, describe, expect, it } from "vitest";
import { blogPostInput, type BlogPostInput } from "../contract/blog";
import { CounterDeltas, Counters, counters } from "../counters/counters";
import { recount } from "../counters/recount";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../db/client";
import { db } from "../db/service";
import { HttpError } from "../errors";
import { BlogPosts } from "./blog";
import { BlogEditor } from "./editor";

const uid = () => Math.random().toString(36).slice(2, 10);
const post = (over: Partial<BlogPostInput> = {}) => blogPostInput.parse({ title: "A post", slug: `post-${uid()}`, content: "<p>Hello world</p>", is_published: true, ...over });
const ids = (items: { id: string }[]) => items.map((p) => p.id);
const everything = { category: "", q: "" };

/** 30 published posts across two years (oldest first), 6 of them case studies, and 4 drafts. */
const published: { id: string; category: string }[] = [];
const drafts: string[] = [];
beforeAll(async () => {
  for (let i = 0; i < 30; i++) {
    const at = new Date(Date.UTC(2024, 5, 1) + i * 20 * 86_400_000).toISOString(); // 2024-06 .. 2026-01
    const category = i % 5 === 0 ? "case-studies" : "automation";
    const p = await BlogEditor.create(post({ title: `Post ${i}`, category, content: `<p>Body ${i}${i === 7 ? " with a Needle inside" : ""}</p>` }), undefined, at);
    published.unshift({ id: p.id, category });
  }
  for (let i = 0; i < 4; i++) drafts.push((await BlogEditor.create(post({ is_published: false, category: "automation" }))).id);
}, 60_000);

describe("the public blog list", () => {
  it("pages published summaries newest publication first, the same posts by cursor and by page number", async () => {
    const first = await BlogPosts.publishedPage({ limit: 12, ...everything });
    expect(ids(first.items)).toEqual(ids(published.slice(0, 12)));
    expect(first.items[0]).not.toHaveProperty("content");
    expect(first.items[0]).toMatchObject({ excerpt: "Body 29...", read_time: "1 min read", is_published: true });
    const second = await BlogPosts.publishedPage({ limit: 12, cursor: first.next, ...everything });
    const third = await BlogPosts.publishedPage({ limit: 12, cursor: second.next, ...everything });
    expect(ids(second.items)).toEqual(ids(published.slice(12, 24)));
    expect(ids(third.items)).toEqual(ids(published.slice(24)));
    expect(third.next).toBeUndefined();
    expect(ids((await BlogPosts.publishedPage({ limit: 12, page: 3, ...everything })).items)).toEqual(ids(third.items));
    expect((await BlogPosts.publishedPage({ limit: 12, page: 4, ...everything })).items).toEqual([]);
    for (const d of drafts) expect(ids([...first.items, ...second.items, ...third.items])).not.toContain(d);
  });

  it("filters by category and searches every published post on the server", async () => {
    const cases = published.filter((p) => p.category === "case-studies");
    const page = await BlogPosts.publishedPage({ limit: 4, category: "case-studies", q: "" });
    expect(ids(page.items)).toEqual(ids(cases.slice(0, 4)));
    expect(ids((await BlogPosts.publishedPage({ limit: 4, page: 2, category: "case-studies", q: "" })).items)).toEqual(ids(cases.slice(4)));
    const found = await BlogPosts.publishedPage({ limit: 12, category: "", q: "needle" });
    expect(ids(found.items)).toEqual([published[22]!.id]);
    expect((await BlogPosts.publishedPage({ limit: 12, category: "case-studies", q: "needle" })).items).toEqual([]);
  });

  it("refuses a cursor of other filters or a made-up one", async () => {
    const { next } = await BlogPosts.publishedPage({ limit: 2, ...everything });
    await expect(BlogPosts.publishedPage({ limit: 2, cursor: next, category: "automation", q: "" })).rejects.toBeInstanceOf(HttpError);
    await expect(BlogPosts.publishedPage({ limit: 2, cursor: "bm9wZQ", ...everything })).rejects.toMatchObject({ status: 400, extra: { fields: { cursor: expect.any(String) } } });
  });

  it("drops an unpublished post from the list and puts a republished one first", async () => {
    const target = published[5]!.id;
    await BlogEditor.setPublished(target, { is_published: false });
    expect(ids((await BlogPosts.publishedPage({ limit: 50, ...everything })).items)).not.toContain(target);
    await BlogEditor.setPublished(target, { is_published: true });
    expect((await BlogPosts.publishedPage({ limit: 1, ...everything })).items[0]!.id).toBe(target);
    // A plain edit keeps its place.
    await BlogEditor.update(target, { title: "Edited", version: 3 });
    expect((await BlogPosts.publishedPage({ limit: 1, ...everything })).items[0]).toMatchObject({ id: target, title: "Edited" });
  });
});

describe("Related Articles", () => {
  it("are the newest three of the post's category, never the post itself", async () => {
    const cases = published.filter((p) => p.category === "case-studies");
    const current = await BlogPosts.get(cases[1]!.id);
    expect(ids(await BlogPosts.related(current))).toEqual(ids([cases[0]!, cases[2]!, cases[3]!]));
  });

  it("fill up with the newest other posts when the category has too few", async () => {
    const lone = await BlogEditor.create(post({ category: "tutorials" }), undefined, "2024-01-02T00:00:00.000Z");
    const newest = ids((await BlogPosts.publishedPage({ limit: 3, ...everything })).items);
    expect(ids(await BlogPosts.related(lone))).toEqual(newest);
    const other = await BlogEditor.create(post({ category: "tutorials" }), undefined, "2024-01-01T00:00:00.000Z");
    expect(ids(await BlogPosts.related(lone))).toEqual([other.id, ...newest.slice(0, 2)]);
  });
});

describe("published posts per category", () => {
  const read = () => Counters.read([counters.postsPublished, counters.postsPublishedIn("tech-school"), counters.postsPublishedIn("ai-trends")]);

  it("move with every publish, unpublish, category change and delete, and a recount gives the same figures", async () => {
    const [total, tech, trends] = await read();
    const p = await BlogEditor.create(post({ category: "tech-school", is_published: false }));
    expect(await read()).toEqual([total, tech, trends]);
    await BlogEditor.setPublished(p.id, { is_published: true });
    expect(await read()).toEqual([total! + 1, tech! + 1, trends]);
    await BlogEditor.update(p.id, { category: "ai-trends", version: 2 });
    expect(await read()).toEqual([total! + 1, tech, trends! + 1]);
    await BlogEditor.update(p.id, { is_published: false, version: 3 });
    expect(await read()).toEqual([total, tech, trends]);
    await BlogEditor.update(p.id, { is_published: true, version: 4 });
    await BlogEditor.remove(p.id);
    expect(await read()).toEqual([total, tech, trends]);

    await BlogEditor.create(post({ category: "ai-trends" }));
    const before = await BlogPosts.categoryCounts();
    await Counters.apply(new CounterDeltas().add(counters.postsPublishedIn("ai-trends"), 40));
    await recount();
    expect(await BlogPosts.categoryCounts()).toEqual(before);
    expect(before.categories.find((c) => c.category === "ai-trends")!.count).toBe(trends! + 1);
    expect(before.total).toBe(before.categories.reduce((n, c) => n + c.count, 0));
  });

  it("the recount writes the index keys of published posts stored before the index existed", async () => {
    const p = await BlogEditor.create(post({ title: `Legacy ${uid()}` }));
    const { Key, TableName } = db().blogPost.get({ id: p.id }).params() as { Key: Record<string, string>; TableName: string };
    await dynamo().client.send(new UpdateCommand({ TableName, Key, UpdateExpression: "REMOVE gsi2pk, gsi2sk, pub_bucket" }));
    const find = async () => ids((await BlogPosts.publishedPage({ limit: 5, category: "", q: p.title.toLowerCase() })).items);
    expect(await find()).toEqual([]);
    expect(await BlogPosts.backfillPublished()).toBe(1);
    expect(await find()).toEqual([p.id]);
    expect((await BlogPosts.get(p.id)).updated_at).toBe(p.updated_at);
  });
});
