import { beforeAll, describe, expect, it } from "vitest";
import type { BlogPost, PublicBlogPostSummary } from "../../packages/core/src/contract/blog";
import { STALE_ITEM_MESSAGE } from "../../packages/core/src/contract/versioned";
import { allPages, devAdmin, nextCursor } from "../support/admin";
import type { Visitor } from "../support/auth-flow";
import { call, freshIp, type HttpResponse } from "../support/http";

/**
 * The editing contract (packages/core/src/contract/versioned.ts) on every editable item: versions
 * and stale saves, partial PUTs, text stored as typed; the course rules; the blog's list, search,
 * unique slugs and redirects of moved posts.
 */
let admin: Visitor;
beforeAll(async () => {
  admin = await devAdmin();
});

const uid = () => Math.random().toString(36).slice(2, 10);
const typed = "Tom & Jerry <3";
const publicGet = (path: string) => call("GET", path, { ip: freshIp() });
type Item = Record<string, unknown> & { id: string; version: number };

/** An editable item: how to read it whole, and the URL its PUT goes to. */
interface Editable {
  name: string;
  /** Creates (or picks) the item and answers its URL and a text field that can be changed. */
  setup(): Promise<{ url: string; read: () => Promise<Item>; field: string; restore?: (latest: Item) => Promise<unknown> }>;
}

const inList = (listUrl: string, id: string) => async () => ((await admin.call("GET", listUrl)).json as Item[]).find((i) => i.id === id)!;
const created = async (path: string, body: Record<string, unknown>) => {
  const res = await admin.call("POST", `/api/admin/${path}`, { body });
  expect(res.status, res.text).toBe(201);
  expect(res.json.version).toBe(1);
  return { url: `/api/admin/${path}/${res.json.id}`, read: inList(`/api/admin/${path}`, res.json.id) };
};

const editables: Editable[] = [
  { name: "service", setup: async () => ({ ...(await created("services", { title: "Versioned service" })), field: "title" }) },
  { name: "industry", setup: async () => ({ ...(await created("industries", { name: "Versioned industry" })), field: "name" }) },
  { name: "course", setup: async () => ({ ...(await created("courses", { title: "Versioned course" })), field: "title" }) },
  {
    name: "service detail",
    setup: async () => ({ ...(await created("service-details", { service_category: "AI Consulting", title: "Versioned detail" })), field: "title" }),
  },
  {
    name: "blog post",
    setup: async () => {
      const res = await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Versioned post", slug: `versioned-${uid()}`, content: "<p>x</p>" } });
      expect(res.json.version).toBe(1);
      const url = `/api/admin/blog-posts/${res.json.id}`;
      return { url, read: async () => (await admin.call("GET", url)).json, field: "title" };
    },
  },
  {
    name: "page section",
    setup: async () => {
      const [section] = (await admin.call("GET", "/api/admin/page-sections/contact")).json as Item[];
      const original = section!.title;
      return {
        url: `/api/admin/page-sections/${section!.id}`,
        read: inList("/api/admin/page-sections/contact", section!.id),
        field: "title",
        restore: (latest) => admin.call("PUT", `/api/admin/page-sections/${section!.id}`, { body: { title: original, version: latest.version } }),
      };
    },
  },
  {
    name: "site setting",
    setup: async () => {
      const read = async () => ((await admin.call("GET", "/api/admin/site-settings")).json as (Item & { key: string })[]).find((s) => s.key === "meta_description")!;
      const original = (await read()).value;
      return {
        url: "/api/admin/site-settings/meta_description",
        read,
        field: "value",
        restore: (latest) => admin.call("PUT", "/api/admin/site-settings/meta_description", { body: { value: original, version: latest.version } }),
      };
    },
  },
];

describe.each(editables)("a $name", ({ setup }) => {
  it("carries a version; a save at it answers version + 1; a save at an older one is a 409 stale and writes nothing", async () => {
    const { url, read, field, restore } = await setup();
    const before = await read();
    expect(before.version).toEqual(expect.any(Number));

    const first = await admin.call("PUT", url, { body: { [field]: `First ${uid()}`, version: before.version } });
    expect(first.status, first.text).toBe(200);
    expect(first.json.version).toBe(before.version + 1);
    expect((await read())[field]).toBe(first.json[field]);

    const stale = await admin.call("PUT", url, { body: { [field]: "Lost", version: before.version } });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ error: STALE_ITEM_MESSAGE, code: "stale" });
    const after = await read();
    expect(after[field]).toBe(first.json[field]);
    expect(after.version).toBe(before.version + 1);

    for (const version of [undefined, "2", 0, 1.5, null]) {
      const res = await admin.call("PUT", url, { body: { [field]: "No version", version } });
      expect(res.status, String(version)).toBe(400);
      expect(Object.keys(res.json.fields), String(version)).toEqual(["version"]);
    }
    expect((await read())[field]).toBe(first.json[field]);

    // Text stays as typed, through the save and the read.
    const saved = await admin.call("PUT", url, { body: { [field]: typed, version: after.version } });
    expect(saved.json[field]).toBe(typed);
    expect((await read())[field]).toBe(typed);
    await restore?.(saved.json);
  });
});

