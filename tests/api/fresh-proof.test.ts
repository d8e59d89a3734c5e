import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@agency/core/auth/sessions";
import { REAUTH_REQUIRED_CODE, reauthTexts } from "@agency/core/contract/account";
import { passkeyMessages } from "@agency/core/contract/passkeys";
import { db } from "@agency/core/db/service";
import { base32Decode, hotp, totpStep } from "../../packages/core/src/auth/totp";
import { startDynalite } from "../../packages/local/src/dynamo";
import { Visitor } from "../support/auth-flow";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * A fresh proof (issue 33 §5, OWASP ASVS 5.0 7.5.1): adding or removing a passkey, turning the
 * authenticator app on or off and changing the password need the password or a second factor
 * within the last 5 minutes. Time is moved by ageing the session's record in the runtime's
 * database (its dynalite, which this file also reads and writes), never by waiting.
 */
const PASSWORD = "fresh-proof-password-0001";
const TABLE = "fresh-proof-tests";
let runtime: RunningRuntime;
let dynalite: Awaited<ReturnType<typeof startDynalite>>;

beforeAll(async () => {
  dynalite = await startDynalite();
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: "rita", ADMIN_PASSWORD: PASSWORD, DEV_LOGIN: "0", DYNAMODB_ENDPOINT: dynalite.endpoint, TABLE_NAME: TABLE },
  });
  process.env.DYNAMODB_ENDPOINT = dynalite.endpoint;
  process.env.TABLE_NAME = TABLE;
});
afterAll(async () => {
  await runtime?.stop();
  await dynalite?.close();
});

