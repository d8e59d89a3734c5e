import { hashToken } from "@agency/core/auth/sessions";
import { db } from "@agency/core/db/service";
import { startDynalite } from "../../packages/local/src/dynamo";
import { expect, test, type Page } from "../support/test";
import { audit, signInWithPassword, virtualAuthenticator } from "../support/admin-journey";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * The fresh proof (issue 33 §5): a session signed in more than 5 minutes ago asks "Confirm it's
 * you" before it turns on the authenticator app or adds a passkey, and carries on once the password
 * is given. Time is moved by ageing the session's record in the runtime's database, never by waiting.
 */
const PASSWORD = "reauth-journey-password-1";
const TABLE = "reauth-journey";
let runtime: RunningRuntime;
let dynalite: Awaited<ReturnType<typeof startDynalite>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  dynalite = await startDynalite();
  runtime = await startRuntime({ web: true, env: { ADMIN_USERNAME: "rhea", ADMIN_PASSWORD: PASSWORD, DYNAMODB_ENDPOINT: dynalite.endpoint, TABLE_NAME: TABLE } });
  process.env.DYNAMODB_ENDPOINT = dynalite.endpoint;
  process.env.TABLE_NAME = TABLE;
});
test.afterAll(async () => {
  await runtime?.stop();
  await dynalite?.close();
});

/** Signs in as rhea, then makes that session 10 minutes old: its proof is no longer fresh. */
async function signInLongAgo(page: Page) {
  await signInWithPassword(page, runtime.url, "rhea", PASSWORD);
  const cookie = (await page.context().cookies()).find((c) => c.name === "session")!;
  const { data } = await db()
    .session.get({ token_hash: hashToken(cookie.value) })
    .go();
  const then = new Date(Date.now() - 10 * 60_000).toISOString();
  await db()
    .session.put({ ...data!, created_at: then, last_seen_at: then })
    .go({ response: "none" });
}

test("a session signed in long ago confirms it's the owner with the password, then turns on the authenticator app", async ({ page }) => {
  test.setTimeout(120_000);
  await signInLongAgo(page);

  await page.goto(`${runtime.url}/admin/account`);
  const section = page.getByRole("region", { name: "Authenticator app" });
  await section.getByRole("button", { name: "Set up authenticator app" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  // Rhea has no authenticator app and no passkey yet: only her password is asked for.
  await expect(dialog.getByText("To make this change, enter your password.", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Or a code from your authenticator app")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Use a passkey" })).toHaveCount(0);
  await audit(page, "re-auth dialog");
  await dialog.getByLabel("Password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  // The change was tried again and went through.
  await expect(section.getByTestId("totp-secret")).toBeVisible();
});

test("a session signed in long ago confirms it's the owner before it adds a passkey, and the passkey is added", async ({ page }) => {
  test.setTimeout(120_000);
  const authenticator = await virtualAuthenticator(page);
  await signInLongAgo(page);

  await page.goto(`${runtime.url}/admin/account`);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Passkey name").fill("Key added later");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  // Nothing is asked of the device until the owner has proved it is them.
  expect(await authenticator.credentials()).toHaveLength(0);
  await audit(page, "re-auth dialog before adding a passkey");
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(passkeys.getByRole("list", { name: "Your passkeys" }).getByText("Key added later")).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
});
