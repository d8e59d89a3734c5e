/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { expectWholeLines } from "../support/clamp";
import { scrollToEnd } from "../support/hydrated";

const slug = "from-spreadsheets-to-machine-learning-a-12-week-roadmap";

test("blog post: breadcrumb, meta, excerpt fallback, body, related articles, and Post Not Found", async ({ page }) => {
  const relatedReads: string[] = [];
  page.on("request", (r) => r.url().endsWith("/related") && relatedReads.push(r.url()));
  await page.goto(`/blog/${slug}`);
  const title = "From Spreadsheets to Machine Learning: A 12-Week Roadmap";
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(crumbs.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(crumbs.getByText(title)).toHaveAttribute("aria-current", "page");

  await expect(page.getByText("Learning Guides").first()).toBeVisible();
  await expect(page.locator("article header time")).toHaveText("October 6, 2026");
  await expect(page.locator("article header").getByText(/^\d+ min read$/)).toBeVisible();
  // The seeded post has no excerpt: the first 150 characters of the text, then '...'.
  await expect(page.locator("article header p").filter({ hasText: /^Many of the students who join Arcline Academy.*\.\.\.$/ })).toBeVisible();
  await expect(page.getByText("Maya Okafor").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Weeks 1 to 3: Python and pandas" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share" })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Arcline AI`);

  // Related Articles are read when the reader nears the end of the post, not with the page.
  const related = page.getByTestId("related-posts").getByRole("listitem");
  expect(relatedReads).toEqual([]);
  await scrollToEnd(page);
  await expect(related).toHaveCount(3);
  await expect(page.getByTestId("related-posts")).not.toContainText(title);

  // A related article reached in the app shows its own body, not the rendered page's.
  const next = related.first().getByRole("heading");
  const nextTitle = (await next.textContent())!.trim();
  await next.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextTitle);
  await expect(page.getByRole("heading", { name: "Weeks 1 to 3: Python and pandas" })).toHaveCount(0);
  await expect(page.locator(".prose-content")).not.toBeEmpty();

  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);

  await page.goto("/blog/this-post-does-not-exist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
  await expect(page.getByText("The blog post you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
});

for (const width of [1280, 360]) {
  test(`blog post: related article excerpts show whole lines only, at most three, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/blog/${slug}`);
    await scrollToEnd(page);
    const excerpts = page.getByTestId("related-posts").getByTestId("post-excerpt");
    await expect(excerpts).toHaveCount(3);
    await excerpts.last().scrollIntoViewIfNeeded();
    await expectWholeLines(excerpts, 3);
  });
}

test("blog post: the Share button copies the link when the browser cannot share", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    // Desktop Chromium without a share sheet.
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  });
  await page.goto(`/blog/${slug}`);
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByTestId("share-status")).toHaveText("Link copied to clipboard!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/blog/${slug}`);
});