describe("a PUT changes only the fields it sends", () => {
  it("keeps a published post published, and every other field, when is_published is left out", async () => {
    const post = (
      await admin.call("POST", "/api/admin/blog-posts", {
        body: { title: "Stays live", slug: `stays-${uid()}`, content: "<p>Live</p>", excerpt: "Kept", author_name: "Ada", category: "tutorials", is_published: true },
      })
    ).json;
    const saved = await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { title: "Stays live, renamed", version: 1 } });
    expect(saved.json).toMatchObject({
      title: "Stays live, renamed",
      slug: post.slug,
      content: "<p>Live</p>",
      excerpt: "Kept",
      author_name: "Ada",
      category: "tutorials",
      is_published: true,
      published_at: post.published_at,
      version: 2,
    });
    expect((await publicGet(`/api/blog-posts/${post.slug}`)).json.title).toBe("Stays live, renamed");
  });

  it("keeps a service's other fields when only is_active is sent", async () => {
    const body = { title: "Keeps fields", description: "Described", icon_name: "Eye", image_url: "https://example.com/s.png", order_index: 7, is_active: true };
    const { id } = (await admin.call("POST", "/api/admin/services", { body })).json;
    const saved = await admin.call("PUT", `/api/admin/services/${id}`, { body: { is_active: false, version: 1 } });
    expect(saved.json).toMatchObject({ ...body, is_active: false, version: 2 });
  });

  it("keeps a page section's video_url, image_url and texts when only is_active is sent", async () => {
    const section = ((await admin.call("GET", "/api/admin/page-sections/home")).json as Item[]).find((s) => s.section_key === "video_embed_url")!;
    const withVideo = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, {
      body: { video_url: "https://www.youtube-nocookie.com/embed/kept", image_url: "https://example.com/i.png", version: section.version },
    });
    const saved = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { is_active: false, version: withVideo.json.version } });
    expect(saved.json).toMatchObject({
      video_url: "https://www.youtube-nocookie.com/embed/kept",
      image_url: "https://example.com/i.png",
      title: section.title,
      content: section.content,
      is_active: false,
    });
    await admin.call("PUT", `/api/admin/page-sections/${section.id}`, {
      body: { video_url: section.video_url, image_url: section.image_url, is_active: section.is_active, version: saved.json.version },
    });
  });

  it("keeps a course's link, colour and figures when only the title is sent", async () => {
    const body = {
      title: "Linked course",
      button_type: "register",
      external_url: "https://example.com/enrol",
      color_scheme: "from-teal-500 to-green-500",
      progress_percentage: 40,
      level: "Expert",
    };
    const { id } = (await admin.call("POST", "/api/admin/courses", { body })).json;
    const saved = await admin.call("PUT", `/api/admin/courses/${id}`, { body: { title: "Linked course II", version: 1 } });
    expect(saved.json).toMatchObject({ ...body, title: "Linked course II", version: 2 });
  });
});

