import { describe, expect, inject, it } from "vitest";
import { AdminAccounts } from "../../packages/core/src/auth/admin-accounts";
import { passkeyMessages } from "../../packages/core/src/contract/passkeys";
import { db } from "../../packages/core/src/db/service";
import { Visitor } from "../support/auth-flow";
import { useRuntimeDatabase } from "../support/database";
import { SoftAuthenticator } from "../support/soft-authenticator";

useRuntimeDatabase();

/**
 * A passkey belongs to the account it was added to, not to its username: once that account is
 * removed, a new account under the same name is not signed in by the old passkey.
 */
describe("a removed account's passkey", () => {
  it("does not sign in a later account with the same username", async () => {
    const base = inject("baseUrl");
    const username = `reuse${Date.now().toString(36)}`;
    const password = "reuse-test-password-001";
    await AdminAccounts.create({ username, password });
    const v = new Visitor(base);
    expect((await v.call("POST", "/api/admin/login", { body: { username, password } })).status).toBe(200);
    const auth = new SoftAuthenticator(base);
    const options = await v.call("POST", "/api/admin/account/passkeys/options", { body: {} });
    expect((await v.call("POST", "/api/admin/account/passkeys", { body: { name: "Old", response: auth.register(options.json) } })).status).toBe(201);

    // The account goes (as the team screen's remove will do) and someone new gets its name.
    await db().adminAccount.delete({ username }).go();
    await AdminAccounts.create({ username, password: "someone-else-password-01" });

    const browser = new Visitor(base);
    const signInOptions = await browser.call("POST", "/api/admin/login/passkey/options", { body: {} });
    const res = await browser.call("POST", "/api/admin/login/passkey", { body: { response: auth.assert(signInOptions.json) } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe(passkeyMessages.unknown);
    expect(browser.session).toBeUndefined();
  });
});
