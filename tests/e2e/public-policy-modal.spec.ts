/// <reference lib="dom" />
import { expect, test } from "../support/test";

test("policy modal opens from the footer, shows the policy, and closes on the backdrop, the close button and Escape", async ({ page }) => {
  await page.goto("/");
  const open = page.getByRole("button", { name: "Privacy Policy" });
  await open.scrollIntoViewIfNeeded();
  await open.click();

  const dialog = page.getByRole("dialog", { name: "Privacy Policy" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByRole("heading", { name: "Information we collect" })).toBeVisible();
  await expect(dialog.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(dialog.getByText("If you have any questions about this policy, please contact us at")).toBeVisible();
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.height).toBeLessThanOrEqual(viewport.height * 0.9 + 1);

  // A click on the backdrop (outside the panel) closes it and focus returns to the opener.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await page.getByRole("button", { name: "Terms of Service" }).click();
  const terms = page.getByRole("dialog", { name: "Terms of Service" });
  await expect(terms.getByRole("heading", { name: "Course registrations" })).toBeVisible();
  await terms.getByRole("button", { name: "Close" }).click();
  await expect(terms).toBeHidden();

  await page.getByRole("button", { name: "Cookie Policy" }).click();
  await expect(page.getByRole("dialog", { name: "Cookie Policy" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("policy modal says 'Loading...' while fetching and 'Policy content not found.' when the policy is missing", async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route("**/api/page-sections/policies", async (route) => {
    await gate;
    await route.fulfill({ status: 200, contentType: "application/json", body: "[]" });
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Cookie Policy" }).click();
  await expect(page.getByRole("dialog", { name: "Loading..." })).toBeVisible();
  release();
  const dialog = page.getByRole("dialog", { name: "Cookie Policy" });
  await expect(dialog.getByText("Policy content not found.")).toBeVisible();
});