async function rita(): Promise<Visitor> {
  const v = new Visitor(runtime.url);
  const res = await v.call("POST", "/api/admin/login", { body: { username: "rita", password: PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return v;
}

/** Moves the session's sign-in (and any proof) `minutes` into the past, as if that much time had gone by. */
async function age(v: Visitor, minutes: number) {
  const { data } = await db()
    .session.get({ token_hash: hashToken(v.session!) })
    .go();
  const then = new Date(Date.now() - minutes * 60_000).toISOString();
  const { proved_at: _dropped, ...rest } = data!;
  await db()
    .session.put({ ...rest, created_at: then, last_seen_at: then })
    .go({ response: "none" });
}

/** Moves a passkey's creation `hours` into the past. */
async function agePasskey(id: string, hours: number) {
  const { data } = await db().passkey.get({ credential_id: id }).go();
  await db()
    .passkey.put({ ...data!, created_at: new Date(Date.now() - hours * 3_600_000).toISOString() })
    .go({ response: "none" });
}

function expectReauthRequired(res: { status: number; json: { code?: string; error?: string } }, what: string) {
  expect(res.status, what).toBe(403);
  expect(res.json, what).toMatchObject({ code: REAUTH_REQUIRED_CODE, error: reauthTexts.required });
}

async function addPasskey(v: Visitor, auth: SoftAuthenticator, name: string): Promise<string> {
  const options = await v.call("POST", "/api/admin/account/passkeys/options", { body: {} });
  expect(options.status, options.text).toBe(200);
  const res = await v.call("POST", "/api/admin/account/passkeys", { body: { name, response: auth.register(options.json) } });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
}

describe("a fresh proof", () => {
  it.sequential("refuses a session signed in more than 5 minutes ago without a proof (403), and lets it through after the password", async () => {
    const v = await rita();
    const auth = new SoftAuthenticator(runtime.url);
    // Just signed in: the sign-in is the proof.
    const kept = await addPasskey(v, auth, "Desk key");
    await age(v, 6);
    expectReauthRequired(await v.call("POST", "/api/admin/account/passkeys/options", { body: {} }), "add a passkey");
    expectReauthRequired(await v.call("POST", "/api/admin/account/passkeys", { body: { name: "x", response: {} } }), "add a passkey (answer)");
    expectReauthRequired(await v.call("DELETE", `/api/admin/account/passkeys/${kept}`, { body: {} }), "remove a passkey");
    expectReauthRequired(await v.call("POST", "/api/admin/account/totp", { body: {} }), "turn on the authenticator app");
    expectReauthRequired(await v.call("POST", "/api/admin/account/totp/confirm", { body: { code: "123456" } }), "confirm the authenticator app");
    expectReauthRequired(await v.call("DELETE", "/api/admin/account/totp", { body: { code: "123456" } }), "turn off the authenticator app");
    // Even with the right current password in the change itself.
    expectReauthRequired(await v.call("PUT", "/api/admin/account/password", { body: { current_password: PASSWORD, new_password: PASSWORD } }), "change the password");
    expectReauthRequired(await v.call("DELETE", "/api/admin/account/sessions", { body: { remove_recent_passkeys: true } }), "remove recent passkeys");
    // What needs no proof still answers.
    expect((await v.call("GET", "/api/admin/account/passkeys")).status).toBe(200);

    const wrong = await v.call("POST", "/api/admin/account/reauth", { body: { password: "not-the-password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.fields).toEqual({ password: reauthTexts.wrongPassword });
    expectReauthRequired(await v.call("POST", "/api/admin/account/totp", { body: {} }), "after a wrong password");

    const proved = await v.call("POST", "/api/admin/account/reauth", { body: { password: PASSWORD } });
    expect(proved.status, proved.text).toBe(200);
    expect(proved.json).toMatchObject({ success: true, method: "password" });
    expect((await v.call("POST", "/api/admin/account/totp", { body: {} })).status).toBe(200);
    expect((await v.call("DELETE", `/api/admin/account/passkeys/${kept}`, { body: {} })).status).toBe(200);
    await addPasskey(v, auth, "Desk key again");
    const changed = await v.call("PUT", "/api/admin/account/password", { body: { current_password: PASSWORD, new_password: PASSWORD } });
    expect(changed.status, changed.text).toBe(200);
  });

  it.sequential("takes an authenticator code or a passkey as the proof", async () => {
    const v = await rita();
    const setup = await v.call("POST", "/api/admin/account/totp", { body: {} });
    const key = base32Decode(setup.json.secret);
    const step = totpStep(Date.now());
    const confirmed = await v.call("POST", "/api/admin/account/totp/confirm", { body: { code: hotp(key, step) } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const [recovery] = confirmed.json.recovery_codes as string[];
    const auth = new SoftAuthenticator(runtime.url);
    await addPasskey(v, auth, "Phone");

    await age(v, 10);
    expectReauthRequired(await v.call("DELETE", "/api/admin/account/totp", { body: { code: hotp(key, step + 1) } }), "turn off the app");
    const byCode = await v.call("POST", "/api/admin/account/reauth", { body: { code: hotp(key, step + 1) } });
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.json.method).toBe("totp");
    expect((await v.call("POST", "/api/admin/account/passkeys/options", { body: {} })).status).toBe(200);

    await age(v, 10);
    const options = await v.call("POST", "/api/admin/account/reauth/passkey/options", { body: {} });
    expect(options.status, options.text).toBe(200);
    expect(options.json.allowCredentials.length).toBeGreaterThan(0);
    // A passkey of no account here proves nothing.
    const stranger = new SoftAuthenticator(runtime.url);
    stranger.register({ challenge: "c3RyYW5nZXI", user: { id: "c3RyYW5nZXI" } });
    expect((await v.call("POST", "/api/admin/account/reauth", { body: { response: stranger.assert(options.json) } })).status).toBe(401);
    const again = await v.call("POST", "/api/admin/account/reauth/passkey/options", { body: {} });
    const byPasskey = await v.call("POST", "/api/admin/account/reauth", { body: { response: auth.assert(again.json) } });
    expect(byPasskey.status, byPasskey.text).toBe(200);
    expect(byPasskey.json.method).toBe("passkey");
    // Each code works once: the app is turned off with a recovery code.
    expect((await v.call("DELETE", "/api/admin/account/totp", { body: { code: recovery } })).status).toBe(200);
  });

  it.sequential("answers 400 naming the field for a proof that is none, or more than one", async () => {
    const v = await rita();
    for (const body of [{}, { password: PASSWORD, code: "123456" }, { code: "12" }, { password: "" }, { other: 1 }]) {
      const res = await v.call("POST", "/api/admin/account/reauth", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await v.call("DELETE", "/api/admin/account/sessions", { body: { remove_recent_passkeys: "yes" } })).status).toBe(400);
  });
});

describe("ending all other sessions", () => {
  it.sequential("removes the passkeys added in the last 24 hours when asked, so a stolen session's passkey does not outlive it", async () => {
    const owner = await rita();
    const ownerKey = new SoftAuthenticator(runtime.url);
    const old = await addPasskey(owner, ownerKey, "Owner's old key");
    await agePasskey(old, 48);

    // A stolen session, freshly signed in: it adds a passkey of its own.
    const thief = await rita();
    const thiefKey = new SoftAuthenticator(runtime.url);
    const planted = await addPasskey(thief, thiefKey, "Planted");

    // Without the option, the passkeys stay.
    const plain = await owner.call("DELETE", "/api/admin/account/sessions", { body: {} });
    expect(plain.json).toMatchObject({ ended: expect.any(Number), passkeys_removed: 0 });
    const thief2 = await rita();
    const ended = await owner.call("DELETE", "/api/admin/account/sessions", { body: { remove_recent_passkeys: true } });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json.passkeys_removed).toBeGreaterThanOrEqual(1);
    expect((await thief2.call("GET", "/api/admin/me")).status).toBe(401);
    const ids = ((await owner.call("GET", "/api/admin/account/passkeys")).json as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(old);
    expect(ids).not.toContain(planted);

    // The planted passkey signs nobody in.
    const browser = new Visitor(runtime.url);
    const options = await browser.call("POST", "/api/admin/login/passkey/options", { body: {} });
    const res = await browser.call("POST", "/api/admin/login/passkey", { body: { response: thiefKey.assert(options.json) } });
    expect(res.status).toBe(401);
    expect(res.json.error).toBe(passkeyMessages.unknown);
  });
});
