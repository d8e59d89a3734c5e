import { expect, test, type Page } from "../support/test";
import { audit, signInWithPassword } from "../support/admin-journey";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAdminCli, startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Sessions you can see and end: one account signed in from two browsers; the first lists both
 * (itself marked, the other by browser and system) and ends the other, which is signed out at
 * once. Then the owner does the same to a member's session from the Team screen. A runtime of its
 * own, with username accounts: `sasha` (the owner), `milo` and `nora` (admins, made with the admin CLI).
 */
const PASSWORD = "sessions-journey-password-1";
const MEMBER_PASSWORD = "milos-journey-password-1";
const NORA_PASSWORD = "noras-journey-password-1";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
let runtime: RunningRuntime;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The admin CLI works on the data while no runtime holds it.
  const dataDir = mkdtempSync(join(tmpdir(), "agency-sessions-e2e-"));
  const created = runAdminCli({ dataDir }, ["create", "milo", "--password-stdin"], `${MEMBER_PASSWORD}\n`);
  expect(created.status, created.output).toBe(0);
  const changer = runAdminCli({ dataDir }, ["create", "nora", "--password-stdin"], `${NORA_PASSWORD}\n`);
  expect(changer.status, changer.output).toBe(0);
  runtime = await startRuntime({ dataDir, web: true, env: { ADMIN_USERNAME: "sasha", ADMIN_PASSWORD: PASSWORD } });
});
test.afterAll(() => runtime?.stop());

const signIn = (page: Page) => signInWithPassword(page, runtime.url, "sasha", PASSWORD);

test("an admin ends a forgotten session from the list and that browser is signed out", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const forgotten = await browser.newContext({ userAgent: FIREFOX_ON_LINUX });
  try {
    const other = await forgotten.newPage();
    await signIn(other);
    await signIn(page);

    await page.goto(`${runtime.url}/admin/account`);
    const sessions = page.getByRole("region", { name: "Sessions" });
    const rows = sessions.getByTestId("session-row");
    await expect(rows).toHaveCount(2);
    const mine = rows.filter({ hasText: "This browser" });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole("button", { name: /End session/ })).toHaveCount(0);
    const theirs = rows.filter({ hasText: "Firefox 133 on Linux" });
    await expect(theirs).toContainText("Signed in");
    // The address it signed in from (loopback here, IPv4 or IPv6).
    await expect(theirs).toContainText(/127\.0\.0\.1|::1/);
    await audit(page, "Account & security sessions");

    await theirs.getByRole("button", { name: /^End session: Firefox 133 on Linux/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "End session" });
    await expect(confirm).toContainText("End the session of Firefox 133 on Linux? That browser is signed out at once.");
    await confirm.getByRole("button", { name: "End session" }).click();
    await expect(page.getByText("Session ended")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(sessions.getByRole("button", { name: "End all other sessions" })).toHaveCount(0);

    // The other browser's very next request is refused: it lands on the login page.
    await other.goto(`${runtime.url}/admin/content`);
    await other.waitForURL((url) => url.pathname === "/admin/login");
    expect((await other.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(401);
    // This one is still signed in.
    expect((await page.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(200);
  } finally {
    await forgotten.close();
  }
});

test("an owner ends a member's session from the Team screen and the member's browser is signed out", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const members = await browser.newContext({ userAgent: FIREFOX_ON_LINUX });
  try {
    const member = await members.newPage();
    await signInWithPassword(member, runtime.url, "milo", MEMBER_PASSWORD);
    await signIn(page);

    await page.goto(`${runtime.url}/admin/team`);
    const row = page.getByRole("row").filter({ hasText: "@milo" });
    await row.getByRole("button", { name: "Sessions of milo" }).click();
    const dialog = page.getByRole("dialog", { name: "Sessions of milo" });
    const rows = dialog.getByTestId("session-row");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Firefox 133 on Linux");
    await expect(rows).toContainText("Signed in");
    await expect(rows).toContainText(/127\.0\.0\.1|::1/);
    await expect(rows).not.toContainText("This browser");
    await audit(page, "Team: a member's sessions");

    await rows.getByRole("button", { name: /^End session: Firefox 133 on Linux/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "End session" });
    await expect(confirm).toContainText("End the session of Firefox 133 on Linux? That browser is signed out at once.");
    await confirm.getByRole("button", { name: "End session" }).click();
    await expect(page.getByText("Session ended")).toBeVisible();
    await expect(dialog.getByText("Not signed in anywhere.")).toBeVisible();
    await expect(rows).toHaveCount(0);

    // The member's very next request is refused: their browser lands on the login page.
    await member.goto(`${runtime.url}/admin/content`);
    await member.waitForURL((url) => url.pathname === "/admin/login");
    expect((await member.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(401);
    // The owner is still signed in, and the dialog closes with Escape back to the team.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect((await page.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(200);
  } finally {
    await members.close();
  }
});

test("an admin changes their password: mistakes are named, and the other browsers are signed out", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const elsewhere = await browser.newContext({ userAgent: FIREFOX_ON_LINUX });
  try {
    const other = await elsewhere.newPage();
    await signInWithPassword(other, runtime.url, "nora", NORA_PASSWORD);
    await signInWithPassword(page, runtime.url, "nora", NORA_PASSWORD);
    await page.goto(`${runtime.url}/admin/account`);
    const section = page.getByRole("region", { name: "Password" });
    const form = section.getByRole("form", { name: "Change password" });
    const NEW_PASSWORD = "noras-new-password-0002";

    // Two new passwords that differ, then a wrong current one: each named at its field, nothing changed.
    await form.getByLabel("Current password").fill("not-noras-password");
    await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await form.getByLabel("Confirm new password").fill(`${NEW_PASSWORD}x`);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("The two new passwords do not match")).toBeVisible();
    await form.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("Current password is incorrect")).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await audit(page, "Account & security password");
    expect((await other.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(200);

    await form.getByLabel("Current password").fill(NORA_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed. 1 other session signed out.")).toBeVisible();
    await expect(form.getByLabel(/^New password/)).toHaveValue("");
    await expect(page.getByRole("region", { name: "Sessions" }).getByTestId("session-row")).toHaveCount(1);
    // The other browser is signed out; this one stays; the new password signs in.
    expect((await other.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(401);
    expect((await page.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(200);
    await signInWithPassword(other, runtime.url, "nora", NEW_PASSWORD);
  } finally {
    await elsewhere.close();
  }
});
