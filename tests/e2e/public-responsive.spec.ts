import { expect, test } from "../support/test";
import { scrollToEnd } from "../support/hydrated";

test.use({ viewport: { width: 360, height: 740 } });

/** Responsive from 360 px up: no public page scrolls sideways on the narrowest phone we support. */
test("every public page fits a 360 px wide screen without horizontal scrolling", async ({ page }) => {
  const posts = (await (await page.request.get("/api/blog-posts")).json()) as { slug: string }[];
  for (const path of ["/", "/about", "/services", "/tech-school", "/blog", `/blog/${posts[0]!.slug}`, "/contact", "/admin/login"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Scrolled to the end, with what loads on the way (lazy sections, the footer) in place and still.
    await scrollToEnd(page);
    await page.evaluate(async () => {
      for (let frame = 0; frame < 2; frame++) await new Promise((r) => requestAnimationFrame(r));
    });
    // The public pages end with the footer (its last control); the sign-in page has none.
    if (!path.startsWith("/admin")) await expect(page.getByRole("button", { name: "Privacy Policy" })).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});
