import { beforeAll, describe, expect, it } from "vitest";
import { blogPostInput } from "../../packages/core/src/contract/blog";
import { BlogEditor } from "../../packages/core/src/blog/editor";
import { devAdmin, nextCursor } from "../support/admin";
import { useRuntimeDatabase } from "../support/database";
import { call, freshIp } from "../support/http";

/**
 * The public blog with hundreds of posts: 240 published posts (and 20 drafts) written straight into
 * the runtime's table through the domain module, each with about 5 KB of content, dated in 2024 so
 * they sit below every post the other tests publish. Each carries a tag only this run uses.
 */
useRuntimeDatabase();
const tag = `bulk${Math.random().toString(36).slice(2, 8)}`;
const categories = ["automation", "ai-trends", "case-studies", "student-projects", "learning-guides", "tech-school"] as const;
const COUNT = 240;
/** Ours, newest first. */
const mine: { id: string; slug: string; category: string }[] = [];
const needle = `needle${tag}`;
const body = (i: number) => `<p>${`Post ${i} of ${tag}, about automation and data. `.repeat(110)}${i === 137 ? ` ${needle}` : ""}</p>`;

interface Summary {
  id: string;
  slug: string;
  title: string;
  category: string;
  published_at: string;
  read_time: string;
  excerpt: string;
}
interface Counts {
  total: number;
  categories: { category: string; count: number }[];
}

const get = (path: string) => call("GET", path, { ip: freshIp() });
const list = async (query: string) => {
  const res = await get(`/api/blog-posts?${query}`);
  expect(res.status, res.text).toBe(200);
  return { res, items: res.json as Summary[], next: nextCursor(res) };
};
const countsOf = async () => (await get("/api/blog-categories")).json as Counts;
const countIn = (c: Counts, category: string) => c.categories.find((x) => x.category === category)!.count;
let before: Counts;

beforeAll(async () => {
  before = await countsOf();
  const made: { id: string; slug: string; category: string; at: string }[] = [];
  const jobs = Array.from({ length: COUNT + 20 }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = jobs.shift(); i !== undefined; i = jobs.shift()) {
        const draft = i >= COUNT;
        const at = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
        const category = categories[i % categories.length]!;
        const p = await BlogEditor.create(blogPostInput.parse({ title: `${tag} post ${i}`, slug: `${tag}-${i}`, content: body(i), category, is_published: !draft }), undefined, at);
        if (!draft) made.push({ id: p.id, slug: p.slug, category, at });
      }
    }),
  );
  mine.push(...made.sort((a, b) => (a.at < b.at ? 1 : -1)));
}, 120_000);

