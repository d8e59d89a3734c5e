/// <reference lib="dom" />
import { expect, test } from "../support/test";

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