describe("plain text is stored as typed", () => {
  it("round-trips 'Tom & Jerry <3' in a post's title, excerpt and author, in admin and public reads", async () => {
    const post = (
      await admin.call("POST", "/api/admin/blog-posts", {
        body: { title: typed, excerpt: typed, author_name: typed, slug: `typed-${uid()}`, content: "<p>Tom &amp; Jerry &lt;3</p>", is_published: true },
      })
    ).json;
    expect(post).toMatchObject({ title: typed, excerpt: typed, author_name: typed, content: "<p>Tom &amp; Jerry &lt;3</p>" });
    expect((await admin.call("GET", `/api/admin/blog-posts/${post.id}`)).json).toMatchObject({ title: typed, excerpt: typed, author_name: typed });
    expect((await publicGet(`/api/blog-posts/${post.slug}`)).json).toMatchObject({ title: typed, excerpt: typed, author_name: typed });
  });

  it("round-trips it in a plain page section's content, and in a service's public read", async () => {
    const section = ((await admin.call("GET", "/api/admin/page-sections/global")).json as Item[]).find((s) => s.section_key === "footer_description")!;
    const saved = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { content: typed, version: section.version } });
    expect(saved.json.content).toBe(typed);
    expect(((await publicGet("/api/page-sections/global")).json as Item[]).find((s) => s.id === section.id)!.content).toBe(typed);
    await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { content: section.content, version: saved.json.version } });

    const { id } = (await admin.call("POST", "/api/admin/services", { body: { title: typed, description: typed } })).json;
    expect(((await publicGet("/api/services")).json as Item[]).find((s) => s.id === id)).toMatchObject({ title: typed, description: typed });
  });
});

