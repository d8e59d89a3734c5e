/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { openFilledRegistration } from "../support/registration-journey";

test("tech school: a server error and a network failure keep the dialog open with their messages", async ({ page }) => {
  let mode: "500" | "abort" = "500";
  await page.route("**/api/course-registrations", (route) =>
    mode === "500" ? route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal error"}' }) : route.abort("internetdisconnected"),
  );
  // Playwright's clock: a success closes the dialog after 2 s; an error must not.
  await page.clock.install();
  const dialog = await openFilledRegistration(page);
  await dialog.getByRole("button", { name: "Submit Registration" }).click();
  await expect(dialog.getByText("Something went wrong. Please try again.")).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Grace Hopper");

  mode = "abort";
  await dialog.getByRole("button", { name: "Submit Registration" }).click();
  await expect(dialog.getByText("Network error. Please try again.")).toBeVisible();
  await expect(dialog).toBeVisible();
});
