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
    // The site's own utility classes (and inline style) would pin this over the whole page.
    '<div class="fixed inset-0 z-50 bg-white" id="overlay" style="position:fixed;inset:0;z-index:9999;background:#fff">Overlay</div>',
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

test("a stored script or overlay payload in a post is sanitised: nothing runs and nothing covers the page", async ({ page }) => {
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
  expect(await body.locator("[class], [id], [style]").count()).toBe(0);
  // The overlay stays a plain block in the post; the page's own header is what sits at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const onTop = await page.evaluate(() => document.elementFromPoint(window.innerWidth / 2, 120)?.closest(".prose-content") !== null);
  expect(onTop).toBe(false);

  const link = body.getByText("click me");
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href ?? "").not.toMatch(/^\s*javascript:/i);
  await link.click();
  await body.getByText("After").click();

  expect(await body.locator("script, iframe").count()).toBe(0);
  expect(await body.locator("[onerror], [onclick]").count()).toBe(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
