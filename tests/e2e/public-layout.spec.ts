/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { holdApp } from "../support/hydrated";

test("header turns opaque after 10 px, back to top appears after 300 px, and a new path starts at the top", async ({ page }) => {
  await page.goto("/about");
  const header = page.getByTestId("site-header");
  await expect(header).toHaveAttribute("data-solid", "false");
  const backToTop = page.getByRole("button", { name: "Back to top" });
  await expect(backToTop).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 50));
  await expect(header).toHaveAttribute("data-solid", "true");
  await expect(backToTop).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 800));
  await expect(backToTop).toBeVisible();
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(header).toHaveAttribute("data-solid", "false");

  // Footer link from the bottom of the page: the next page opens at the top.
  await page.getByRole("navigation", { name: "Company" }).getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI Services Built Around How Your Business Runs");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // (The footer's newsletter form subscribes for real: tests/e2e/newsletter.spec.ts.)
});

test("a page scrolled while its own code and its footer's are still on the way keeps what it showed, and the app takes over from there", async ({ page }) => {
  const chunksArrive = await holdApp(page, /\/assets\/(about|site-footer)-[^/]+\.js$/);
  await page.goto("/about");
  // The app runs (the header answers a scroll); the page's content and its footer wait for their chunks.
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  const rendered = await page.evaluateHandle(() => [document.querySelector("#main > *")!, document.querySelector("#root footer")!]);
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect(page.getByTestId("site-header")).toHaveAttribute("data-solid", "true");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Loading page")).toHaveCount(0);

  await chunksArrive();
  // Hydrated in place: the nodes the reader was looking at are the ones the app now runs.
  expect(await rendered.evaluate((nodes) => nodes.map((n) => n.isConnected))).toEqual([true, true]);
  await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
});

test("a reader who scrolled before the app ran keeps their place when it does", async ({ page }) => {
  const appRuns = await holdApp(page);
  await page.goto("/about");
  await page.evaluate(() => window.scrollTo(0, 800));
  await appRuns();
  await expect(page.getByRole("button", { name: "Back to top" })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(800);
});
