import { expect, test } from "../support/test";

test("signing in at http://127.0.0.1 (not PUBLIC_URL's localhost) ends on the dashboard", async ({ page, baseURL }) => {
  const site = new URL(baseURL!);
  await page.goto(`http://127.0.0.1:${site.port}/admin/login?from=loopback`);
  // Sent on to PUBLIC_URL's host before anything signs in, so the sign-in's Origin check passes.
  await expect(page).toHaveURL(`${site.origin}/admin/login?from=loopback`);
  await page.getByRole("button", { name: "Development Login" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard Overview");
  await expect(page).toHaveURL(`${site.origin}/admin`);
});
