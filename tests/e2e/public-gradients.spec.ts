/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";

/**
 * Every element that asks for a gradient gets one: a gradient class whose colour stops the
 * stylesheet did not generate computes `background-image: none` (the course cards went flat white).
 */
const GRADIENT = '[class*="bg-linear-"], [class*="bg-gradient-to-"]';

async function flatGradients(page: Page) {
  return page
    .locator(GRADIENT)
    .evaluateAll((els) =>
      els
        .filter((el) => getComputedStyle(el).backgroundImage === "none")
        .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").trim().replace(/\s+/g, ".")} "${(el.textContent ?? "").trim().slice(0, 40)}"`),
    );
}

test("every gradient on / and /tech-school, the course cards' included, is painted", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("course-card")).toHaveCount(6);
  expect(await page.locator(GRADIENT).count()).toBeGreaterThan(6);
  expect(await flatGradients(page)).toEqual([]);

  await page.goto("/tech-school");
  await expect(page.getByRole("heading", { name: "Machine Learning Fundamentals" })).toBeVisible();
  expect(await flatGradients(page)).toEqual([]);
});
