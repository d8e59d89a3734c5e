import { afterEach, describe, expect, it } from "vitest";
import { ConflictError, TooManyRequestsError } from "../errors";
import { AdminAccounts, InvalidCredentialsError, LOGIN_THROTTLE, bootstrapAdmin } from "./admin-accounts";
import { Sessions, subjectOf } from "./sessions";

const password = "a-long-enough-password";
let ipCounter = 0;
const ip = () => `10.0.0.${++ipCounter}`;

describe("username admin accounts", () => {
  it("stores a scrypt hash, never the password", async () => {
    const account = await AdminAccounts.create({ username: "Hash-Check", password, full_name: "Hash Check" });
    expect(account.username).toBe("hash-check");
    expect(account.password_hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(JSON.stringify(account)).not.toContain(password);
    await expect(AdminAccounts.create({ username: "hash-check", password })).rejects.toBeInstanceOf(ConflictError);
  });

  it("refuses passwords shorter than 12 characters", async () => {
    await expect(AdminAccounts.create({ username: "shorty", password: "elevenchars" })).rejects.toThrow(/at least 12/);
  });

  it("signs in with the right password, case-insensitive username", async () => {
    await AdminAccounts.create({ username: "grace", password });
    expect((await AdminAccounts.authenticate("Grace", password, ip())).username).toBe("grace");
  });

  it("answers a wrong password, an unknown user and a disabled account alike", async () => {
    await AdminAccounts.create({ username: "linus", password });
    const wrong = await AdminAccounts.authenticate("linus", "not-the-password", ip()).catch((e) => e);
    const unknown = await AdminAccounts.authenticate("nobody-here", password, ip()).catch((e) => e);
    await AdminAccounts.setDisabled("linus", true);
    const disabled = await AdminAccounts.authenticate("linus", password, ip()).catch((e) => e);
    for (const err of [wrong, unknown, disabled]) {
      expect(err).toBeInstanceOf(InvalidCredentialsError);
      expect([err.status, err.message]).toEqual([401, "Invalid username or password"]);
    }
  });

  it("ends the account's sessions when it is disabled or its password changes", async () => {
    await AdminAccounts.create({ username: "margaret", password });
    const a = await Sessions.start({ kind: "admin", subject: subjectOf.admin("margaret"), is_admin: true });
    await AdminAccounts.setPassword("margaret", "another-long-password");
    expect(await Sessions.read(a.token)).toBeUndefined();
    await expect(AdminAccounts.authenticate("margaret", password, ip())).rejects.toBeInstanceOf(InvalidCredentialsError);
    await AdminAccounts.authenticate("margaret", "another-long-password", ip());
    const b = await Sessions.start({ kind: "admin", subject: subjectOf.admin("margaret"), is_admin: true });
    await AdminAccounts.setDisabled("margaret", true);
    expect(await Sessions.read(b.token)).toBeUndefined();
    await AdminAccounts.setDisabled("margaret", false);
    await AdminAccounts.authenticate("margaret", "another-long-password", ip());
  });

  it("throttles per username, whatever the source address, with a controlled clock", async () => {
    const t0 = Date.UTC(2026, 10, 21, 12, 0, 0);
    const attempts = Array.from({ length: LOGIN_THROTTLE.perUsername.limit }, () => AdminAccounts.authenticate("target", "guess", ip(), t0).catch((e) => e));
    for (const err of await Promise.all(attempts)) expect(err).toBeInstanceOf(InvalidCredentialsError);
    const err = await AdminAccounts.authenticate("target", "guess", ip(), t0).catch((e) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(Number(err.headers["retry-after"])).toBeGreaterThan(0);
    // A new window opens later.
    const later = t0 + LOGIN_THROTTLE.perUsername.windowSeconds * 1000;
    await expect(AdminAccounts.authenticate("target", "guess", ip(), later)).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it("throttles per source address, whatever the username", async () => {
    const t0 = Date.UTC(2026, 10, 21, 13, 0, 0);
    const from = "10.9.9.9";
    const attempts = Array.from({ length: LOGIN_THROTTLE.perIp.limit }, (_, i) => AdminAccounts.authenticate(`user-${i}`, "guess", from, t0).catch((e) => e));
    for (const err of await Promise.all(attempts)) expect(err).toBeInstanceOf(InvalidCredentialsError);
    await expect(AdminAccounts.authenticate("user-x", "guess", from, t0)).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});

describe("bootstrapAdmin", () => {
  const saved = { u: process.env.ADMIN_USERNAME, p: process.env.ADMIN_PASSWORD };
  afterEach(() => {
    for (const [k, v] of [["ADMIN_USERNAME", saved.u], ["ADMIN_PASSWORD", saved.p]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it("creates nothing unless configured", async () => {
    delete process.env.ADMIN_USERNAME;
    delete process.env.ADMIN_PASSWORD;
    expect(await bootstrapAdmin()).toBe("not-configured");
  });

  it("refuses a short password or a username without a password, clearly", async () => {
    process.env.ADMIN_USERNAME = "boot";
    process.env.ADMIN_PASSWORD = "too-short";
    await expect(bootstrapAdmin()).rejects.toThrow(/ADMIN_PASSWORD.*at least 12 characters/);
    delete process.env.ADMIN_PASSWORD;
    await expect(bootstrapAdmin()).rejects.toThrow(/ADMIN_USERNAME and ADMIN_PASSWORD/);
  });

  it("creates the account, leaves it alone on restart, and updates its password when it changes", async () => {
    process.env.ADMIN_USERNAME = "boot";
    process.env.ADMIN_PASSWORD = "first-boot-password";
    expect(await bootstrapAdmin()).toBe("created");
    const s = await Sessions.start({ kind: "admin", subject: subjectOf.admin("boot"), is_admin: true });
    expect(await bootstrapAdmin()).toBe("unchanged");
    expect(await Sessions.read(s.token)).toBeDefined();
    process.env.ADMIN_PASSWORD = "second-boot-password";
    expect(await bootstrapAdmin()).toBe("updated");
    await AdminAccounts.authenticate("boot", "second-boot-password", "10.1.1.1");
    expect(await Sessions.read(s.token)).toBeUndefined();
  });
});
