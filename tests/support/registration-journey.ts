import type { Page } from "./test";

/**
 * On the tech school page: opens the registration dialog with Start Learning and fills in a name and
 * an email address; returns the dialog, ready to submit.
 */
export async function openFilledRegistration(page: Page) {
  await page.goto("/tech-school");
  await page.getByRole("button", { name: "Start Learning" }).click();
  const dialog = page.getByRole("dialog", { name: "Course Registration" });
  await dialog.getByLabel("Full Name").fill("Grace Hopper");
  await dialog.getByLabel("Email Address").fill("grace@example.com");
  return dialog;
}
