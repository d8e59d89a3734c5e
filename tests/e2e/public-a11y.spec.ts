/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "../support/test";

const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function audit(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  const summary = results.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** Scroll through so lazy sections, counters and the footer are rendered before the audit. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      // Two frames: what came into view has been observed and rendered.
      for (let frame = 0; frame < 2; frame++) await new Promise((r) => requestAnimationFrame(r));
    }
    window.scrollTo(0, 0);
  });
  await expect(page.getByRole("button", { name: "Privacy Policy" })).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

const pages = [
  "/",
  "/about",
  "/services",
  "/tech-school",
  "/blog",
  "/blog/from-spreadsheets-to-machine-learning-a-12-week-roadmap",
  "/contact",
  "/blog/missing-post",
  "/no-such-page",
];

for (const path of pages) {
  test(`axe finds no WCAG 2.1 A/AA violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await settle(page);
    await audit(page, path);
  });
}

test("axe finds no WCAG 2.1 A/AA violation in the dialogs and the mobile menu", async ({ page }) => {
  // Four pages and five audits: 1.5 min alone at a load of 10, near the default 2 min budget.
  test.slow();
  await page.goto("/");
  await settle(page);
  await page.getByRole("button", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("dialog", { name: "Privacy Policy" }).getByRole("heading", { name: "Who we are" })).toBeVisible();
  await audit(page, "policy modal");
  await page.keyboard.press("Escape");

  await page.goto("/services");
  await page.getByRole("button", { name: "Learn More about AI Agents & Chatbots" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit(page, "service detail");
  await page.keyboard.press("Escape");

  await page.goto("/tech-school");
  await page.getByRole("button", { name: "Start Learning" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Registration" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await audit(page, "registration dialog with errors");
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/blog");
  await page.getByRole("button", { name: "Open menu" }).click();
  await audit(page, "mobile menu");
  await page.getByRole("button", { name: "Close menu" }).click();
  await page.getByRole("button", { name: "Filters" }).click();
  await audit(page, "blog filter drawer");
});
