/// <reference lib="dom" />
import { expect, test, type Page } from "../support/test";
import { signInAsAdmin } from "../support/admin-journey";

async function signInWithGoogleAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/interaction/"));
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("admin-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin", { timeout: 15_000 });
}

test("an error toast offers no Reload that fixes nothing, and goes away by itself after 10 s", async ({ page }) => {
  await page.clock.install();
  await signInWithGoogleAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("searchbox", { name: "Search users" }).fill("admin@example.com");
  const row = page.getByRole("table", { name: "Users" }).locator("tbody tr", { hasText: "admin@example.com" });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Admin (Google)")).toBeVisible();

  // Time stands still from here; the toast's timer runs only as the test moves the clock.
  await page.clock.pauseAt(Date.now() + 1000);
  await row.getByRole("button", { name: "Delete user" }).click();
  await page.getByRole("alertdialog", { name: "Delete user" }).getByRole("button", { name: "Delete" }).click();
  const toast = page.getByTestId("toasts").locator('[data-tone="error"]');
  await expect(toast).toContainText("You cannot delete the account you are signed in with.");
  // Reloading cannot change that answer, so nothing offers it.
  await expect(toast.getByRole("button")).toHaveCount(1);
  await expect(toast.getByRole("button", { name: "Dismiss notification" })).toBeVisible();

  await page.clock.runFor(9_500);
  await expect(toast).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(toast).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`a toast raised in an open editor keeps clear of its buttons at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsAdmin(page);
    await page.goto("/admin/blog");
    await page.getByRole("button", { name: "New Post" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Post" });
    const save = dialog.getByRole("button", { name: "Create Post" });
    await save.click();
    const toast = page.getByTestId("toasts").locator('[data-tone="error"]');
    await expect(toast).toContainText("Title is required");
    const [t, s, c] = [await toast.boundingBox(), await save.boundingBox(), await dialog.getByRole("button", { name: "Cancel" }).boundingBox()];
    for (const b of [s!, c!]) {
      const overlaps = t!.x < b.x + b.width && b.x < t!.x + t!.width && t!.y < b.y + b.height && b.y < t!.y + t!.height;
      expect(overlaps, JSON.stringify({ toast: t, button: b })).toBe(false);
    }
    // The button can be clicked where it is, with the toast still up.
    await save.click({ trial: true });
  });
}
