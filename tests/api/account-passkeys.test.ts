import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyMessages } from "../../packages/core/src/contract/passkeys";
import { Visitor } from "../support/auth-flow";
import { call } from "../support/http";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { runAdminCli, startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Passkeys over the real gateway, answered by a software authenticator (real ES256 signatures):
 * adding one under the account, signing in with it (no password, no username), and every way a
 * ceremony fails leaving the account as it was. The browser journey (tests/e2e/admin-passkeys)
 * does the same through Chromium's virtual authenticator.
 */
const PASSWORD = "passkeys-test-password-01";
let runtime: RunningRuntime;
beforeAll(async () => {
  runtime = await startRuntime({ env: { ADMIN_USERNAME: "petra", ADMIN_PASSWORD: PASSWORD } });
});
afterAll(() => runtime?.stop());

async function petra(): Promise<Visitor> {
  const v = new Visitor(runtime.url);
  expect((await v.call("POST", "/api/admin/login", { body: { username: "petra", password: PASSWORD } })).status).toBe(200);
  return v;
}

async function addPasskey(v: Visitor, auth: SoftAuthenticator, name: string) {
  const options = await v.call("POST", "/api/admin/account/passkeys/options", { body: {} });
  expect(options.status, options.text).toBe(200);
  const res = await v.call("POST", "/api/admin/account/passkeys", { body: { name, response: auth.register(options.json) } });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; name: string };
}

/** 'Sign in with a passkey' in a fresh browser: options (with their cookie), then the answer. */
async function passkeySignIn(auth: SoftAuthenticator, edit: (options: { challenge: string }) => object = (o) => auth.assert(o)) {
  const browser = new Visitor(runtime.url);
  const options = await browser.call("POST", "/api/admin/login/passkey/options", { body: {} });
  expect(options.status, options.text).toBe(200);
  const res = await browser.call("POST", "/api/admin/login/passkey", { body: { response: edit(options.json) } });
  return { browser, res, options };
}

