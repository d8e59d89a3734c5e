/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { expectWholeLines } from "../support/clamp";

test("home shows the seeded services and industries, and the industries toggle expands and collapses", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Put AI to Work Where Your Team Loses the Most Time");

  const services = page.getByTestId("service-card");
  await expect(services).toHaveCount(6);
  await expect(services.first()).toContainText("Automation & Workflow");
  await expect(page.getByRole("link", { name: "Learn More about AI Agents & Chatbots" })).toHaveAttribute("href", "/services");

  const industries = page.getByTestId("industry-card");
  await expect(industries).toHaveCount(6);
  await expect(industries.first()).toContainText("Retail & E-commerce");
  await expect(page.getByText("Agriculture", { exact: true })).toHaveCount(0);

  const toggle = page.getByRole("button", { name: "View More Industries" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(industries).toHaveCount(12);
  await expect(page.getByRole("heading", { name: "Agriculture" })).toBeVisible();

  const less = page.getByRole("button", { name: "View Less" });
  await expect(less).toHaveAttribute("aria-expanded", "true");
  await less.click();
  await expect(industries).toHaveCount(6);
  await expect(page.getByRole("button", { name: "View More Industries" })).toBeVisible();
});

for (const width of [1280, 360]) {
  test(`home: course card descriptions show whole lines only, at most three, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const descriptions = page.getByTestId("course-card").getByTestId("course-description");
    await expect(descriptions).toHaveCount(6);
    await descriptions.first().scrollIntoViewIfNeeded();
    await expectWholeLines(descriptions, 3);
  });
}
