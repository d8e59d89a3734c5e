/// <reference lib="dom" />
import { expect, test } from "@playwright/test";

const payload = {
  id: "xss-post",
  title: "Stored payload",
  slug: "stored-payload",
  content: [
    "<p>Before</p>",
    '<img src="x" onerror="window.__xss=1">',
    "<script>window.__xss=1</script>",
    '<a href="javascript:window.__xss=1" id="evil-link">click me</a>',
    '<svg><script>window.__xss=1</script></svg>',
    '<iframe src="javascript:window.__xss=1"></iframe>',
    '<p onclick="window.__xss=1" id="evil-p">After</p>',
  ].join(""),
  excerpt: "A post carrying script payloads",
  category: "automation",
  featured_image_url: "",
  author_name: "Mallory",
  is_published: true,
  published_at: "2026-11-01T10:00:00.000Z",
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
};

test("a stored script payload in a post is sanitised and never runs", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.route("**/api/blog-posts/stored-payload", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(payload) }),
  );
  await page.goto("/blog/stored-payload");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stored payload");
  const body = page.locator(".prose-content");
  await expect(body.getByText("Before")).toBeVisible();
  await expect(body.getByText("After")).toBeVisible();

  const link = body.getByText("click me");
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href ?? "").not.toMatch(/^\s*javascript:/i);
  await link.click();
  await page.locator("#evil-p").click();

  expect(await body.locator("script, iframe").count()).toBe(0);
  expect(await body.locator("[onerror], [onclick]").count()).toBe(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
