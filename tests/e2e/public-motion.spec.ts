/// <reference lib="dom" />
import { expect, test, type Page } from "@playwright/test";

const counter = (page: Page, label: string) =>
  page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd span[aria-hidden]").first();

test("counters count up once when scrolled into view, and testimonials advance every 5 s", async ({ page }) => {
  await page.goto("/tech-school");
  const graduates = counter(page, "Graduates");
  await expect(graduates).toHaveText("0+");
  await page.waitForTimeout(500);
  await expect(graduates).toHaveText("0+"); // not in view yet

  await graduates.scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  const mid = await graduates.textContent();
  expect(mid).not.toBe("0+");
  expect(mid).not.toBe("500+");
  await expect(graduates).toHaveText("500+", { timeout: 4000 });
  // Screen readers get the final value only.
  await expect(page.locator("dl > div").filter({ has: page.locator("dt", { hasText: /^Graduates$/ }) }).locator("dd .sr-only").first()).toHaveText("500+");

  await page.goto("/");
  const slide = page.getByTestId("testimonial");
  await expect(slide).toContainText("Sarah Mitchell");
  await page.mouse.move(0, 0);
  await expect(slide).toContainText("David Chen", { timeout: 7000 });
  await page.getByRole("button", { name: "Show testimonial 3 of 3" }).click();
  await expect(slide).toContainText("Emily Rodriguez");
  await expect(page.getByRole("button", { name: "Show testimonial 3 of 3" })).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Pause testimonials" }).click();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(6000);
  await expect(slide).toContainText("Emily Rodriguez");
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("counters show their final values at once and testimonials stay put", async ({ page }) => {
    await page.goto("/tech-school");
    await expect(counter(page, "Graduates")).toHaveText("500+");
    await expect(counter(page, "Students Trained")).toHaveText("3,000+");
    await expect(counter(page, "Average Rating")).toHaveText("4.8/5");

    await page.goto("/");
    const slide = page.getByTestId("testimonial");
    await expect(slide).toContainText("Sarah Mitchell");
    await expect(page.getByRole("button", { name: "Pause testimonials" })).toHaveCount(0);
    await page.waitForTimeout(5600);
    await expect(slide).toContainText("Sarah Mitchell");
  });
});
