/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { scrollToEnd } from "../support/hydrated";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a reader goes from the home page to the blog and reads a post, and an unknown address says Page Not Found", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Put AI to Work Where Your Team Loses the Most Time");
    await expect(page.getByTestId("service-card").first()).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle(/^Blog \| /);
    const first = page.getByRole("main").getByRole("article").first().getByRole("link").first();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await page.goto(href!);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".prose-content")).not.toBeEmpty();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();

    for (const path of ["/about", "/services", "/tech-school", "/contact"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("hello@arcline.ai").first()).toBeVisible();
    }

    // The counters read their real figures; only the animation, in the browser, starts from zero.
    const figure = (label: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
        .locator("dd span[aria-hidden]")
        .first();
    await page.goto("/tech-school");
    await expect(figure("Graduates")).toHaveText("500+");
    await expect(figure("Average Rating")).toHaveText("4.8/5");
    await page.goto("/");
    await expect(figure("Automation Projects")).toHaveText("500+");
    await expect(figure("Client Satisfaction")).toHaveText("95%");

    const res = await page.goto("/a-page-that-does-not-exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });
});

test("a rendered page hydrates without console errors and fetches none of the data it carries", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || (m.type() === "warning" && /hydrat/i.test(m.text()))) problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));
  const gets: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname.startsWith("/api/")) gets.push(new URL(r.url()).pathname);
  });

  for (const path of ["/", "/services", "/tech-school", "/blog"]) {
    gets.length = 0;
    await page.goto(path);
    const carried = await page.evaluate(() => (JSON.parse(document.getElementById("page-data")!.textContent!) as { queries: { queryKey: unknown[] }[] }).queries.length);
    expect(carried).toBeGreaterThan(0);
    // goto waited for hydration and the app's first effects (tests/support/hydrated.ts): any read
    // of the page's data again would have been asked for by now.
    expect(gets, `${path} fetched again: ${gets.join(", ")}`).toEqual([]);
  }

  // A post: the same, and the page still works as an app afterwards (client-side navigation).
  // The oldest post of the sitemap: a seeded one, which journeys running beside this one leave alone.
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const href = new URL([...sitemap.matchAll(/<loc>([^<]*\/blog\/(?!page\/)[^<]+)<\/loc>/g)].at(-1)![1]!).pathname;
  gets.length = 0;
  await page.goto(href);
  // Its Related Articles are read when the reader nears the end (tests/e2e/public-blog-post.spec.ts:
  // not with the page); the post itself is not read again.
  const related = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith("/related"));
  await scrollToEnd(page);
  await related;
  expect(gets.filter((p) => p.startsWith("/api/blog-posts/"))).toEqual([`${href.replace("/blog/", "/api/blog-posts/")}/related`]);
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page).toHaveTitle(/^Blog \| /);

  expect(problems, problems.join("\n")).toEqual([]);

  // An unknown post's address serves the not-found page; the app renders its own 'Post Not Found'
  // over it, with no hydration error (the browser logs the 404s themselves).
  await page.goto(`/blog/no-such-post-${Date.now()}`);
  await expect(page.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
  expect(
    problems.filter((p) => !/Failed to load/.test(p)),
    problems.join("\n"),
  ).toEqual([]);
});

test("a page requests no script before it has painted and its eager images have arrived: its inline boot script fetches the app after them, so the largest paint has the line to itself", async ({
  page,
}) => {
  // The about page with one more eager image, outside the app's root (hydration never sees it), whose
  // bytes the server holds back for a second.
  await page.route(/\/about$/, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: (await res.text()).replace("</body>", '<img src="/favicon.svg?held" alt="" width="1" height="1"></body>') });
  });
  await page.route(/\/favicon\.svg\?held$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto("/about");
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const image = entries.find((e) => e.name.endsWith("/favicon.svg?held"))!;
    const scripts = entries.filter((e) => /\/assets\/[^/]+\.js$/.test(e.name));
    return { imageEnd: image.responseEnd, scripts: scripts.length, firstScriptStart: Math.min(...scripts.map((e) => e.startTime)) };
  });
  expect(timing.imageEnd).toBeGreaterThan(1000);
  expect(timing.scripts).toBeGreaterThan(0);
  expect(timing.firstScriptStart).toBeGreaterThanOrEqual(timing.imageEnd);
  // The page names no script to fetch: its one script is the inline boot script, which the CSP
  // allows by its hash (the app started, and the browser reported no violation).
  const served = await (await page.request.get("/about")).text();
  expect(served).not.toMatch(/<script[^>]*\ssrc=|<link rel="modulepreload"/);
  expect(served.match(/<script data-entry="\/assets\/[^"]+\.js" data-preload="[^"]*">/g)).toHaveLength(1);
  expect(violations).toEqual([]);

  // A page without images: the app is fetched once the browser reports the first contentful paint.
  await page.goto("/contact");
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  const contact = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]!;
    const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) => /\/assets\/[^/]+\.js$/.test(e.name));
    return { paint: paint.startTime, firstScriptStart: Math.min(...scripts.map((e) => e.startTime)) };
  });
  expect(contact.firstScriptStart).toBeGreaterThanOrEqual(contact.paint);
  expect(violations).toEqual([]);
});
