import { beforeAll, describe, expect, it } from "vitest";
import { SoftAuthenticator } from "../../../../tests/support/soft-authenticator";
import { passkeyMessages } from "../contract/passkeys";
import { db } from "../db/service";
import { AdminAccounts } from "./admin-accounts";
import { CHALLENGE_TTL_MS, Passkeys } from "./passkeys";
import { hasSecondFactor } from "./second-factors";

const ORIGIN = "https://admin.example.com";
beforeAll(() => {
  process.env.PUBLIC_URL = ORIGIN;
});

const SESSION = "sessionid-000000000001"; // a session's list id: 22 base64url characters
const OTHER_SESSION = "sessionid-000000000002";

/** Registration through the real options and verification, answered by a software authenticator. */
async function addPasskey(username: string, name: string, auth = new SoftAuthenticator(ORIGIN), sessionId = SESSION) {
  const options = await Passkeys.registrationOptions(username, sessionId);
  const passkey = await Passkeys.register({ username, sessionId, name, response: auth.register(options) });
  return { passkey, auth };
}

const status = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (err: { status?: number; message?: string }) => `${err.status} ${err.message}`,
  );

describe("passkey registration", () => {
  it("asks for a discoverable, user-verified passkey for PUBLIC_URL's host, excluding the account's own", async () => {
    const first = await Passkeys.registrationOptions("reg-options", SESSION);
    expect(first.rp).toEqual({ id: "admin.example.com", name: "Arcline AI Admin" });
    expect(first.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(first.excludeCredentials).toEqual([]);
    const { passkey } = await addPasskey("reg-options", "Laptop");
    const again = await Passkeys.registrationOptions("reg-options", SESSION);
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([passkey.credential_id]);
  });

  it("stores the credential id, public key, counter, transports, name and time of a verified answer", async () => {
    const { passkey } = await addPasskey("reg-store", "Work laptop");
    const stored = await Passkeys.get(passkey.credential_id);
    expect(stored).toMatchObject({ username: "reg-store", name: "Work laptop", counter: 0, transports: ["internal"] });
    expect(stored!.public_key.length).toBeGreaterThan(50);
    expect(Date.parse(stored!.created_at)).toBeGreaterThan(0);
    expect(stored!.last_used_at).toBeUndefined();
    expect((await Passkeys.listFor("reg-store")).map((p) => p.name)).toEqual(["Work laptop"]);
  });

  it("uses a challenge once, and only from the session that asked for it", async () => {
    const auth = new SoftAuthenticator(ORIGIN);
    const options = await Passkeys.registrationOptions("reg-bound", SESSION);
    const answer = auth.register(options);
    expect(await status(Passkeys.register({ username: "reg-bound", sessionId: OTHER_SESSION, name: "x", response: answer }))).toBe(`400 ${passkeyMessages.expired}`);
    // The other session's attempt did not use up this session's challenge.
    await Passkeys.register({ username: "reg-bound", sessionId: SESSION, name: "Phone", response: answer });
    expect(await status(Passkeys.register({ username: "reg-bound", sessionId: SESSION, name: "again", response: answer }))).toBe(`400 ${passkeyMessages.expired}`);
    expect((await Passkeys.listFor("reg-bound")).map((p) => p.name)).toEqual(["Phone"]);
  });

  it("refuses an expired challenge, another origin, and an authenticator that did not verify the user, storing nothing", async () => {
    const t0 = Date.UTC(2026, 10, 25, 12);
    const auth = new SoftAuthenticator(ORIGIN);
    let options = await Passkeys.registrationOptions("reg-refused", SESSION, t0);
    expect(await status(Passkeys.register({ username: "reg-refused", sessionId: SESSION, name: "late", response: auth.register(options) }, t0 + CHALLENGE_TTL_MS))).toBe(
      `400 ${passkeyMessages.expired}`,
    );
    options = await Passkeys.registrationOptions("reg-refused", SESSION);
    expect(
      await status(Passkeys.register({ username: "reg-refused", sessionId: SESSION, name: "phish", response: auth.register(options, { origin: "https://evil.example" }) })),
    ).toBe(`400 ${passkeyMessages.notVerified}`);
    options = await Passkeys.registrationOptions("reg-refused", SESSION);
    expect(await status(Passkeys.register({ username: "reg-refused", sessionId: SESSION, name: "no uv", response: auth.register(options, { userVerified: false }) }))).toBe(
      `400 ${passkeyMessages.notVerified}`,
    );
    options = await Passkeys.registrationOptions("reg-refused", SESSION);
    expect(
      await status(Passkeys.register({ username: "reg-refused", sessionId: SESSION, name: "junk", response: { id: "x", rawId: "x", type: "public-key", response: {} } })),
    ).toBe(`400 ${passkeyMessages.notVerified}`);
    expect(await Passkeys.listFor("reg-refused")).toEqual([]);
  });

  it("renames and removes only the account's own passkeys", async () => {
    const { passkey } = await addPasskey("owner-a", "Key A");
    expect(await status(Passkeys.rename("owner-b", passkey.credential_id, "stolen"))).toBe("404 Passkey not found");
    expect(await status(Passkeys.remove("owner-b", passkey.credential_id))).toBe("404 Passkey not found");
    expect((await Passkeys.rename("owner-a", passkey.credential_id, "Key A, renamed")).name).toBe("Key A, renamed");
    await Passkeys.remove("owner-a", passkey.credential_id);
    expect(await Passkeys.get(passkey.credential_id)).toBeUndefined();
    expect(await status(Passkeys.remove("owner-a", passkey.credential_id))).toBe("404 Passkey not found");
  });
});

describe("passkey sign-in", () => {
  it("offers a discoverable, user-verified request and finds the account by the credential the browser names", async () => {
    const { passkey, auth } = await addPasskey("signin-ok", "Laptop");
    const { options, challengeId } = await Passkeys.signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options).toMatchObject({ rpId: "admin.example.com", userVerification: "required" });
    const used = await Passkeys.verifySignIn(challengeId, auth.assert(options));
    expect(used.username).toBe("signin-ok");
    const stored = await Passkeys.get(passkey.credential_id);
    expect(stored!.counter).toBe(1);
    expect(stored!.last_used_at).toBeDefined();
  });

  it("uses a sign-in challenge once, and only with the browser's challenge id", async () => {
    const { auth } = await addPasskey("signin-once", "Laptop");
    const { options, challengeId } = await Passkeys.signInOptions();
    const answer = auth.assert(options);
    expect(await status(Passkeys.verifySignIn(undefined, answer))).toBe(`400 ${passkeyMessages.expired}`);
    expect(await status(Passkeys.verifySignIn("not-the-cookie-0000000000000000", answer))).toBe(`400 ${passkeyMessages.expired}`);
    await Passkeys.verifySignIn(challengeId, answer);
    expect(await status(Passkeys.verifySignIn(challengeId, answer))).toBe(`400 ${passkeyMessages.expired}`);
  });

  it("refuses a passkey nobody registered, a signature for another challenge, and a counter that went back", async () => {
    const { auth } = await addPasskey("signin-bad", "Laptop");
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ challenge: "x", user: { id: "x" } });
    let o = await Passkeys.signInOptions();
    expect(await status(Passkeys.verifySignIn(o.challengeId, stranger.assert(o.options)))).toBe(`401 ${passkeyMessages.unknown}`);

    o = await Passkeys.signInOptions();
    const other = await Passkeys.signInOptions();
    expect(await status(Passkeys.verifySignIn(o.challengeId, auth.assert(other.options)))).toBe(`400 ${passkeyMessages.notVerified}`);

    o = await Passkeys.signInOptions();
    await Passkeys.verifySignIn(o.challengeId, auth.assert(o.options, { counter: 5 }));
    o = await Passkeys.signInOptions();
    // A cloned authenticator: its counter is behind the one already seen.
    expect(await status(Passkeys.verifySignIn(o.challengeId, auth.assert(o.options, { counter: 3 })))).toBe(`400 ${passkeyMessages.notVerified}`);
    const [stored] = await Passkeys.listFor("signin-bad");
    expect(stored!.counter).toBe(5);
  });

  it("stores challenges with a TTL, so the table forgets abandoned ceremonies", async () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const { challengeId } = await Passkeys.signInOptions(now);
    const { data } = await db().webauthnChallenge.get({ id: challengeId }).go();
    expect(data).toMatchObject({ purpose: "sign-in", expires_at: new Date(now + CHALLENGE_TTL_MS).toISOString() });
    expect(data!.ttl).toBeGreaterThan((now + CHALLENGE_TTL_MS) / 1000);
  });
});

