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

test("crawlers find the sitemap, one address per page, no canonical on a missing page, and an icon at /favicon.ico", async ({ page, request, baseURL }) => {
  expect(await (await request.get("/robots.txt")).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  // A second name of a page answers 301 to its one address.
  for (const [from, to] of [
    ["/blog/page/1", "/blog"],
    ["/blog/page/1/", "/blog"],
    ["/index.html", "/"],
  ] as const) {
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers().location, from).toBe(to);
  }

  // The not-found page is served at any unknown address: it names no canonical, with or without JavaScript.
  const missing = await request.get("/no-such-page-here");
  expect(missing.status()).toBe(404);
  const html = await missing.text();
  expect(html).toContain("Page Not Found");
  expect(html).not.toContain('rel="canonical"');
  expect(html).not.toContain('property="og:url"');
  await page.goto("/no-such-page-here");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  // ... and a page reached after it gets its own again.
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);

  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toBe("image/x-icon");
  const bytes = await icon.body();
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
});