describe("passkeys of the signed-in account", () => {
  it.sequential("adds a named passkey, lists it, and signs in with it in another browser without a password", async () => {
    const v = await petra();
    const auth = new SoftAuthenticator(runtime.url);
    const added = await addPasskey(v, auth, "Work laptop");
    expect(added).toMatchObject({ name: "Work laptop", transports: ["internal"] });
    const list = await v.call("GET", "/api/admin/account/passkeys");
    expect(list.json).toEqual([expect.objectContaining({ id: added.id, name: "Work laptop", created_at: expect.any(String) })]);

    const { browser, res, options } = await passkeySignIn(auth);
    // Discoverable: the login page names no account, so no credentials are listed.
    expect(options.json.allowCredentials ?? []).toEqual([]);
    expect(options.json.rpId).toBe("localhost");
    expect(String(options.headers["set-cookie"])).toMatch(/^passkey_tx=[\w-]+; Path=\/api\/admin\/login\/passkey; Max-Age=300; HttpOnly; SameSite=Lax/);
    expect(res.status, res.text).toBe(200);
    expect(browser.jar.get("passkey_tx")).toBeUndefined();
    expect((await browser.call("GET", "/api/admin/me")).json).toMatchObject({ type: "admin", admin: { username: "petra", full_name: "" } });
    const after = await v.call("GET", "/api/admin/account/passkeys");
    expect(after.json[0].last_used_at).toEqual(expect.any(String));
  });

  it.sequential("renames and removes a passkey; a removed one signs nobody in", async () => {
    const v = await petra();
    const auth = new SoftAuthenticator(runtime.url);
    const added = await addPasskey(v, auth, "Old phone");
    const renamed = await v.call("PUT", `/api/admin/account/passkeys/${added.id}`, { body: { name: "Old phone (drawer)" } });
    expect(renamed.json.name).toBe("Old phone (drawer)");
    expect((await v.call("DELETE", `/api/admin/account/passkeys/${added.id}`, { body: {} })).status).toBe(200);
    expect(((await v.call("GET", "/api/admin/account/passkeys")).json as { id: string }[]).map((p) => p.id)).not.toContain(added.id);
    const { browser, res } = await passkeySignIn(auth);
    expect(res.status).toBe(401);
    expect(res.json.error).toBe(passkeyMessages.unknown);
    expect(browser.session).toBeUndefined();
    expect((await v.call("DELETE", `/api/admin/account/passkeys/${added.id}`, { body: {} })).status).toBe(404);
  });

  it.sequential("a failed or cancelled registration leaves the account as it was, with a clear 400", async () => {
    const v = await petra();
    const before = (await v.call("GET", "/api/admin/account/passkeys")).json;
    const auth = new SoftAuthenticator(runtime.url);
    // Cancelled in the browser: no answer ever comes; the next try starts a new ceremony.
    await v.call("POST", "/api/admin/account/passkeys/options", { body: {} });
    const options = (await v.call("POST", "/api/admin/account/passkeys/options", { body: {} })).json;
    const wrongOrigin = await v.call("POST", "/api/admin/account/passkeys", { body: { name: "Phish", response: auth.register(options, { origin: "https://evil.example" }) } });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.json.error).toBe(passkeyMessages.notVerified);
    // The challenge went with the failed answer.
    const replay = await v.call("POST", "/api/admin/account/passkeys", { body: { name: "Replay", response: auth.register(options) } });
    expect(replay.json.error).toBe(passkeyMessages.expired);
    const noName = await v.call("POST", "/api/admin/account/passkeys", { body: { name: "  ", response: auth.register(options) } });
    expect(noName.status).toBe(400);
    expect(noName.json.fields).toEqual({ name: "Name is required" });
    const noResponse = await v.call("POST", "/api/admin/account/passkeys", { body: { name: "x" } });
    expect(Object.keys(noResponse.json.fields)).toEqual(["response"]);
    expect((await v.call("GET", "/api/admin/account/passkeys")).json).toEqual(before);
  });

  it.sequential("a passkey sign-in without its cookie, with a forged signature or another site's answer is refused, creating no session", async () => {
    const v = await petra();
    const auth = new SoftAuthenticator(runtime.url);
    await addPasskey(v, auth, "Laptop 2");

    const noCookie = new Visitor(runtime.url);
    const o = await call("POST", "/api/admin/login/passkey/options", { baseUrl: runtime.url, body: {}, headers: { origin: runtime.url } });
    const r1 = await noCookie.call("POST", "/api/admin/login/passkey", { body: { response: auth.assert(o.json) } });
    expect(r1.status).toBe(400);
    expect(r1.json.error).toBe(passkeyMessages.expired);
    expect(noCookie.session).toBeUndefined();

    const forged = await passkeySignIn(auth, (opts) => {
      const a = auth.assert(opts);
      return { ...a, response: { ...a.response, signature: a.response.signature.replace(/^.{4}/, "AAAA") } };
    });
    expect(forged.res.status).toBe(400);
    expect(forged.browser.session).toBeUndefined();

    const phished = await passkeySignIn(auth, (opts) => auth.assert(opts, { origin: "https://evil.example" }));
    expect(phished.res.status).toBe(400);
    expect(phished.browser.session).toBeUndefined();

    const malformed = await new Visitor(runtime.url).call("POST", "/api/admin/login/passkey", { body: { response: { id: 1 } } });
    expect(malformed.status).toBe(400);
  });

  it.sequential("is for username accounts: Development Login lists none and gets a clear 400 adding one", async () => {
    const dev = new Visitor(runtime.url);
    expect((await dev.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    expect((await dev.call("GET", "/api/admin/account/passkeys")).json).toEqual([]);
    const res = await dev.call("POST", "/api/admin/account/passkeys/options", { body: {} });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(passkeyMessages.usernameOnly);
  });

  it.sequential("answers 401 without a session and 403 to a write from another site (sign-in included)", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/account/passkeys"],
      ["POST", "/api/admin/account/passkeys/options"],
      ["POST", "/api/admin/account/passkeys"],
      ["DELETE", "/api/admin/account/passkeys/abc"],
    ] as const) {
      expect((await call(method, path, { baseUrl: runtime.url, ...(method === "GET" ? {} : { body: {} }) })).status, path).toBe(401);
    }
    const v = await petra();
    const evil = { origin: "https://evil.example" };
    expect((await v.call("POST", "/api/admin/account/passkeys/options", { body: {}, headers: evil })).status).toBe(403);
    expect((await v.call("DELETE", "/api/admin/account/passkeys/abc", { body: {}, headers: evil })).status).toBe(403);
    expect((await call("POST", "/api/admin/login/passkey/options", { baseUrl: runtime.url, body: {}, headers: evil })).status).toBe(403);
    expect((await call("POST", "/api/admin/login/passkey", { baseUrl: runtime.url, body: {}, headers: evil })).status).toBe(403);
  });

  it.sequential("refuses a disabled account's passkey with 403, creating no session", async () => {
    const v = await petra();
    const auth = new SoftAuthenticator(runtime.url);
    await addPasskey(v, auth, "Before disabling");
    await runtime.stop();
    const disabled = runAdminCli(runtime, ["disable", "petra"]);
    expect(disabled.status, disabled.output).toBe(0);
    runtime = await startRuntime({ dataDir: runtime.dataDir, port: runtime.port, env: { ADMIN_USERNAME: "petra", ADMIN_PASSWORD: PASSWORD } });
    const { browser, res } = await passkeySignIn(auth);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(passkeyMessages.disabled);
    expect(browser.session).toBeUndefined();
  });
});
