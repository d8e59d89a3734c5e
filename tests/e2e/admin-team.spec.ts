/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { audit, runTag, signInAsAdmin } from "../support/admin-journey";

test.use({ timezoneId: "UTC", permissions: ["clipboard-read", "clipboard-write"] });

/**
 * The owner (Development Login is the local owner) invites an editor; the editor accepts in a browser
 * of their own, signs in, writes a post, sees only what an editor may use, and is told 'Not allowed'
 * at a forbidden address; the owner disables them and their session ends. The editor and the draft
 * are removed at the end, so no other journey sees them.
 */
test("an owner invites an editor who writes posts but cannot reach leads, then disables them", async ({ page, browser, baseURL }) => {
  // Two password hashes (accepting, signing in) on a shared machine.
  test.setTimeout(120_000);
  const username = runTag("ed");
  const password = `${username}-long-password`;
  const title = `Editor's draft ${username}`;

  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  const table = page.getByRole("table", { name: "Team" });

  // Invite: the dialog names a taken username's field, then answers the link with Copy.
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Invite someone" });
  await invite.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await invite.getByRole("button", { name: "Create invitation link" }).click();
  await expect(invite.getByText("Please enter a valid email address")).toBeVisible();
  await invite.getByRole("textbox", { name: "Email" }).fill(`${username}@example.com`);
  await invite.getByRole("textbox", { name: "Username" }).fill(username);
  await invite.getByRole("combobox", { name: "Role" }).selectOption("editor");
  await audit(page, "invite dialog");
  await invite.getByRole("button", { name: "Create invitation link" }).click();
  const linkBox = invite.getByRole("textbox", { name: "Link" });
  await expect(linkBox).toHaveValue(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
  const url = await linkBox.inputValue();
  // One format for the link's expiry, here and on the invitation page.
  const until = (await invite.getByTestId("team-link").innerText()).match(/until ([^.]+)\./)?.[1];
  expect(until).toBeTruthy();
  await invite.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByTestId("toasts")).toContainText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await invite.getByRole("button", { name: "Done" }).click();
  const row = table.getByRole("row").filter({ hasText: `@${username}` });
  await expect(row).toContainText("Invited");
  await audit(page, "team");

  // The editor, in a browser of their own with no session.
  const editorContext = await browser.newContext({ baseURL });
  try {
    const ed = await editorContext.newPage();
    await ed.goto(new URL(url).pathname);
    await expect(ed.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
    await expect(ed.getByText(`Username: ${username}`)).toBeVisible();
    await expect(ed.getByText("You are invited as an editor.")).toBeVisible();
    await expect(ed.getByText(`This link works once, until ${until}.`)).toBeVisible();
    await ed.getByLabel("Password", { exact: true }).fill(password);
    await ed.getByLabel("Repeat the password").fill(password);
    await audit(ed, "invitation page");
    await ed.getByRole("button", { name: "Create my account" }).click();
    await expect(ed.getByRole("heading", { level: 1, name: "Welcome to the team" })).toBeVisible();

    // The link works once.
    const again = await editorContext.newPage();
    await again.goto(new URL(url).pathname);
    await expect(again.getByRole("alert")).toHaveText("This link has already been used. Ask the site owner for a new one.");
    await audit(again, "used link");
    await again.close();

    await ed.getByRole("link", { name: "Sign in" }).click();
    await ed.getByLabel("Username").fill(username);
    await ed.getByLabel("Password").fill(password);
    await ed.getByRole("button", { name: "Sign in", exact: true }).click();
    await ed.waitForURL((u) => u.pathname === "/admin");

    const nav = ed.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText(["Overview", "Content", "Blog Posts", "Courses", "Service Details", "Policies", "Media", "Trash", "Account & security"]);
    // The editor's Overview: posts and courses, no lead figures.
    await expect(ed.getByTestId("stat-card").filter({ hasText: "Blog Posts" })).toBeVisible();
    await expect(ed.getByTestId("stat-card").filter({ hasText: "Contact Forms" })).toHaveCount(0);
    await expect(ed.getByRole("region", { name: "Recent Contact Submissions" })).toHaveCount(0);

    // Writes a post (a draft: nothing reaches the public site).
    await nav.getByRole("link", { name: "Blog Posts" }).click();
    await ed.getByRole("button", { name: "New Post" }).click();
    const dialog = ed.getByRole("dialog", { name: "Create New Post" });
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await dialog.getByRole("textbox", { name: "Content" }).click();
    await ed.keyboard.type("Written by an editor.");
    await dialog.getByRole("button", { name: "Create Post" }).click();
    await expect(ed.getByTestId("toasts")).toContainText("Blog post created successfully!");
    await expect(ed.getByRole("region", { name: "Blog posts" }).locator("tbody tr", { hasText: title })).toBeVisible();

    // A forbidden address says so.
    await ed.goto("/admin/messages");
    await expect(ed.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
    await expect(ed.getByText("Your role does not give access to Messages.")).toBeVisible();
    await audit(ed, "not allowed");

    // The owner disables the editor: the editor's session ends at once.
    await page.reload();
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: `Disable ${username}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Disable ${username}` });
    await confirm.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByTestId("toasts")).toContainText(`${username} is disabled`);
    await expect(row).toContainText("Disabled");
    await ed.goto("/admin/blog");
    await ed.waitForURL((u) => u.pathname === "/admin/login");
    expect((await ed.request.get("/api/admin/me")).status()).toBe(401);
  } finally {
    await editorContext.close();
  }

  // Clean up: the draft and the editor.
  const posts = (await (await page.request.get(`/api/admin/blog-posts?q=${encodeURIComponent(username)}`)).json()) as { id: string; title: string }[];
  for (const p of posts.filter((p) => p.title === title)) {
    await page.request.delete(`/api/admin/blog-posts/${p.id}`, { headers: { origin: new URL(baseURL!).origin, "content-type": "application/json" }, data: {} });
  }
  await row.getByRole("button", { name: `Remove ${username}` }).click();
  const remove = page.getByRole("alertdialog", { name: "Remove from the team" });
  await expect(remove.getByRole("button", { name: "Cancel" })).toBeFocused();
  await remove.getByRole("button", { name: "Remove" }).click();
  await expect(row).toHaveCount(0);
});
