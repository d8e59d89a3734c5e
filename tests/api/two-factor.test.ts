import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AdminAccounts } from "../../packages/core/src/auth/admin-accounts";
import { base32Decode, hotp, totpStep } from "../../packages/core/src/auth/totp";
import { db } from "../../packages/core/src/db/service";
import type { AuditEntry } from "../../packages/core/src/contract/audit";
import { allPages, devAdmin } from "../support/admin";
import { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";
import { useRuntimeDatabase } from "../support/database";
import { SoftAuthenticator } from "../support/soft-authenticator";

/**
 * Two-factor sign-in for username accounts, over the real gateway: set up an authenticator with a
 * code computed here from the secret the server answered, sign in with password + code or a
 * recovery code, the limits, and the owner's requirement.
 */
const PASSWORD = "a-long-password-for-two-factor";
const uid = () => Math.random().toString(36).slice(2, 8);
const base = () => inject("baseUrl");

/** An account of this file and the authenticator app it sets up. */
class Member {
  readonly username = `tf${uid()}`;
  secret = "";
  /** The last step a code was used at: the server takes each code once. */
  private lastStep = -1;
  async create() {
    await AdminAccounts.create({ username: this.username, password: PASSWORD });
    return this;
  }
  /** A code the server will take now: the current step's, or the next one's (one step of drift) after a code of this step was used. */
  async code(): Promise<string> {
    for (;;) {
      const current = totpStep(Date.now());
      const step = Math.max(current, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return hotp(base32Decode(this.secret), step);
      }
      // Both usable steps are spent: wait for the clock to reach the next one.
      await new Promise((r) => setTimeout(r, (current + 1) * 30_000 - Date.now() + 50));
    }
  }
  /** The current step's code, without counting it as used (for attempts the server refuses before checking). */
  currentCode(): string {
    return hotp(base32Decode(this.secret), totpStep(Date.now()));
  }
  /** A six-digit code that is none of the usable ones. */
  wrongCode(): string {
    const key = base32Decode(this.secret);
    const now = totpStep(Date.now());
    const usable = new Set([-1, 0, 1, 2].map((d) => hotp(key, now + d)));
    for (let n = 0; ; n++) {
      const guess = String(n).padStart(6, "0");
      if (!usable.has(guess)) return guess;
    }
  }
  login(v = new Visitor(base())) {
    return v.call("POST", "/api/admin/login", { body: { username: this.username, password: PASSWORD } }).then((res) => ({ v, res }));
  }
  /** Password sign-in, then `code` as the second step. */
  async signIn(code: string | (() => Promise<string>)) {
    const { v, res } = await this.login();
    expect(res.json).toEqual({ second_factor_required: true, methods: ["totp", "recovery"] });
    const verified = await v.call("POST", "/api/admin/login/verify", { body: { code: typeof code === "string" ? code : await code() } });
    return { v, verified };
  }
  /** Signs in without two-factor and turns the authenticator on; answers the session and the recovery codes. */
  async enableTotp(v?: Visitor): Promise<{ v: Visitor; recovery: string[] }> {
    const session = v ?? (await this.login()).v;
    const setup = await session.call("POST", "/api/admin/account/totp", { body: {} });
    expect(setup.status, setup.text).toBe(200);
    this.secret = setup.json.secret;
    this.lastStep = -1;
    const confirmed = await session.call("POST", "/api/admin/account/totp/confirm", { body: { code: await this.code() } });
    expect(confirmed.status, confirmed.text).toBe(200);
    return { v: session, recovery: confirmed.json.recovery_codes };
  }
}

const setCookies = (res: { headers: Record<string, string | string[] | undefined> }) => ([] as string[]).concat(res.headers["set-cookie"] ?? []);

let owner: Visitor;
beforeAll(async () => {
  useRuntimeDatabase();
  owner = await devAdmin();
});
afterAll(async () => {
  await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: false } });
});

