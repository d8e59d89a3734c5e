import { expect, test, type Page } from "../support/test";
import { passkeyMessages } from "../../packages/core/src/contract/passkeys";
import { audit, signInWithPassword } from "../support/admin-journey";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Passkeys in Chromium, through the DevTools virtual authenticator (a platform authenticator that
 * holds discoverable credentials and verifies the user): add one under Account & security, sign
 * out, 'Sign in with a passkey' with no username or password, remove it, and see the passkey that
 * the device still holds refused. A runtime of its own, with a username account (passkeys are
 * for username accounts); nothing is published.
 */
const PASSWORD = "passkey-journey-password-1";
let runtime: RunningRuntime;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  runtime = await startRuntime({ web: true, env: { ADMIN_USERNAME: "paula", ADMIN_PASSWORD: PASSWORD } });
});
test.afterAll(() => runtime?.stop());

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

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
