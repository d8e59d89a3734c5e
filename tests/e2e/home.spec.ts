import { expect, test } from "@playwright/test";

test("home shows the seeded services and industries", async ({ page }) => {
  await page.goto("/");
  const services = page.getByTestId("service-card");
  await expect(services).toHaveCount(6);
  await expect(services.first()).toContainText("Automation");
  await expect(page.getByTestId("industry-card")).toHaveCount(6);
});
