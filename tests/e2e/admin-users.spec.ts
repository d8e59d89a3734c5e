/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { audit, deleteWithConfirmation, signInAsAdmin } from "../support/admin-journey";
import { demo, signInWithGoogle, Visitor } from "../support/auth-flow";

test.use({ timezoneId: "UTC", permissions: ["clipboard-read", "clipboard-write"] });

// This journey owns the demo account whose email is not verified: no other journey signs in with it.
test("an admin finds, sorts, copies and deletes a user who signed in with Google", async ({ page, baseURL }) => {
  // Google accounts are recorded as users when they sign in, even when refused the admin area (403).
  await signInWithGoogle(new Visitor(baseURL!), demo.unverified);

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  const counts = page.getByRole("region", { name: "User counts" });
  for (const label of ["Total Users", "Active (7 days)", "New (30 days)", "Inactive (30+ days)"]) {
    await expect(counts.getByTestId("stat-card").filter({ hasText: label }).getByTestId("stat-value")).toHaveText(/^\d[\d,]*$/);
  }

  // Defaults: Join Date, Newest First; changing them asks the server for that order.
  await expect(page.getByLabel("Sort by")).toHaveValue("created_at");
  await expect(page.getByLabel("Order")).toHaveValue("desc");
  const sorted = page.waitForRequest((r) => r.url().includes("/api/admin/users?") && r.url().includes("sort=email") && r.url().includes("order=asc"));
  await page.getByLabel("Sort by").selectOption("email");
  await page.getByLabel("Order").selectOption("asc");
  await sorted;

  const table = page.getByRole("table", { name: "Users" });
  await page.getByPlaceholder("Search by name or email...").fill("unverified@");
  const row = table.getByRole("row").filter({ hasText: demo.unverified.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Una Unverified");
  await expect(row).toContainText("Active today");
  await expect(row).not.toContainText("Verified");
  await expect(row.getByText(/^ID: /)).toBeVisible();
  // A Google account that may not sign in (its email is not verified) says so in the Role column.
  await expect(table.getByRole("columnheader", { name: "Role" })).toBeVisible();
  await expect(row.getByText("No access", { exact: true })).toBeVisible();
  const body = await page.content();
  expect(body).not.toContain("100000000000000000003"); // the Google subject never reaches the browser

  await row.getByRole("button", { name: "Copy email" }).click();
  await expect(page.getByText(`Copied ${demo.unverified.email}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(demo.unverified.email);

  await audit(page, "users");

  await deleteWithConfirmation(page, {
    button: row.getByRole("button", { name: "Delete user" }),
    row,
    dialogName: "Delete user",
    question: "Are you sure you want to delete this user? This action cannot be undone.",
    tableName: "Users",
  });
  const left = await page.request.get("/api/admin/users?q=unverified%40");
  expect(JSON.stringify(await left.json())).not.toContain(demo.unverified.email);

  await page.getByPlaceholder("Search by name or email...").fill("no-such-user-anywhere");
  await expect(page.getByText("No users found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search term")).toBeVisible();
});
