/// <reference lib="dom" />
import { expect, test } from "../support/test";

test("services: Learn More opens the matching service detail, and does nothing when no detail matches", async ({ page }) => {
  await page.goto("/services");
  await expect(page.getByTestId("service-category")).toHaveCount(6);

  await page.getByRole("button", { name: "Learn More about Computer Vision" }).click();
  const dialog = page.getByRole("dialog", { name: "Computer Vision Systems" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Computer Vision", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Key Features" })).toBeVisible();
  await expect(dialog.getByText("Feasibility study on your own images", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Benefits" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Common Use Cases" })).toBeVisible();
  await expect(dialog.getByText("Implementation Time")).toBeVisible();
  await expect(dialog.getByText("8-16 weeks")).toBeVisible();
  await expect(dialog.getByText("Investment")).toBeVisible();
  await expect(dialog.getByText("From $25,000")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Schedule Consultation" })).toHaveAttribute("href", "/contact");
  await expect(dialog.getByRole("link", { name: "Request Quote" })).toHaveAttribute("href", "/contact");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await dialogLinkNavigates(page);
});

async function dialogLinkNavigates(page: import("../support/test").Page) {
  await page.getByRole("button", { name: "Learn More about AI Consulting" }).click();
  await page.getByRole("dialog", { name: "AI Strategy & Readiness Consulting" }).getByRole("link", { name: "Request Quote" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("services: a category without a matching detail opens nothing", async ({ page }) => {
  await page.route("**/api/service-details", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify([
        {
          id: "only",
          service_category: "AI Consulting",
          title: "Only Consulting",
          short_description: "",
          detailed_description: "x",
          key_features: "a|b",
          benefits: "c",
          use_cases: "d",
          pricing_info: "",
          implementation_time: "",
          order_index: 0,
          is_active: true,
        },
      ]),
    }),
  );
  // The details come from the app's own fetch: /services is reached from another page (the rendered
  // /services carries the real details and fetches none).
  const details = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/service-details");
  await page.goto("/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  await details;
  await page.getByRole("button", { name: "Learn More about Computer Vision" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Nothing opened in the meantime either: the next Learn More is not under a modal, and its
  // dialog is the only one.
  await page.getByRole("button", { name: "Learn More about AI Consulting" }).click({ timeout: 5_000 });
  await expect(page.getByRole("dialog", { name: "Only Consulting" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(1);
});

test("services: Learn More pressed before the details arrive opens the detail once they do", async ({ page }) => {
  // The details are held back until the visitor has pressed Learn More.
  let release!: () => void;
  const pressed = new Promise<void>((r) => (release = r));
  let requested!: () => void;
  const asked = new Promise<void>((r) => (requested = r));
  await page.route("**/api/service-details", async (route) => {
    requested();
    await pressed;
    await route.continue();
  });
  // The details come from the app's own fetch: /services is reached from another page (the rendered
  // /services carries them and fetches none).
  await page.goto("/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  await asked;
  await page.getByRole("button", { name: "Learn More about Computer Vision" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  await expect(page.getByRole("dialog", { name: "Computer Vision Systems" })).toBeVisible();
});
