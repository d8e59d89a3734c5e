import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor, demo, googleCallback, providerLogin, signInWithGoogle } from "../support/auth-flow";
import { startRuntime, type RunningRuntime } from "../support/runtime";

const NOT_AUTHORISED = "This Google account is not authorised for the admin area.";

/**
 * "Continue with Google" against the local OpenID provider. This file runs its own runtime so the
 * unverified demo address can be on the allow-list: it must then be refused for being unverified.
 */
let runtime: RunningRuntime;
beforeAll(async () => {
  runtime = await startRuntime({ env: { ADMIN_EMAILS: "admin@example.com,unverified@example.com" } });
});
afterAll(() => runtime?.stop());

const visitor = () => new Visitor(runtime.url);
const exchange = (v: Visitor, body: Record<string, unknown>) => v.call("POST", "/api/sessions", { body });
const setCookies = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers["set-cookie"] as string[]) ?? []);

describe("Google sign-in", () => {
  it("returns to the admin address it was started for, kept server-side (never in the browser); any other address gives the Overview", async () => {
    const signInFor = async (returnTo: string) => {
      const v = visitor();
      const start = await v.call("GET", `/api/oauth/google/redirect_url?return_to=${encodeURIComponent(returnTo)}`);
      expect(start.status, start.text).toBe(200);
      // The provider is told nothing of it, and the cookie is the transaction's id alone.
      expect(start.json.redirectUrl).not.toContain("open%3D");
      expect(start.json.redirectUrl).not.toContain("evil");
      const cb = await providerLogin(new URL(start.json.redirectUrl), demo.admin, `${runtime.url}/auth/callback`);
      const res = await exchange(v, { code: cb.code, state: cb.state, ...(cb.iss ? { iss: cb.iss } : {}) });
      expect(res.status, res.text).toBe(200);
      return res.json as { success: boolean; return_to: string };
    };
    expect(await signInFor("/admin/messages?open=m-123")).toEqual({ success: true, return_to: "/admin/messages?open=m-123" });
    for (const hostile of ["https://evil.example/admin", "//evil.example/admin", "/admin//evil.example", "/admin\\evil", "javascript:alert(1)", "/contact", "/admin/login"]) {
      expect(await signInFor(hostile), hostile).toEqual({ success: true, return_to: "/admin" });
    }
    // Started without one: the Overview.
    const plain = await signInWithGoogle(visitor(), demo.admin);
    expect(plain.json).toEqual({ success: true, return_to: "/admin" });
  });

  it("sends the browser to the provider with PKCE S256, state, nonce and the configured redirect_uri, bound by an HttpOnly cookie", async () => {
    const v = visitor();
    const res = await v.call("GET", "/api/oauth/google/redirect_url");
    expect(res.status).toBe(200);
    const url = new URL(res.json.redirectUrl);
    expect(url.searchParams.get("redirect_uri")).toBe(`${runtime.url}/auth/callback`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    const [tx] = setCookies(res);
    expect(tx).toMatch(/^oidc_tx=[A-Za-z0-9_-]{32}; /);
    expect(tx).toContain("HttpOnly");
    expect(tx).toContain("SameSite=Lax");
    expect(tx).toContain("Path=/api");
    expect(tx).toMatch(/Max-Age=600/);
    // Nothing of the transaction but its id reaches the browser.
    expect(tx).not.toContain(url.searchParams.get("state")!);
  });

  it("signs an allow-listed, verified account in and shows its Google identity", async () => {
    const v = visitor();
    const res = await signInWithGoogle(v, demo.admin);
    expect(res.status).toBe(200);
    const session = setCookies(res).find((c) => c.startsWith("session="))!;
    expect(session).toMatch(/^session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/);
    expect(setCookies(res).some((c) => /^oidc_tx=; .*Max-Age=0/.test(c))).toBe(true);

    const me = await v.call("GET", "/api/admin/me");
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      type: "google",
      user: { email: "admin@example.com", google_user_data: { name: "Ada Admin", email_verified: true } },
    });
    expect(me.json.user.google_user_data.picture).toMatch(/^data:image\/svg\+xml/);
    const user = await v.call("GET", "/api/users/me");
    expect(user.json).toMatchObject({ type: "google", is_admin: true, email: "admin@example.com" });
    expect(user.json.last_login_at).toBeTruthy();
  });

  it("gives a fresh token at every sign-in and refuses the previous one", async () => {
    const v = visitor();
    expect((await signInWithGoogle(v, demo.admin)).status).toBe(200);
    const first = v.session!;
    expect((await signInWithGoogle(v, demo.admin)).status).toBe(200);
    expect(v.session).not.toBe(first);
    const old = await v.call("GET", "/api/admin/me", { headers: { cookie: `session=${first}` } });
    expect(old.status).toBe(401);
  });

  it("records a non-allow-listed account as a user but gives it no admin session", async () => {
    const v = visitor();
    const res = await signInWithGoogle(v, demo.visitor);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: NOT_AUTHORISED, code: "not_authorised" });
    expect((await v.call("GET", "/api/admin/me")).status).toBe(403);
    expect((await v.call("GET", "/api/admin/users")).status).toBe(403);
    const me = await v.call("GET", "/api/users/me");
    expect(me.json).toMatchObject({ type: "google", is_admin: false, email: "visitor@example.com" });

    // The Users page (as an admin) lists everyone who signed in.
    const admin = visitor();
    await signInWithGoogle(admin, demo.admin);
    const users = (await admin.call("GET", "/api/admin/users")).json as { email: string; last_login_at: string; google_user_data: Record<string, unknown> }[];
    const listed = users.find((u) => u.email === "visitor@example.com")!;
    expect(listed.google_user_data).toMatchObject({ name: "Victor Visitor", email_verified: true });
    expect(listed.last_login_at).toBeTruthy();
  });

  it("gives no admin session to an allow-listed address whose email is not verified", async () => {
    const v = visitor();
    const res = await signInWithGoogle(v, demo.unverified);
    expect(res.status).toBe(403);
    expect(res.json.error).toBe(NOT_AUTHORISED);
    expect((await v.call("GET", "/api/admin/me")).status).toBe(403);
  });

  it("refuses a tampered state, and the transaction cannot be tried again", async () => {
    const v = visitor();
    const cb = await googleCallback(v, demo.admin);
    const tampered = await exchange(v, { code: cb.code, state: `${cb.state.slice(0, -1)}${cb.state.endsWith("A") ? "B" : "A"}`, iss: cb.iss });
    expect(tampered.status).toBe(400);
    expect(setCookies(tampered).some((c) => c.startsWith("session="))).toBe(false);
    const retry = await exchange(v, { code: cb.code, state: cb.state, iss: cb.iss });
    expect(retry.status).toBe(400);
    expect(v.session).toBeUndefined();
    expect((await v.call("GET", "/api/admin/me")).status).toBe(401);
  });

  it("refuses a replayed code, with the same transaction or with a new one", async () => {
    const v = visitor();
    const cb = await googleCallback(v, demo.admin);
    const body = { code: cb.code, state: cb.state, iss: cb.iss };
    expect((await exchange(v, body)).status).toBe(200);

    // The same callback again: the transaction was consumed.
    const again = await exchange(v, body);
    expect(again.status).toBe(400);
    expect(setCookies(again).some((c) => c.startsWith("session="))).toBe(false);

    // The code with a new transaction whose state the attacker copies: the provider refuses the used code.
    const attacker = visitor();
    const start = await attacker.call("GET", "/api/oauth/google/redirect_url");
    const state = new URL(start.json.redirectUrl).searchParams.get("state")!;
    const replay = await exchange(attacker, { code: cb.code, state, iss: cb.iss });
    expect(replay.status).toBe(400);
    expect(attacker.session).toBeUndefined();
  });

  it("refuses a callback without the browser's transaction cookie", async () => {
    const v = visitor();
    const cb = await googleCallback(v, demo.admin);
    v.jar.values.delete("oidc_tx");
    const res = await exchange(v, { code: cb.code, state: cb.state, iss: cb.iss });
    expect(res.status).toBe(400);
    expect(v.session).toBeUndefined();
  });

  it("refuses a callback carrying another browser's transaction, and that browser can still finish", async () => {
    const victim = visitor();
    const cb = await googleCallback(victim, demo.admin);
    const other = visitor();
    await other.call("GET", "/api/oauth/google/redirect_url");
    const res = await exchange(other, { code: cb.code, state: cb.state, iss: cb.iss });
    expect(res.status).toBe(400);
    expect(other.session).toBeUndefined();
    expect((await exchange(victim, { code: cb.code, state: cb.state, iss: cb.iss })).status).toBe(200);
  });

  it("refuses an ID token whose nonce is not the transaction's", async () => {
    const v = visitor();
    const cb = await googleCallback(v, demo.admin, {
      editAuthorizationUrl: (url) => url.searchParams.set("nonce", "a-nonce-the-site-never-issued-0123456789"),
    });
    const res = await exchange(v, { code: cb.code, state: cb.state, iss: cb.iss });
    expect(res.status).toBe(400);
    expect(v.session).toBeUndefined();
  });

  it("refuses a response from another issuer", async () => {
    const v = visitor();
    const cb = await googleCallback(v, demo.admin);
    const res = await exchange(v, { code: cb.code, state: cb.state, iss: "https://evil.example" });
    expect(res.status).toBe(400);
    expect(v.session).toBeUndefined();
  });

  it("uses a provider that requires PKCE and the registered redirect_uri", async () => {
    const v = visitor();
    await expect(googleCallback(v, demo.admin, { editAuthorizationUrl: (url) => url.searchParams.delete("code_challenge") })).rejects.toThrow(
      /invalid_request|PKCE|code_challenge/i,
    );
    const start = await v.call("GET", "/api/oauth/google/redirect_url");
    const url = new URL(start.json.redirectUrl);
    url.searchParams.set("redirect_uri", "https://evil.example/auth/callback");
    await expect(providerLogin(url, demo.admin, "https://evil.example/")).rejects.toThrow();
  });

  it("logs out: the record is deleted, the cookie cleared, and the old cookie refused", async () => {
    const v = visitor();
    await signInWithGoogle(v, demo.admin);
    const token = v.session!;
    const out = await v.call("POST", "/api/logout", { body: {} });
    expect(out.status).toBe(200);
    expect(setCookies(out).some((c) => /^session=; .*Max-Age=0/.test(c))).toBe(true);
    expect(v.session).toBeUndefined();
    const replay = { headers: { cookie: `session=${token}` } };
    expect((await v.call("GET", "/api/admin/me", replay)).status).toBe(401);
    expect((await v.call("GET", "/api/users/me", replay)).status).toBe(401);
  });
});
