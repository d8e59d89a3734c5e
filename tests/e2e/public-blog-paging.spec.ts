/// <reference lib="dom" />
import { expect, request, test, type APIRequestContext } from "../support/test";
import { audit, runTag } from "../support/admin-journey";
import { scrollToEnd } from "../support/hydrated";

/**
 * The paged blog with more posts than one page holds: 26 published posts of this run (13 Automation,
 * 13 Tech School), searched by their tag so the journey sees only its own posts, whatever else the
 * other journeys publish meanwhile.
 */
const tag = runTag("paging");
const COUNT = 26;
const unique = `${tag}zebra`;
let admin: APIRequestContext;
const ids: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post("/api/auth/dev-login", { data: {} })).ok()).toBe(true);
  for (let i = 0; i < COUNT; i++) {
    const res = await admin.post("/api/admin/blog-posts", {
      data: {
        title: `Paging post ${String(i).padStart(2, "0")} ${tag}`,
        slug: `${tag}-${i}`,
        content: `<p>Body of post ${i} for ${tag}.${i === 5 ? ` It mentions ${unique}.` : ""}</p>`,
        excerpt: `Excerpt ${i} of ${tag}`,
        category: i % 2 ? "tech-school" : "automation",
        is_published: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
});

test.afterAll(async () => {
  for (const id of ids) await admin.delete(`/api/admin/blog-posts/${id}`, { data: {} });
  await admin.dispose();
});

test("blog: pages of 12 with Next and Previous, category filter with counts, server search, and related articles", async ({ page }) => {
  const cards = page.getByTestId("post-card");
  const pages = page.getByRole("navigation", { name: "Blog pages" });

  // Page 1: the newest as Featured Article, 11 more, and Next.
  await page.goto(`/blog?q=${tag}`);
  await expect(page.getByTestId("featured-post")).toContainText(`Paging post 25 ${tag}`);
  await expect(cards).toHaveCount(11);
  await expect(pages.getByText("Page 1", { exact: true })).toBeVisible();
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await audit(page, "blog list, page 1");

  // Page 2 is its own address: 12 more, no Featured Article.
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/page/2\\?q=${tag}$`));
  await expect(cards.first()).toContainText(`Paging post 13 ${tag}`);
  await expect(cards).toHaveCount(12);
  await expect(page.getByTestId("featured-post")).toHaveCount(0);
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/page/3\\?q=${tag}$`));
  await expect(cards).toHaveCount(2);
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  // An address opened directly answers the same page.
  await page.reload();
  await expect(cards.last()).toContainText(`Paging post 00 ${tag}`);
  await pages.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/page/2\\?q=${tag}$`));
  await expect(cards).toHaveCount(12);

  // Category filter: back to page 1, the counts are the server's.
  const counts = (await (await page.request.get("/api/blog-categories")).json()) as { total: number; categories: { category: string; count: number }[] };
  const techSchool = counts.categories.find((c) => c.category === "tech-school")!.count;
  expect(techSchool).toBeGreaterThanOrEqual(13);
  const sidebar = page.getByTestId("category-list").first();
  await expect(sidebar.getByRole("button", { name: /^All Posts/ })).toContainText(String(counts.total));
  await sidebar.getByRole("button", { name: /^Tech School/ }).click();
  await expect(sidebar.getByRole("button", { name: /^Tech School/ })).toContainText(String(techSchool));
  await expect(page).toHaveURL(new RegExp(`/blog\\?category=tech-school&q=${tag}$`));
  await expect(page.getByTestId("featured-post")).toContainText(`Paging post 25 ${tag}`);
  await expect(cards).toHaveCount(11);
  for (const card of await cards.all()) await expect(card).toContainText("Tech School");
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(`Paging post 01 ${tag}`);

  // Search runs on the server over every post, content included.
  await page.goto("/blog");
  await page.getByRole("searchbox", { name: "Search articles" }).fill(unique.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`/blog\\?q=${unique.toUpperCase()}$`));
  await expect(page.getByTestId("featured-post")).toContainText(`Paging post 05 ${tag}`);
  await expect(cards).toHaveCount(0);
  await expect(pages).toHaveCount(0);

  // Related Articles: the newest three of the post's category, not the post itself.
  await page.getByTestId("featured-post").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Paging post 05 ${tag}`);
  const related = page.getByTestId("related-posts").getByRole("listitem");
  await scrollToEnd(page);
  await expect(related).toHaveCount(3);
  const newestTechSchool = (await (await page.request.get("/api/blog-posts?category=tech-school&limit=3")).json()) as { title: string }[];
  await expect(related).toHaveText(newestTechSchool.map((p) => new RegExp(p.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))));
  await audit(page, "blog post with related articles");
});

test("blog: a reader who jumps to the Next link finds it where they jumped, the cards above it holding their height", async ({ page }) => {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 720 });
    await page.goto(`/blog?q=${tag}`);
    await expect(page.getByTestId("post-card")).toHaveCount(11);
    await expect(page.getByRole("navigation", { name: "Blog pages" }).getByRole("link", { name: "Next page" })).toBeVisible();
    const moved = await page.evaluate(async () => {
      const next = document.querySelector('nav[aria-label="Blog pages"] a[rel="next"]')!;
      next.scrollIntoView({ block: "center" });
      const landed = next.getBoundingClientRect().top;
      for (let i = 0; i < 5; i++) await new Promise<void>((done) => requestAnimationFrame(() => done()));
      return next.getBoundingClientRect().top - landed;
    });
    expect(moved, `the Next link moved by ${moved} px at ${width} px`).toBe(0);
  }
});