describe("course rules", () => {
  it("refuse a colour outside the eight gradients, naming color_scheme, on create and update", async () => {
    const bad = await admin.call("POST", "/api/admin/courses", { body: { title: "Colour", color_scheme: "from-red-500 to-blue-500" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(["color_scheme"]);
    const { id, color_scheme } = (await admin.call("POST", "/api/admin/courses", { body: { title: "Colour" } })).json;
    expect(color_scheme).toBe("from-purple-500 to-blue-500");
    const put = await admin.call("PUT", `/api/admin/courses/${id}`, { body: { color_scheme: "rainbow", version: 1 } });
    expect(put.status).toBe(400);
    expect(Object.keys(put.json.fields)).toEqual(["color_scheme"]);
    expect((await admin.call("PUT", `/api/admin/courses/${id}`, { body: { color_scheme: "from-yellow-500 to-orange-500", version: 1 } })).json.color_scheme).toBe(
      "from-yellow-500 to-orange-500",
    );
  });

  it("require external_url for a register button, checked on the course as it would be stored", async () => {
    const bad = await admin.call("POST", "/api/admin/courses", { body: { title: "Register", button_type: "register" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(["external_url"]);

    const contact = (await admin.call("POST", "/api/admin/courses", { body: { title: "Contact" } })).json;
    const toRegister = await admin.call("PUT", `/api/admin/courses/${contact.id}`, { body: { button_type: "register", version: 1 } });
    expect(toRegister.status).toBe(400);
    expect(Object.keys(toRegister.json.fields)).toEqual(["external_url"]);

    const register = (await admin.call("POST", "/api/admin/courses", { body: { title: "Register", button_type: "register", external_url: "https://example.com/r" } })).json;
    const cleared = await admin.call("PUT", `/api/admin/courses/${register.id}`, { body: { external_url: "", version: 1 } });
    expect(cleared.status).toBe(400);
    expect(Object.keys(cleared.json.fields)).toEqual(["external_url"]);
    // Nothing was written by the refused saves.
    expect((await admin.call("GET", "/api/admin/courses")).json.find((c: Item) => c.id === register.id)).toMatchObject({ external_url: "https://example.com/r", version: 1 });

    const ok = await admin.call("PUT", `/api/admin/courses/${contact.id}`, { body: { button_type: "register", external_url: "https://example.com/x", version: 1 } });
    expect(ok.json).toMatchObject({ button_type: "register", external_url: "https://example.com/x", version: 2 });
    expect((await admin.call("PUT", `/api/admin/courses/${register.id}`, { body: { button_type: "contact", external_url: "", version: 1 } })).status).toBe(200);
  });

  it("accept a level outside SPEC's four (shown with a fourth style)", async () => {
    expect((await admin.call("POST", "/api/admin/courses", { body: { title: "All", level: "All Levels" } })).json.level).toBe("All Levels");
  });
});

describe("blog posts: one post, unique slugs, the publish toggle", () => {
  const newPost = async (over: Record<string, unknown> = {}) => {
    const res = await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Post", slug: `post-${uid()}`, content: "<p>Body</p>", ...over } });
    expect(res.status, res.text).toBe(201);
    return res.json as BlogPost;
  };

  it("answers one post whole, with content and version, and 404 for an unknown id", async () => {
    const post = await newPost({ content: "<p>Whole body</p>" });
    const res = await admin.call("GET", `/api/admin/blog-posts/${post.id}`);
    expect(res.json).toMatchObject({ id: post.id, content: "<p>Whole body</p>", version: 1, slug: post.slug });
    expect((await admin.call("GET", "/api/admin/blog-posts/no-such-post")).status).toBe(404);
  });

  it("refuse a slug another post has, with a 409 naming it, on create and on update, writing nothing", async () => {
    const a = await newPost();
    const message = `The slug '${a.slug}' is already used by another post.`;
    const dup = await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Dup", slug: a.slug, content: "<p>x</p>" } });
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({ error: message, fields: { slug: message } });

    const b = await newPost();
    const moved = await admin.call("PUT", `/api/admin/blog-posts/${b.id}`, { body: { slug: a.slug, title: "Not saved", version: 1 } });
    expect(moved.status).toBe(409);
    expect(moved.json).toMatchObject({ error: message, fields: { slug: message } });
    expect((await admin.call("GET", `/api/admin/blog-posts/${b.id}`)).json).toMatchObject({ slug: b.slug, title: b.title, version: 1 });
  });

  it("check the toggle's version when sent, and toggle the stored post when not", async () => {
    const post = await newPost();
    const stale = await admin.call("PUT", `/api/admin/blog-posts/${post.id}/publish`, { body: { is_published: true, version: 7 } });
    expect(stale.status).toBe(409);
    expect(stale.json.code).toBe("stale");
    const on = await admin.call("PUT", `/api/admin/blog-posts/${post.id}/publish`, { body: { is_published: true, version: 1 } });
    expect(on.json).toMatchObject({ is_published: true, version: 2, published_at: expect.any(String) });
    const off = await admin.call("PUT", `/api/admin/blog-posts/${post.id}/publish`, { body: { is_published: false } });
    expect(off.json).toMatchObject({ is_published: false, version: 3 });
    expect((await admin.call("PUT", "/api/admin/blog-posts/nope/publish", { body: { is_published: true } })).status).toBe(404);
  });

  it("answers 404, not 409, for a save of a deleted post", async () => {
    const post = await newPost();
    await admin.call("DELETE", `/api/admin/blog-posts/${post.id}`, { body: {} });
    expect((await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { title: "Gone", version: 1 } })).status).toBe(404);
  });
});

describe("a published post's old slug", () => {
  const published = async () =>
    (
      await admin.call("POST", "/api/admin/blog-posts", {
        body: { title: "Moving post", slug: `moving-${uid()}`, content: "<p>Moving body</p>", is_published: true },
      })
    ).json as BlogPost;
  const redirected = (res: HttpResponse, to: string) => {
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/api/blog-posts/${to}`);
    expect(res.json).toEqual({ redirect: to });
    expect(res.headers["cache-control"]).toMatch(/^public, /);
  };

  it("answers 301 to the new slug, whose page has the post; lists, sitemap and feed name the new slug only", async () => {
    const post = await published();
    const newSlug = `moved-${uid()}`;
    const moved = await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { slug: newSlug, version: 1 } });
    expect(moved.json).toMatchObject({ slug: newSlug, version: 2 });

    const old = await publicGet(`/api/blog-posts/${post.slug}`);
    redirected(old, newSlug);
    const page = await publicGet(old.headers.location as string);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ id: post.id, slug: newSlug, title: "Moving post", content: "<p>Moving body</p>" });

    const list = (await publicGet("/api/blog-posts")).json as PublicBlogPostSummary[];
    expect(list.find((p) => p.id === post.id)?.slug).toBe(newSlug);
    for (const feed of ["/sitemap.xml", "/rss.xml"]) {
      const text = (await publicGet(feed)).text;
      expect(text, feed).toContain(`/blog/${newSlug}`);
      expect(text, feed).not.toContain(`/blog/${post.slug}<`);
    }
  });

  it("can be taken by a new post, which ends the redirect", async () => {
    const post = await published();
    await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { slug: `elsewhere-${uid()}`, version: 1 } });
    const taker = await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Taker", slug: post.slug, content: "<p>New</p>", is_published: true } });
    expect(taker.status).toBe(201);
    const res = await publicGet(`/api/blog-posts/${post.slug}`);
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(taker.json.id);
  });

  it("is freed with the post's slug when the post is deleted", async () => {
    const post = await published();
    const newSlug = `deleted-${uid()}`;
    await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { slug: newSlug, version: 1 } });
    redirected(await publicGet(`/api/blog-posts/${post.slug}`), newSlug);
    expect((await admin.call("DELETE", `/api/admin/blog-posts/${post.id}`, { body: {} })).status).toBe(200);
    for (const slug of [post.slug, newSlug]) {
      expect((await publicGet(`/api/blog-posts/${slug}`)).status).toBe(404);
      const again = await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Again", slug, content: "<p>x</p>" } });
      expect(again.status, slug).toBe(201);
    }
  });

  it("is not kept for a draft that was never published", async () => {
    const draft = (await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Draft", slug: `draft-${uid()}`, content: "<p>x</p>" } })).json;
    await admin.call("PUT", `/api/admin/blog-posts/${draft.id}`, { body: { slug: `draft-moved-${uid()}`, version: 1 } });
    const reuse = await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Reuse", slug: draft.slug, content: "<p>x</p>" } });
    expect(reuse.status).toBe(201);
  });
});

describe("the back office's blog list", () => {
  const summaryKeys = [
    "id",
    "title",
    "slug",
    "excerpt",
    "category",
    "featured_image_url",
    "featured_image_alt",
    "author_name",
    "is_published",
    "created_at",
    "updated_at",
    "version",
  ];

  it("answers summaries without content, published ones with published_at", async () => {
    const tag = uid();
    const post = (
      await admin.call("POST", "/api/admin/blog-posts", {
        body: { title: `Summary ${tag}`, slug: `summary-${tag}`, content: "<p>Not in the list</p>", is_published: true },
      })
    ).json;
    const [found] = (await admin.call("GET", `/api/admin/blog-posts?q=${tag}`)).json as Record<string, unknown>[];
    expect(found!.id).toBe(post.id);
    expect(Object.keys(found!).sort()).toEqual([...summaryKeys, "published_at"].sort());
    expect(found).not.toHaveProperty("content");
  });

  it("searches title, excerpt, content, slug and author, case-insensitively", async () => {
    const tag = uid();
    const make = async (over: Record<string, unknown>) =>
      (await admin.call("POST", "/api/admin/blog-posts", { body: { title: "Plain", slug: `plain-${uid()}`, content: "<p>Plain</p>", ...over } })).json.id as string;
    const byField = {
      title: await make({ title: `Title ${tag}T` }),
      excerpt: await make({ excerpt: `Excerpt ${tag}E` }),
      content: await make({ content: `<p>Body <em>${tag}C</em> R&amp;D</p>` }),
      slug: await make({ slug: `slug-${tag}s` }),
      author: await make({ author_name: `Author ${tag}A` }),
    };
    const search = async (q: string) => ((await admin.call("GET", `/api/admin/blog-posts?q=${encodeURIComponent(q)}`)).json as Item[]).map((p) => p.id);
    expect(await search(`${tag}t`)).toEqual([byField.title]);
    expect(await search(`EXCERPT ${tag}e`)).toEqual([byField.excerpt]);
    expect(await search(`${tag.toUpperCase()}C R&D`)).toEqual([byField.content]);
    expect(await search(`SLUG-${tag}S`)).toEqual([byField.slug]);
    expect(await search(`author ${tag}a`)).toEqual([byField.author]);
    expect((await search(tag)).sort()).toEqual(Object.values(byField).sort());
    expect(await search(`${tag} no such text`)).toEqual([]);
  });

  it("pages a search newest first with X-Next-Cursor, and refuses a bad cursor or limit", async () => {
    const tag = uid();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 5)); // distinct created_at, so the order is the creation order
      ids.unshift((await admin.call("POST", "/api/admin/blog-posts", { body: { title: `Paged ${tag} ${i}`, slug: `paged-${tag}-${i}`, content: "<p>x</p>" } })).json.id);
    }
    const { items, pages } = await allPages<Item>(admin, "/api/admin/blog-posts", { limit: 1, q: tag });
    expect(items.map((p) => p.id)).toEqual(ids);
    // A search cannot tell that older years hold no match without reading them: it may end with an empty page.
    expect(pages.map((p) => p.json.length).filter(Boolean)).toEqual([1, 1, 1]);

    const first = await admin.call("GET", `/api/admin/blog-posts?limit=1&q=${tag}`);
    // A cursor is valid only with the search it was issued for.
    const foreign = await admin.call("GET", `/api/admin/blog-posts?limit=1&q=other&cursor=${nextCursor(first)}`);
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.json.fields)).toEqual(["cursor"]);
    expect((await admin.call("GET", "/api/admin/blog-posts?cursor=not-a-cursor")).json.fields).toHaveProperty("cursor");
    for (const limit of ["0", "101", "x"]) expect((await admin.call("GET", `/api/admin/blog-posts?limit=${limit}`)).json.fields, limit).toHaveProperty("limit");
  });
});
