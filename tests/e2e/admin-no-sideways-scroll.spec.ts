/// <reference lib="dom" />
import { expect, test } from "@playwright/test";
import { adminNav } from "../../web/src/components/admin/admin-nav";
import { signInAsAdmin } from "../support/admin-journey";

/**
 * No admin screen scrolls sideways at page level, on a phone (390 px) or a laptop (1280 px): wide
 * tables scroll inside their own frame, text wraps. Messages and Registrations are included too
 * (the inbox rework owns their columns).
 */
for (const width of [390, 1280]) {
  test(`no admin screen is wider than the window at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const tooWide: string[] = [];
    for (const screen of adminNav) {
      await page.goto(`/admin/${screen.path}`);
      await expect(page.getByRole("heading", { level: 1, name: screen.title })).toBeVisible();
      // Lists and figures arrive after the heading; measure once the screen stopped loading.
      await page.waitForLoadState("networkidle");
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth) tooWide.push(`${screen.label}: ${scrollWidth} px in ${clientWidth} px`);
    }
    expect(tooWide).toEqual([]);
  });
}
