/// <reference lib="dom" />
import { expect, test } from "../support/test";
import { audit, runTag, signInAsAdmin } from "../support/admin-journey";

test.use({ timezoneId: "UTC", permissions: ["clipboard-read", "clipboard-write"] });

/**
 * The owner's pending links (issue 33 §4), on a phone and by keyboard: an invitation joins the
 * Pending links list (kind, who, role, expiry in the screen's one date format); Show link gives the
 * same address again with Copy, and it opens the invitation in a browser with no session; Withdraw
 * asks, then the row goes (from the team too) and the link says it is not valid.
 */
test("an owner sees a pending invitation link, shows it again, and withdraws it so it no longer works", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const username = runTag("pl");
  await signInAsAdmin(page);
  await page.goto("/admin/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();

  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Invite someone" });
  await invite.getByRole("textbox", { name: "Username" }).fill(username);
  await invite.getByRole("textbox", { name: "Email" }).fill(`${username}@example.com`);
  await invite.getByRole("combobox", { name: "Role" }).selectOption("admin");
  await invite.getByRole("button", { name: "Create invitation link" }).click();
  const url = await invite.getByRole("textbox", { name: "Link" }).inputValue();
  expect(url).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
  await invite.getByRole("button", { name: "Done" }).click();

  // The list: one row for the invitation, its expiry written as the team's "Until …" writes it.
  const links = page.getByRole("table", { name: "Pending links" });
  const row = links.getByRole("row").filter({ hasText: `@${username}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell")).toContainText(["Invitation", `@${username}${username}@example.com`, "Admin"]);
  const memberUntil = await page
    .getByRole("table", { name: "Team" })
    .getByRole("row")
    .filter({ hasText: `@${username}` })
    .getByText(/^Until /)
    .innerText();
  await expect(row.locator("time")).toHaveText(memberUntil.replace(/^Until /, ""));
  await audit(page, "pending links at 360 px");

  // Show link, by keyboard: the same address, with Copy.
  const showButton = row.getByRole("button", { name: `Show the invitation link for @${username}` });
  await showButton.focus();
  await page.keyboard.press("Enter");
  const shown = page.getByRole("dialog", { name: `Invitation link for @${username}` });
  await expect(shown.getByRole("textbox", { name: "Link" })).toHaveValue(url);
  await expect(shown.getByTestId("team-link")).toContainText(`until ${memberUntil.replace(/^Until /, "")}.`);
  await audit(page, "shown link");
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByTestId("toasts")).toContainText("Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.keyboard.press("Escape");
  await expect(shown).toBeHidden();
  await expect(showButton).toBeFocused();

  // The link shown again works, in a browser of its own.
  const fresh = await browser.newContext({ baseURL });
  try {
    const visitor = await fresh.newPage();
    await visitor.goto(new URL(url).pathname);
    await expect(visitor.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
    await expect(visitor.getByText(`Username: ${username}`)).toBeVisible();

    // Withdraw, by keyboard: Cancel first, then Withdraw; the row goes from both lists.
    const withdrawButton = row.getByRole("button", { name: `Withdraw the invitation link for @${username}` });
    await withdrawButton.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Withdraw the link" });
    await expect(confirm).toContainText("It stops working at once; you can make a new one later.");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await audit(page, "withdraw confirmation");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toasts")).toContainText("Link withdrawn");
    await expect(row).toHaveCount(0);
    await expect(
      page
        .getByRole("table", { name: "Team" })
        .getByRole("row")
        .filter({ hasText: `@${username}` }),
    ).toHaveCount(0);

    // The withdrawn link now says it is not valid.
    await visitor.reload();
    await expect(visitor.getByRole("alert")).toHaveText("This link is not valid. Check that you copied all of it, or ask the site owner for a new one.");
    await audit(visitor, "withdrawn link");
  } finally {
    await fresh.close();
  }
});
