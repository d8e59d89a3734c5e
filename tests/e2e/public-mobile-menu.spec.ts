/// <reference lib="dom" />
import { expect, test } from "../support/test";

test.use({ viewport: { width: 390, height: 844 } });

test("mobile menu at 390 px opens, navigates and closes", async ({ page }) => {
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  await expect(page.getByTestId("site-header")).toHaveAttribute("data-solid", "true");
  for (const name of ["Home", "About", "Services", "Tech School", "Blog", "Contact"]) await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();

  await menu.getByRole("link", { name: "Tech School" }).click();
  await expect(page).toHaveURL(/\/tech-school$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();

  // Escape closes it too; nothing overflows horizontally.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
