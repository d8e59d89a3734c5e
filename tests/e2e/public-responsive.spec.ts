import { expect, test } from "@playwright/test";

test.use({ viewport: { width: 360, height: 740 } });

/** Responsive from 360 px up: no public page scrolls sideways on the narrowest phone we support. */
test("every public page fits a 360 px wide screen without horizontal scrolling", async ({ page }) => {
  const posts = (await (await page.request.get("/api/blog-posts")).json()) as { slug: string }[];
  for (const path of ["/", "/about", "/services", "/tech-school", "/blog", `/blog/${posts[0]!.slug}`, "/contact", "/admin/login"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});
