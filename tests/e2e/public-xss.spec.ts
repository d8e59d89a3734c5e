/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { asVisitor, runTag } from "../support/admin-journey";

const payload = {
  title: "Stored payload",
  slug: "stored-payload",
  content: [
    "<p>Before</p>",
    '<img src="x" onerror="window.__xss=1">',
    "<script>window.__xss=1</script>",
    '<a href="javascript:window.__xss=1" id="evil-link">click me</a>',
    "<svg><script>window.__xss=1</script></svg>",
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
};

test("a stored script or overlay payload in a post is sanitised: nothing runs and nothing covers the page", async ({ page, browser, baseURL }) => {
  // Stored the way an admin would: signed in, through the admin API.
  const headers = { origin: new URL(baseURL!).origin, "content-type": "application/json" };
  expect((await page.request.post("/api/auth/dev-login", { headers, data: {} })).ok()).toBe(true);
  const slug = `${payload.slug}-${runTag("x")}`;
  const created = await page.request.post("/api/admin/blog-posts", { headers, data: { ...payload, slug } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  try {
    await asVisitor(browser, baseURL, async (visitor) => {
      const dialogs: string[] = [];
      visitor.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await visitor.goto(`/blog/${slug}`);
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Stored payload");
      const body = visitor.locator(".prose-content");
      await expect(body.getByText("Before")).toBeVisible();
      await expect(body.getByText("After")).toBeVisible();
      await expect(body.getByText("Overlay")).toBeVisible();
      expect(await body.locator("[class], [id], [style]").count()).toBe(0);
      // The overlay stays a plain block in the post; the page's own header is what sits at the top.
      await visitor.evaluate(() => window.scrollTo(0, 0));
      const onTop = await visitor.evaluate(() => document.elementFromPoint(window.innerWidth / 2, 120)?.closest(".prose-content") !== null);
      expect(onTop).toBe(false);

      const link = body.getByText("click me");
      await expect(link).toBeVisible();
      const href = await link.getAttribute("href");
      expect(href ?? "").not.toMatch(/^\s*javascript:/i);
      await link.click();
      await body.getByText("After").click();

      expect(await body.locator("script, iframe").count()).toBe(0);
      expect(await body.locator("[onerror], [onclick]").count()).toBe(0);
      // The image failed to load (its error event has fired) without running anything.
      const img = body.locator("img");
      await expect(img).toHaveCount(1);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
      expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
    });
  } finally {
    expect((await page.request.delete(`/api/admin/blog-posts/${id}`, { headers })).ok()).toBe(true);
  }
});
