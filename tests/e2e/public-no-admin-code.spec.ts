import { expect, test } from "../support/test";

/**
 * A visitor never downloads back-office code (DESIGN: admin routes are their own lazy chunks): no
 * script a public page loads carries the admin screens' texts or the admin-only table library.
 */
const adminMarkers = ["Contact Messages", "Course Registrations", "Mark All Read", "getCoreRowModel", "contact-submissions", "Dismiss notification"];
const pages = ["/", "/about", "/services", "/tech-school", "/blog", "/contact", "/no-such-page"];

test("public pages load no admin code", async ({ page }) => {
  const urls = new Set<string>();
  page.on("request", (req) => {
    if (req.resourceType() === "script") urls.add(req.url());
  });
  for (const path of pages) {
    await page.goto(path);
    // Scroll so lazy sections (footer, home sections) load too: the footer's last control is there.
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByRole("button", { name: "Privacy Policy" })).toBeVisible();
  }
  expect(urls.size).toBeGreaterThan(3);
  // Each script the pages asked for, read again in full: one that cannot be read fails the test.
  const leaks: string[] = [];
  for (const url of urls) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    const body = await res.text();
    expect(body.length, url).toBeGreaterThan(0);
    leaks.push(...adminMarkers.filter((m) => body.includes(m)).map((m) => `${url}: ${m}`));
  }
  expect(leaks).toEqual([]);
});