describe("setting up an authenticator", () => {
  it("answers a secret and its otpauth URL, pending until a current code confirms it; then ten recovery codes, once", async () => {
    const m = await new Member().create();
    const { v } = await m.login();
    expect(v.session).toBeTruthy();
    expect((await v.call("GET", "/api/admin/account")).json).toEqual({
      username: m.username,
      role: "admin",
      totp_enabled: false,
      passkeys: 0,
      recovery_codes_left: 0,
      two_factor_available: true,
      setup_required: false,
    });

    const setup = await v.call("POST", "/api/admin/account/totp", { body: {} });
    expect(setup.status).toBe(200);
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.json.otpauth_url);
    expect(url.href.startsWith(`otpauth://totp/${encodeURIComponent(new URL(base()).host)}:${m.username}?`)).toBe(true);
    expect(url.searchParams.get("secret")).toBe(setup.json.secret);
    m.secret = setup.json.secret;
    expect((await v.call("GET", "/api/admin/account")).json.totp_enabled).toBe(false);
    // Pending: a password sign-in still makes a session at once.
    expect((await m.login()).res.json).toEqual({ success: true });

    const notSix = await v.call("POST", "/api/admin/account/totp/confirm", { body: { code: "12345" } });
    expect(notSix.status).toBe(400);
    expect(notSix.json.fields.code).toBe("Enter the 6-digit code from your authenticator app");
    expect((await v.call("POST", "/api/admin/account/totp/confirm", { body: { code: m.wrongCode() } })).status).toBe(401);

    const confirmed = await v.call("POST", "/api/admin/account/totp/confirm", { body: { code: await m.code() } });
    expect(confirmed.status, confirmed.text).toBe(200);
    const codes: string[] = confirmed.json.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const info = await v.call("GET", "/api/admin/account");
    expect(info.json).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    // The secret and the codes never come back, and are not stored readable.
    expect(info.text).not.toContain(m.secret);
    const again = await v.call("POST", "/api/admin/account/totp", { body: {} });
    expect(again.status).toBe(409);
    expect(again.text).not.toContain(m.secret);
    const stored = JSON.stringify((await db().adminAccount.get({ username: m.username }).go()).data);
    for (const c of codes) expect(stored).not.toContain(c);
    expect(stored).not.toContain("totp_pending_secret");
  });

  it("is refused to Development Login (no username account), with a clear 403", async () => {
    const res = await owner.call("POST", "/api/admin/account/totp", { body: {} });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: "username_accounts_only", error: expect.stringContaining("admin accounts with a username") });
    expect((await owner.call("GET", "/api/admin/account")).json).toMatchObject({ username: null, totp_enabled: false, two_factor_available: false });
  });

  it("answers 401 without a session, and 403 to another site's Origin", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/account"],
      ["POST", "/api/admin/account/totp"],
      ["POST", "/api/admin/account/totp/confirm"],
      ["DELETE", "/api/admin/account/totp"],
    ] as const) {
      expect((await call(method, path, { body: { code: "123456" }, ip: freshIp() })).status, `${method} ${path}`).toBe(401);
    }
    const m = await new Member().create();
    const { v } = await m.login();
    const foreign = await v.call("POST", "/api/admin/account/totp", { body: {}, headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const verify = await call("POST", "/api/admin/login/verify", { body: { code: "123456" }, ip: freshIp(), headers: { origin: "https://evil.example" } });
    expect(verify.status).toBe(403);
  });
});

