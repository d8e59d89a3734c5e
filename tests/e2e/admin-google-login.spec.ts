import { expect, test } from "../support/test";

/**
 * The whole Google journey in Chromium against the local OpenID provider: Continue with Google,
 * the provider's login form, back to /auth/callback, into /admin with the Google identity shown;
 * Logout returns to the login page and the old cookie is refused.
 */
test("signs in with Google through the local provider and out again", async ({ page, context, baseURL }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await page.getByRole("button", { name: "Continue with Google" }).click();

  // The provider's own login page, on another origin.
  await page.waitForURL((url) => url.origin !== new URL(baseURL!).origin && url.pathname.startsWith("/interaction/"));
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("admin-password");
  await page.getByRole("button", { name: "Sign in" }).click();

  await page.waitForURL(/\/auth\/callback\?/);
  await expect(page.getByRole("heading", { name: "Completing Authentication" })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/admin", { timeout: 15_000 });

  await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
  const identity = page.getByTestId("admin-identity").first();
  await expect(identity).toContainText("Ada Admin");
  await expect(identity).toContainText("admin@example.com");
  await expect(identity.getByTestId("admin-role")).toContainText(/^(Owner|Admin|Editor) · Google Account$/);
  await expect(identity.locator("img")).toHaveAttribute("src", /^data:image\/svg\+xml/);

  const session = (await context.cookies()).find((c) => c.name === "session");
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Logout" }).first().click();
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "session")).toBeUndefined();

  // The old cookie is refused by the server, not merely forgotten by the browser.
  const replay = await page.request.get("/api/admin/me", { headers: { cookie: `session=${session!.value}` } });
  expect(replay.status()).toBe(401);
  await page.goto("/admin");
  await page.waitForURL((url) => url.pathname === "/admin/login");
});

test("shows the refusal to a Google account that is not authorised", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByLabel("Email").fill("visitor@example.com");
  await page.getByLabel("Password").fill("visitor-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await expect(page.getByRole("alert")).toHaveText("This Google account is not authorised for the admin area.");
});
