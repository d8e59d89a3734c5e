/// <reference lib="dom" />
import { expect, test } from "../support/test";

const pages = [
  { path: "/", title: "Arcline AI — AI Automation Agency & Tech School" },
  { path: "/about", title: "About Us | Arcline AI" },
  { path: "/services", title: "Services | Arcline AI" },
  { path: "/tech-school", title: "Tech School | Arcline AI" },
  { path: "/blog", title: "Blog | Arcline AI" },
  { path: "/contact", title: "Contact Us | Arcline AI" },
];

test("each public page sets its title, description, canonical link and Open Graph tags", async ({ page, baseURL }) => {
  for (const p of pages) {
    await page.goto(p.path);
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveTitle(p.title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${p.path}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${p.path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", description!);
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "Arcline AI");
    await expect(page.locator("h1")).toHaveCount(1);
  }
  // The home page uses the settings as they are.
  await page.goto("/");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "Arcline AI builds workflow automation, AI agents and forecasting for growing businesses, and Arcline Academy teaches teams to run them.",
  );

  // A post: its title, excerpt and (when set) image.
  const slug = "how-a-regional-distributor-cut-invoice-processing-time-by-72-percent";
  await page.goto(`/blog/${slug}?utm=x`);
  await expect(page).toHaveTitle("How a Regional Distributor Cut Invoice Processing Time by 72 Percent | Arcline AI");
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^A Northeast food distributor/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/blog/${slug}`);
});