describe("signing in with a second factor", () => {
  it("answers a right password with the methods and a short-lived pending cookie, and no session until a current code", async () => {
    const m = await new Member().create();
    await m.enableTotp();
    const { v, res } = await m.login();
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ second_factor_required: true, methods: ["totp", "recovery"] });
    const cookies = setCookies(res);
    expect(cookies.find((c) => c.startsWith("pending_sign_in="))).toMatch(/^pending_sign_in=[\w-]{43}; Path=\/api\/admin\/login; Max-Age=300; HttpOnly; SameSite=Lax$/);
    expect(cookies.some((c) => c.startsWith("session="))).toBe(false);
    expect(v.session).toBeUndefined();
    expect((await v.call("GET", "/api/admin/me")).status).toBe(401);

    // Shapes first: not six digits and not a recovery code's shape is a 400 naming the field.
    for (const code of ["12345", "1234567", "abcd-efgh", "", 123456]) {
      const bad = await v.call("POST", "/api/admin/login/verify", { body: { code } });
      expect(bad.status, String(code)).toBe(400);
      expect(Object.keys(bad.json.fields)).toEqual(["code"]);
    }
    const wrong = await v.call("POST", "/api/admin/login/verify", { body: { code: m.wrongCode() } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toBe("That code is not right. Check your authenticator app and try again.");
    expect(v.session).toBeUndefined();

    // The pending cookie is the sign-in: a browser without it gets nowhere with the right code.
    const code = await m.code();
    const elsewhere = new Visitor(base());
    const noPending = await elsewhere.call("POST", "/api/admin/login/verify", { body: { code } });
    expect(noPending.status).toBe(401);
    expect(noPending.json.code).toBe("no_pending_sign_in");

    const ok = await v.call("POST", "/api/admin/login/verify", { body: { code: code.replace(/^(\d{3})/, "$1 ") } });
    expect(ok.status, ok.text).toBe(200);
    expect(v.session).toMatch(/^[\w-]{43}\.[\w-]+$/);
    expect(v.jar.get("pending_sign_in")).toBeUndefined();
    expect((await v.call("GET", "/api/admin/me")).json).toMatchObject({ type: "admin", admin: { username: m.username, full_name: "" } });

    // Each code once: the same code in a new sign-in is refused, and the used pending sign-in is gone.
    const replay = await m.login();
    expect((await replay.v.call("POST", "/api/admin/login/verify", { body: { code } })).status).toBe(401);
    expect((await v.call("POST", "/api/admin/login/verify", { body: { code: await m.code() } })).status).toBe(401);
  });

  it("takes each recovery code once, in any case or grouping, and counts what is left", async () => {
    const m = await new Member().create();
    const { recovery } = await m.enableTotp();
    const [first, second] = recovery as [string, string];
    const used = await m.signIn(first.toUpperCase().replace(/-/g, " "));
    expect(used.verified.status, used.verified.text).toBe(200);
    expect((await used.v.call("GET", "/api/admin/account")).json.recovery_codes_left).toBe(9);
    const again = await m.signIn(first);
    expect(again.verified.status).toBe(401);
    expect(again.v.session).toBeUndefined();
    expect((await m.signIn(second)).verified.status).toBe(200);
    expect((await used.v.call("GET", "/api/admin/account")).json.recovery_codes_left).toBe(8);
  });

  it("answers 429 with Retry-After after ten wrong codes, ends that pending sign-in, and holds the account's next one from that address too", async () => {
    const m = await new Member().create();
    await m.enableTotp();
    const { v } = await m.login();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await v.call("POST", "/api/admin/login/verify", { body: { code: m.wrongCode() } })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await v.call("POST", "/api/admin/login/verify", { body: { code: m.currentCode() } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(v.session).toBeUndefined();
    // That pending sign-in has ended; a new one of this account waits out the window.
    expect((await v.call("POST", "/api/admin/login/verify", { body: { code: m.currentCode() } })).json.code).toBe("no_pending_sign_in");
    const next = await m.login(v);
    expect((await next.v.call("POST", "/api/admin/login/verify", { body: { code: m.currentCode() } })).status).toBe(429);
    // Counted per account and address: the real user's own device elsewhere is not locked out.
    expect((await m.signIn(() => m.code())).verified.status).toBe(200);

    const entries = (await allPages<AuditEntry>(owner, "/api/admin/audit-log", { limit: 100, entity: "admin-account", from: new Date().toISOString().slice(0, 10) })).items.filter(
      (e) => e.entity_id === m.username,
    );
    const actions = entries.map((e) => e.action);
    expect(actions.filter((a) => a === "sign_in_failed")).toHaveLength(10);
    expect(actions.filter((a) => a === "sign_in_locked_out")).toHaveLength(2);
    expect(entries.find((e) => e.action === "sign_in_failed")?.entity_label).toBe(`${m.username} (password + authenticator app)`);
  });

  it("ends a pending sign-in when the password changes: its code no longer makes a session", async () => {
    const m = await new Member().create();
    await m.enableTotp();
    const { v: begun } = await m.login();
    const { v: real, verified } = await m.signIn(() => m.code());
    expect(verified.status).toBe(200);
    const changed = await real.call("PUT", "/api/admin/account/password", { body: { current_password: PASSWORD, new_password: "a-brand-new-long-password" } });
    expect(changed.status, changed.text).toBe(200);
    const late = await begun.call("POST", "/api/admin/login/verify", { body: { code: await m.code() } });
    expect(late.status).toBe(401);
    expect(late.json.code).toBe("no_pending_sign_in");
    expect(begun.session).toBeUndefined();
  });

  it("records sign-ins with their method, and turning two-factor on and off", async () => {
    const m = await new Member().create();
    const { v, recovery } = await m.enableTotp();
    expect((await m.signIn(() => m.code())).verified.status).toBe(200);
    expect((await m.signIn(recovery[0]!)).verified.status).toBe(200);
    expect((await v.call("DELETE", "/api/admin/account/totp", { body: { code: recovery[1] } })).status).toBe(200);
    const { items } = await allPages<AuditEntry>(owner, "/api/admin/audit-log", { limit: 100, actor: `admin#${m.username}` });
    expect(items.map((e) => [e.action, e.entity_label])).toEqual([
      ["totp_disable", m.username],
      ["sign_in", `${m.username} (password + recovery code)`],
      ["sign_in", `${m.username} (password + authenticator app)`],
      ["totp_enable", m.username],
      ["sign_in", m.username],
    ]);
  });
});

describe("turning two-factor off", () => {
  it("needs a current code or an unused recovery code; afterwards the password alone signs in", async () => {
    const m = await new Member().create();
    const { v } = await m.enableTotp();
    const bad = await v.call("DELETE", "/api/admin/account/totp", { body: { code: "nope" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(["code"]);
    expect((await v.call("DELETE", "/api/admin/account/totp", { body: { code: m.wrongCode() } })).status).toBe(401);
    expect((await v.call("GET", "/api/admin/account")).json.totp_enabled).toBe(true);
    const off = await v.call("DELETE", "/api/admin/account/totp", { body: { code: await m.code() } });
    expect(off.status, off.text).toBe(200);
    expect((await v.call("GET", "/api/admin/account")).json).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });
    expect((await v.call("DELETE", "/api/admin/account/totp", { body: { code: await m.code() } })).status).toBe(409);
    expect((await m.login()).res.json).toEqual({ success: true });
  });
});

describe("requiring two-factor", () => {
  it("sends a member without it to set it up: only the account routes answer until it is on", async () => {
    const m = await new Member().create();
    const withTotp = await new Member().create();
    await withTotp.enableTotp();
    const bad = await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: "yes" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields)).toEqual(["require_two_factor"]);
    const on = await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: true } });
    expect(on.status).toBe(200);
    expect((await owner.call("GET", "/api/admin/security-settings")).json).toMatchObject({ require_two_factor: true });

    const { v, res } = await m.login();
    expect(res.json).toEqual({ success: true, two_factor_setup_required: true });
    const refused = await v.call("GET", "/api/admin/users");
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("two_factor_setup_required");
    expect((await v.call("PUT", "/api/admin/site-settings/company_name", { body: { value: "x", version: 1 } })).json.code).toBe("two_factor_setup_required");
    expect((await v.call("GET", "/api/admin/me")).json).toMatchObject({ type: "admin", admin: { username: m.username, full_name: "" }, two_factor_setup_required: true });
    expect((await v.call("GET", "/api/admin/account")).json).toMatchObject({ setup_required: true, totp_enabled: false });

    // Development Login and an account that has two-factor are not held.
    expect((await owner.call("GET", "/api/admin/users")).status).toBe(200);
    expect((await withTotp.signIn(() => withTotp.code())).verified.status).toBe(200);

    await m.enableTotp(v);
    expect((await v.call("GET", "/api/admin/users")).status).toBe(200);
    const me = (await v.call("GET", "/api/admin/me")).json;
    expect(me).toMatchObject({ type: "admin", admin: { username: m.username, full_name: "" } });
    expect(me).not.toHaveProperty("two_factor_setup_required");
    expect((await v.call("GET", "/api/admin/account")).json).toMatchObject({ setup_required: false, totp_enabled: true });

    // Lifting the requirement frees a held session at once.
    const other = await new Member().create();
    const held = (await other.login()).v;
    expect((await held.call("GET", "/api/admin/users")).status).toBe(403);
    expect((await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: false } })).status).toBe(200);
    expect((await held.call("GET", "/api/admin/users")).status).toBe(200);
    const { items } = await allPages<AuditEntry>(owner, "/api/admin/audit-log", { limit: 5, entity: "security-setting" });
    expect(items[0]).toMatchObject({ action: "update", changed_fields: ["require_two_factor"] });
  });

  it("holds sessions that began before the requirement was turned on, at once", async () => {
    const m = await new Member().create();
    const { v } = await m.login();
    expect((await v.call("GET", "/api/admin/users")).status).toBe(200);
    expect((await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: true } })).status).toBe(200);
    try {
      const held = await v.call("GET", "/api/admin/users");
      expect(held.status).toBe(403);
      expect(held.json.code).toBe("two_factor_setup_required");
      expect((await v.call("GET", "/api/admin/account")).json).toMatchObject({ setup_required: true });
    } finally {
      await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: false } });
    }
  });

  it("is not skipped for an account whose only second factor is a passkey: the password alone gets no session, the passkey finishes", async () => {
    const m = await new Member().create();
    const { v } = await m.login();
    const auth = new SoftAuthenticator(base());
    const options = await v.call("POST", "/api/admin/account/passkeys/options", { body: {} });
    expect(options.status, options.text).toBe(200);
    expect((await v.call("POST", "/api/admin/account/passkeys", { body: { name: "Laptop", response: auth.register(options.json) } })).status).toBe(201);
    expect((await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: true } })).status).toBe(200);
    try {
      const { v: browser, res } = await m.login();
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ second_factor_required: true, methods: ["passkey"] });
      expect(browser.session).toBeUndefined();
      expect((await browser.call("GET", "/api/admin/me")).status).toBe(401);
      const passkeyOptions = await browser.call("POST", "/api/admin/login/passkey/options", { body: {} });
      const signedIn = await browser.call("POST", "/api/admin/login/passkey", { body: { response: auth.assert(passkeyOptions.json) } });
      expect(signedIn.status, signedIn.text).toBe(200);
      expect((await browser.call("GET", "/api/admin/users")).status).toBe(200);
    } finally {
      await owner.call("PUT", "/api/admin/security-settings", { body: { require_two_factor: false } });
    }
    // Two password sign-ins and two passkey ceremonies: on a busy machine, more than the default minute.
  }, 180_000);
});
