import { expect, test } from "../support/test";

const nav = [
  { label: "Overview", path: "/admin", title: "Dashboard Overview" },
  { label: "Content", path: "/admin/content", title: "Content Management" },
  { label: "Messages", path: "/admin/messages", title: "Contact Messages" },
  { label: "Registrations", path: "/admin/registrations", title: "Course Registrations" },
  { label: "Subscribers", path: "/admin/subscribers", title: "Newsletter Subscribers" },
  { label: "Blog Posts", path: "/admin/blog", title: "Blog Management" },
  { label: "Courses", path: "/admin/courses", title: "Course Management" },
  { label: "Service Details", path: "/admin/service-details", title: "Service Details Management" },
  { label: "Policies", path: "/admin/policies", title: "Policy Management" },
  { label: "Media", path: "/admin/media", title: "Media Library" },
  { label: "Users", path: "/admin/users", title: "User Management" },
  { label: "Settings", path: "/admin/settings", title: "Settings" },
  { label: "Activity", path: "/admin/activity", title: "Activity" },
  { label: "Team", path: "/admin/team", title: "Team" },
  { label: "Account & security", path: "/admin/account", title: "Account & security" },
];

test("sends a visitor without a session from /admin to the login page", async ({ page }) => {
  await page.goto("/admin/messages");
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await expect(page.getByRole("link", { name: "Back to website" })).toHaveAttribute("href", "/");
});

test("Development Login opens the shell; every nav item opens its page and is highlighted", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Development Login" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  const identity = page.getByTestId("admin-identity").first();
  await expect(identity).toContainText("Development Admin");
  await expect(identity).toContainText("@dev");
  // The role and the kind of account, not one label for every role.
  const { role } = (await (await page.request.get("/api/admin/me")).json()) as { role: "owner" | "admin" | "editor" };
  await expect(identity.getByTestId("admin-role")).toHaveText(`${{ owner: "Owner", admin: "Admin", editor: "Editor" }[role]} · Username Account`);
  await expect(identity).not.toContainText("Admin Account");

  const sidebar = page.getByRole("navigation", { name: "Admin" });
  for (const item of nav) {
    await sidebar.getByRole("link", { name: item.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${item.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.title);
    await expect(sidebar.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
  }
});

test("Logout ends the session on the server (a POST) and goes to the login page", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Development Login" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard Overview");
  const logout = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/logout");
  await page.getByRole("button", { name: "Logout" }).click();
  expect((await logout).method()).toBe("POST");
  await page.waitForURL((url) => url.pathname === "/admin/login");
  expect((await page.request.get("/api/admin/me")).status()).toBe(401);
  await page.goto("/admin");
  await page.waitForURL((url) => url.pathname === "/admin/login");
});

test("the username form shows the server's refusal", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Username").fill("nobody");
  await page.getByLabel("Password").fill("wrong-password-123");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
});

test("a callback without a code goes back to the login page", async ({ page }) => {
  await page.goto("/auth/callback");
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await expect(page.getByRole("alert")).toHaveText("Failed to login. Please try again.");
});