describe("GET /api/blog-posts with hundreds of posts", () => {
  it("answers 12 summaries without content by default, and the next page's cursor", async () => {
    const { res, items, next } = await list("");
    expect(items).toHaveLength(12);
    expect(next).toEqual(expect.any(String));
    for (const p of items) expect(p).not.toHaveProperty("content");
    expect(Buffer.byteLength(res.text)).toBeLessThan(20_000);
  });

  it("pages every published post of a search newest first, the same by cursor and by page number, never a draft", async () => {
    const seen: Summary[] = [];
    let cursor: string | undefined;
    let n = 0;
    do {
      const { res, items, next } = await list(`q=${tag}&limit=50${cursor ? `&cursor=${cursor}` : ""}`);
      n++;
      expect(items.length).toBe(next ? 50 : COUNT % 50 || 50);
      expect(Buffer.byteLength(res.text)).toBeLessThan(60_000); // 50 posts of 5 KB each would be 250 KB
      expect(ids((await list(`q=${tag}&limit=50${n > 1 ? `&page=${n}` : ""}`)).items)).toEqual(ids(items));
      seen.push(...items);
      cursor = next;
    } while (cursor);
    expect(ids(seen)).toEqual(ids(mine));
    expect(seen[0]).toMatchObject({ title: `${tag} post ${COUNT - 1}`, read_time: "5 min read" }); // 990 words
    expect((await list(`q=${tag}&limit=50&page=${n + 1}`)).items).toEqual([]);
  });

  it("filters by category over every post and combines it with search", async () => {
    const cases = mine.filter((p) => p.category === "case-studies");
    const first = await list(`category=case-studies&q=${tag}`);
    expect(ids(first.items)).toEqual(ids(cases.slice(0, 12)));
    const third = await list(`category=case-studies&q=${tag}&page=3`);
    expect(ids(third.items)).toEqual(ids(cases.slice(24, 36)));
    for (const p of (await list("category=case-studies&limit=50")).items) expect(p.category).toBe("case-studies");
  });

  it("searches the content of every published post on the server, case-insensitively", async () => {
    const { items } = await list(`q=${needle.toUpperCase()}`);
    expect(items.map((p) => p.title)).toEqual([`${tag} post 137`]);
  });

  it("answers 400 naming each bad parameter, and for a malformed or foreign cursor", async () => {
    const bad = async (query: string, field: string) => {
      const res = await get(`/api/blog-posts?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.json.fields ?? {}), query).toContain(field);
    };
    await bad("limit=0", "limit");
    await bad("limit=51", "limit");
    await bad("limit=two", "limit");
    await bad("page=0", "page");
    await bad("page=1.5", "page");
    await bad("category=not-a-category", "category");
    await bad(`q=${"x".repeat(201)}`, "q");
    await bad("cursor=%%%", "cursor");
    await bad("cursor=eyJmIjoieCJ9", "cursor");
    const { next } = await list("category=automation");
    await bad(`cursor=${next}&category=tech-school`, "cursor");
    await bad(`cursor=${next}&category=automation&page=2`, "page");
    const admin = await devAdmin();
    const adminCursor = nextCursor(await admin.call("GET", "/api/admin/blog-posts?limit=1"));
    await bad(`cursor=${adminCursor}`, "cursor");
  });
});

describe("GET /api/blog-categories", () => {
  it("counts published posts in all and per category from counters, drafts left out", async () => {
    const after = await countsOf();
    expect(after.total - before.total).toBe(COUNT);
    for (const c of categories) expect(countIn(after, c) - countIn(before, c), c).toBe(mine.filter((p) => p.category === c).length);
    expect(after.categories.map((c) => c.category)).toEqual([...categories, "industry-news", "tutorials"]);
  });

  it("follow unpublish, a category change and delete through the admin API", async () => {
    const admin = await devAdmin();
    const target = mine.find((p) => p.category === "automation")!;
    const start = await countsOf();
    const moved = await admin.call("PUT", `/api/admin/blog-posts/${target.id}`, { body: { category: "tech-school", version: 1 } });
    expect(moved.status, moved.text).toBe(200);
    let now = await countsOf();
    expect([countIn(now, "automation"), countIn(now, "tech-school"), now.total]).toEqual([countIn(start, "automation") - 1, countIn(start, "tech-school") + 1, start.total]);
    expect((await admin.call("PUT", `/api/admin/blog-posts/${target.id}/publish`, { body: { is_published: false } })).status).toBe(200);
    now = await countsOf();
    expect([countIn(now, "tech-school"), now.total]).toEqual([countIn(start, "tech-school"), start.total - 1]);
    expect(ids((await list(`q=${tag}&limit=50`)).items)).not.toContain(target.id);
    expect((await admin.call("DELETE", `/api/admin/blog-posts/${target.id}`, { body: {} })).status).toBe(200);
    expect(await countsOf()).toEqual(now);
    mine.splice(mine.indexOf(target), 1);
  });
});

describe("GET /api/blog-posts/{slug}/related", () => {
  it("answers the newest three of the post's category, never the post itself", async () => {
    const post = mine.find((p) => p.category === "learning-guides")!;
    const res = await get(`/api/blog-posts/${post.slug}/related`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toContain("s-maxage");
    const newest = (await list("category=learning-guides&limit=4")).items.filter((p) => p.id !== post.id).slice(0, 3);
    expect(ids(res.json)).toEqual(ids(newest));
    for (const p of res.json as Summary[]) expect(p).not.toHaveProperty("content");
  });

  it("is 404 for an unknown or draft post, and 301 from an earlier slug", async () => {
    expect((await get(`/api/blog-posts/${tag}-nope/related`)).status).toBe(404);
    expect((await get(`/api/blog-posts/${tag}-${COUNT + 1}/related`)).status).toBe(404);
    const admin = await devAdmin();
    const post = mine.find((p) => p.category === "ai-trends")!;
    const moved = await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { slug: `${post.slug}-moved`, version: 1 } });
    expect(moved.status, moved.text).toBe(200);
    const res = await get(`/api/blog-posts/${post.slug}/related`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/api/blog-posts/${post.slug}-moved/related`);
  });
});

describe("RSS", () => {
  it("keeps the newest 20 published posts", async () => {
    const newest = (await list("limit=20")).items;
    const rss = (await get("/rss.xml")).text;
    const links = [...rss.matchAll(/<link>[^<]*\/blog\/([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links).toEqual(newest.map((p) => p.slug));
    expect(links).toHaveLength(20);
  });
});

function ids(items: { id: string }[]) {
  return items.map((p) => p.id);
}
