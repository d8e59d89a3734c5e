import { expect, test } from "@playwright/test";

/**
 * A visitor never downloads back-office code (DESIGN: admin routes are their own lazy chunks): no
 * script a public page loads carries the admin screens' texts or the admin-only table library.
 */
const adminMarkers = ["Contact Messages", "Course Registrations", "Mark All Read", "getCoreRowModel", "contact-submissions", "Dismiss notification"];
const pages = ["/", "/about", "/services", "/tech-school", "/blog", "/contact", "/no-such-page"];

test("public pages load no admin code", async ({ page }) => {
  const scripts = new Map<string, string>();
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script") scripts.set(res.url(), await res.text().catch(() => ""));
  });
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Scroll so lazy sections (footer, home sections) load too.
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.size).toBeGreaterThan(3);
  const leaks = [...scripts].flatMap(([url, body]) => adminMarkers.filter((m) => body.includes(m)).map((m) => `${url}: ${m}`));
  expect(leaks).toEqual([]);
});
