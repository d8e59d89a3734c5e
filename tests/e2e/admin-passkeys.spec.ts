import { expect, test, type Page } from "../support/test";
import { passkeyMessages } from "../../packages/core/src/contract/passkeys";
import { audit, expectAsksOnce, signInWithPassword, virtualAuthenticator } from "../support/admin-journey";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Passkeys in Chromium, through the DevTools virtual authenticator (a platform authenticator that
 * holds discoverable credentials and verifies the user): add one under Account & security, sign
 * out, 'Sign in with a passkey' with no username or password, remove it, and see the passkey that
 * the device still holds refused. Then 'End all other sessions' keeps or removes the passkeys added
 * in the last 24 hours, as asked (a Development Login session, which has none, is not asked), and
 * (issue 33 §2) with two-factor required a passkey-only account finishes its password sign-in with
 * its passkey. A runtime of its own, with a username account
 * (passkeys are for username accounts); nothing is published.
 */
const PASSWORD = "passkey-journey-password-1";
let runtime: RunningRuntime;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  runtime = await startRuntime({ web: true, env: { ADMIN_USERNAME: "paula", ADMIN_PASSWORD: PASSWORD } });
});
test.afterAll(() => runtime?.stop());

test("an admin adds a passkey, signs in with it alone, and removes it", async ({ page }) => {
  test.setTimeout(120_000);
  const authenticator = await virtualAuthenticator(page);

  await signInWithPassword(page, runtime.url, "paula", PASSWORD);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account & security" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account & security");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("No passkeys yet")).toBeVisible();
  await audit(page, "Account & security without passkeys");

  // A name is asked for first; the browser is not asked until there is one.
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByText("Name is required")).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);

  await passkeys.getByLabel("Passkey name").fill("Virtual laptop key");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const list = passkeys.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByText("Virtual laptop key")).toBeVisible();
  await expect(list).toContainText("Not used yet");
  await expect(page.getByText('Passkey "Virtual laptop key" added')).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await audit(page, "Account & security with a passkey");

  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await audit(page, "Login page with the passkey button");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByTestId("admin-identity").first()).toContainText("@paula");

  await page.goto(`${runtime.url}/admin/account`);
  await expect(list).toContainText("Last used");
  await list.getByRole("button", { name: "Remove passkey Virtual laptop key" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove passkey" });
  await expect(confirm).toContainText('Remove the passkey "Virtual laptop key"? It will no longer sign you in.');
  await audit(page, "Remove passkey confirmation");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(passkeys.getByText("No passkeys yet")).toBeVisible();

  // The device still holds the credential; the site no longer knows it: a clear refusal, still signed out.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText(passkeyMessages.unknown);
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
  expect((await page.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(401);
});

/** Adds a passkey named `name` under Account & security (this session signed in just now: no re-auth asked). */
async function addPasskey(page: Page, name: string) {
  await page.goto(`${runtime.url}/admin/account`);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Passkey name").fill(name);
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const added = passkeys.getByRole("list", { name: "Your passkeys" }).getByText(name);
  const refused = passkeys.getByRole("alert");
  await expect(added.or(refused)).toBeVisible();
  expect(await refused.allInnerTexts(), "why adding the passkey failed").toEqual([]);
}

test("'End all other sessions' asks whether to remove the passkeys added in the last 24 hours: kept when kept, gone when removed", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await virtualAuthenticator(page);
  await signInWithPassword(page, runtime.url, "paula", PASSWORD);
  await addPasskey(page, "Recent tablet key");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  const sessions = page.getByRole("region", { name: "Sessions" });
  const elsewhere = await browser.newContext();
  try {
    /** Another browser signs in, and this one ends it with 'End all other sessions', answering the passkey question with `answer`. */
    const endOthers = async (answer: "Keep them" | "Remove them") => {
      await signInWithPassword(await elsewhere.newPage(), runtime.url, "paula", PASSWORD);
      await page.reload();
      await sessions.getByRole("button", { name: "End all other sessions" }).click();
      const ending = page.getByRole("alertdialog", { name: "End all other sessions" });
      await expect(ending).toContainText("End 1 other session? Every other browser signed in to this account is signed out at once.");
      await expectAsksOnce(ending);
      await ending.getByRole("button", { name: "End sessions" }).click();
      const question = page.getByRole("alertdialog", { name: "Remove recent passkeys" });
      await expect(question).toContainText("Also remove the passkeys added to this account in the last 24 hours?");
      await expectAsksOnce(question);
      await expect(question.getByRole("button", { name: "Keep them" })).toBeFocused();
      await audit(page, "Remove recent passkeys question");
      await question.getByRole("button", { name: answer }).click();
      await expect(question).toHaveCount(0);
    };

    await endOthers("Keep them");
    await expect(page.getByTestId("toasts")).toContainText("1 session ended");
    expect((await elsewhere.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(401);
    await expect(passkeys.getByRole("list", { name: "Your passkeys" }).getByText("Recent tablet key")).toBeVisible();

    await endOthers("Remove them");
    await expect(page.getByTestId("toasts")).toContainText("1 session ended, 1 passkey removed");
    expect((await elsewhere.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(401);
    await expect(passkeys.getByText("No passkeys yet")).toBeVisible();
    await audit(page, "Account & security after removing the recent passkeys");
    // This browser is still signed in.
    expect((await page.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
});

test("'End all other sessions' does not ask about recent passkeys when signed in with Development Login, which has none", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const devLogin = async (p: Page) => {
    await p.goto(`${runtime.url}/admin/login`);
    await p.getByRole("button", { name: "Development Login" }).click();
    await p.waitForURL((url) => url.pathname === "/admin");
  };
  const elsewhere = await browser.newContext();
  try {
    await devLogin(await elsewhere.newPage());
    await devLogin(page);
    await page.goto(`${runtime.url}/admin/account`);
    // Nor is it offered a passkey it could not add (the API refuses one to an account without a username).
    const passkeys = page.getByRole("region", { name: "Passkeys" });
    await expect(passkeys).toContainText("Passkeys are for username accounts.");
    await expect(passkeys.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
    await page.getByRole("region", { name: "Sessions" }).getByRole("button", { name: "End all other sessions" }).click();
    const ending = page.getByRole("alertdialog", { name: "End all other sessions" });
    await expect(ending).toContainText("Every other browser signed in to this account is signed out at once.");
    const answered = page.waitForResponse((res) => res.request().method() === "DELETE" && new URL(res.url()).pathname === "/api/admin/account/sessions");
    await ending.getByRole("button", { name: "End sessions" }).click();
    // No second question: the sessions end at once, and the API is not asked for passkeys (a 400).
    await expect(page.getByTestId("toasts")).toContainText("1 session ended");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect((await answered).status()).toBe(200);
    expect((await elsewhere.request.get(`${runtime.url}/api/admin/me`)).status()).toBe(401);
  } finally {
    await elsewhere.close();
  }
});

// Last in the file: it leaves the team requiring two-factor.
test("with two-factor required, an account whose only second factor is a passkey finishes its password sign-in with the passkey", async ({ page }) => {
  test.setTimeout(120_000);
  await virtualAuthenticator(page);
  await signInWithPassword(page, runtime.url, "paula", PASSWORD);
  await addPasskey(page, "Second step key");
  const requireBox = page.getByRole("checkbox", { name: "Require two-factor for every admin account" });
  await requireBox.check();
  await expect(page.getByText("Two-factor is now required")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/login");

  // The password alone: the second step asks for the passkey, and no session exists yet.
  await page.getByLabel("Username").fill("paula");
  await page.getByLabel("Password").fill(PASSWORD);
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname === "/api/admin/login");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  expect(await (await answered).json()).toEqual({ second_factor_required: true, methods: ["passkey"] });
  const step = page.getByRole("group", { name: "Two-step verification" });
  await expect(step).toContainText("Your team requires two-factor sign-in. Finish signing in with your passkey.");
  expect(page.url()).toMatch(/\/admin\/login/);
  for (const path of ["/api/admin/me", "/api/admin/contact-submissions", "/api/admin/account"]) {
    expect([401, 403], path).toContain((await page.request.get(`${runtime.url}${path}`)).status());
  }
  await audit(page, "passkey second step");

  await step.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("admin-identity").first()).toContainText("@paula");
  // A full session: the whole back office, not the set-up hold.
  expect((await page.request.get(`${runtime.url}/api/admin/contact-submissions`)).status()).toBe(200);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages" })).toBeVisible();
});