describe("a passkey as a second factor", () => {
  it("counts on the account, so that an account with a passkey has a second factor, and without one has none", async () => {
    await AdminAccounts.create({ username: "counted-passkeys", password: "a long enough password" });
    expect(hasSecondFactor((await AdminAccounts.get("counted-passkeys"))!)).toBe(false);
    const { passkey } = await addPasskey("counted-passkeys", "Laptop");
    const { passkey: second } = await addPasskey("counted-passkeys", "Phone", new SoftAuthenticator(ORIGIN));
    let account = (await AdminAccounts.get("counted-passkeys"))!;
    expect(account.passkey_count).toBe(2);
    expect(hasSecondFactor(account)).toBe(true);
    await Passkeys.remove("counted-passkeys", passkey.credential_id);
    await Passkeys.remove("counted-passkeys", second.credential_id);
    account = (await AdminAccounts.get("counted-passkeys"))!;
    expect(account.passkey_count).toBe(0);
    expect(hasSecondFactor(account)).toBe(false);
  });
});

describe("an account removed", () => {
  it("takes its passkeys with it: a later account of the same name starts with none", async () => {
    await AdminAccounts.create({ username: "removed-with-keys", password: "a long enough password" });
    const { passkey } = await addPasskey("removed-with-keys", "Old laptop");
    await addPasskey("removed-with-keys", "Old phone", new SoftAuthenticator(ORIGIN));
    await AdminAccounts.remove("removed-with-keys");
    expect(await Passkeys.get(passkey.credential_id)).toBeUndefined();
    await AdminAccounts.create({ username: "removed-with-keys", password: "another long password" });
    expect(await Passkeys.listFor("removed-with-keys")).toEqual([]);
    expect((await Passkeys.registrationOptions("removed-with-keys", SESSION)).excludeCredentials).toEqual([]);
  });
});
