/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { holdApp } from "../support/hydrated";
import { startDynalite } from "../../packages/local/src/dynamo";
import { startRuntime } from "../support/runtime";

test("blog: search over title, excerpt and content, category filter, empty state and Clear filters", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { name: "Featured Article" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "More Articles" })).toBeVisible();
  // Drafts never show.
  await expect(page.getByText("Student Showcase: Forecasting Demand for a Neighborhood Bakery")).toHaveCount(0);

  // Content-only match, case-insensitive ("Jupyter" appears only in the roadmap's body).
  const search = page.getByRole("searchbox", { name: "Search articles" });
  await search.fill("JUPYTER");
  await expect(page.getByTestId("featured-post")).toContainText("From Spreadsheets to Machine Learning: A 12-Week Roadmap");
  await expect(page.getByTestId("post-card")).toHaveCount(0);
  await expect(page).toHaveURL(/q=JUPYTER/);

  // Nothing matches: 'No posts found' with Clear filters.
  await search.fill("no-such-words-anywhere");
  await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(search).toHaveValue("");
  await expect(page.getByRole("heading", { name: "Featured Article" })).toBeVisible();

  // Category sidebar with counts: every category the editor offers, so every post can be found by its category.
  const sidebar = page.getByTestId("category-list").first();
  await expect(sidebar.getByRole("button")).toHaveCount(9);
  for (const name of ["Automation", "AI Trends", "Case Studies", "Student Projects", "Learning Guides", "Tech School", "Industry News", "Tutorials"]) {
    await expect(sidebar.getByRole("button", { name: new RegExp(`^${name}`) })).toHaveCount(1);
  }
  await sidebar.getByRole("button", { name: /^Case Studies/ }).click();
  await expect(sidebar.getByRole("button", { name: /^Case Studies/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("featured-post")).toContainText("How a Regional Distributor Cut Invoice Processing Time by 72 Percent");
  for (const card of await page.getByTestId("post-card").all()) await expect(card).toContainText("Case Studies");

  // A category with no published posts, then Clear filters.
  await sidebar.getByRole("button", { name: /^Student Projects/ }).click();
  await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(sidebar.getByRole("button", { name: /^All Posts/ })).toHaveAttribute("aria-pressed", "true");

  // Featured post links to its page.
  await page.getByTestId("featured-post").getByRole("link").click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
});

test("blog: a post in Industry News or Tutorials is found under its category, and a Popular Tag runs the search for it", async ({ page, baseURL }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const headers = { origin: baseURL! };
  expect((await page.request.post("/api/auth/dev-login", { data: {}, headers })).status()).toBe(200);
  const created = await page.request.post("/api/admin/blog-posts", {
    headers,
    data: { title: `Tutorial ${tag}`, slug: `tutorial-${tag}`, content: "<p>Steps</p>", category: "tutorials", is_published: true },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    await expect(async () => {
      await page.goto("/blog");
      const sidebar = page.getByTestId("category-list").first();
      await sidebar.getByRole("button", { name: /^Tutorials/ }).click();
      await expect(page).toHaveURL(/category=tutorials/);
      await expect(page.getByText(`Tutorial ${tag}`)).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 40_000 });
    await expect(page.getByText("in Tutorials")).toBeVisible();

    // Popular Tags: each chip is a link that runs the search.
    const tags = page.getByRole("region", { name: "Popular Tags" });
    await tags.getByRole("link", { name: "#Forecasting" }).click();
    await expect(page).toHaveURL(/\/blog\?q=Forecasting$/);
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("Forecasting");
    await expect(page.getByRole("status").filter({ hasText: "Articles matching" })).toContainText("matching “Forecasting”");
  } finally {
    await page.request.delete(`/api/admin/blog-posts/${id}`, { data: {}, headers });
  }
});

test("blog: the filter drawer on small screens", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/blog");
  await page.getByRole("button", { name: "Filters" }).click();
  const drawer = page.getByRole("dialog", { name: "Categories" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: /^AI Trends/ }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId("featured-post")).toContainText("What We Learned Shipping AI Agents Into Production This Year");
});

test("blog: 'No posts yet' on a site whose posts have all been deleted", async ({ page }) => {
  // A site of its own (its own database), so deleting every post leaves the other journeys' alone.
  test.setTimeout(120_000);
  const database = await startDynalite();
  const runtime = await startRuntime({ env: { DYNAMODB_ENDPOINT: database.endpoint, TABLE_NAME: "e2e-no-posts" } });
  try {
    const headers = { origin: runtime.url, "content-type": "application/json" };
    const api = (path: string) => `${runtime.url}${path}`;
    expect((await page.request.post(api("/api/auth/dev-login"), { headers, data: {} })).ok()).toBe(true);
    for (;;) {
      const list = await page.request.get(api("/api/admin/blog-posts?limit=100"));
      expect(list.status()).toBe(200);
      const posts = (await list.json()) as { id: string }[];
      if (!posts.length) break;
      for (const { id } of posts) expect((await page.request.delete(api(`/api/admin/blog-posts/${id}`), { headers })).ok()).toBe(true);
    }
    expect(await (await page.request.get(api("/api/blog-posts"))).json()).toEqual([]);

    await page.goto(api("/blog"));
    await expect(page.getByRole("heading", { name: "No posts yet" })).toBeVisible();
    await expect(page.getByTestId("featured-post")).toHaveCount(0);
  } finally {
    await runtime.stop();
    await database.close();
  }
});

test("blog: a search typed before the app runs is run once it does", async ({ page }) => {
  const appReady = await holdApp(page);
  await page.goto("/blog", { waitUntil: "domcontentloaded" });
  await page.getByRole("searchbox", { name: "Search articles" }).fill("JUPYTER");
  await appReady();
  await expect(page).toHaveURL(/q=JUPYTER/);
  await expect(page.getByTestId("featured-post")).toContainText("From Spreadsheets to Machine Learning: A 12-Week Roadmap");
  await expect(page.getByTestId("post-card")).toHaveCount(0);
  await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("JUPYTER");
});
