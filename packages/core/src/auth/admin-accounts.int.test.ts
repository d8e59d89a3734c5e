import { afterEach, describe, expect, it } from "vitest";
import { config } from "../config";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../db/client";
import { db } from "../db/service";
import { ConflictError, TooManyRequestsError } from "../errors";
import { AdminAccounts, InvalidCredentialsError, bootstrapAdmin, type LoginThrottle } from "./admin-accounts";
import { KnownDevices } from "./known-devices";
import { Sessions, subjectOf } from "./sessions";

process.env.DEVICE_COOKIE_SECRET = "integration-test-device-cookie-secret";
const password = "a-long-enough-password";
let ipCounter = 0;
const ip = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const from = (address = ip(), device?: string) => ({ ip: address, ...(device ? { device } : {}) });
/** Small budgets, so a test spends few password hashes. */
const small = (over: Partial<Record<keyof LoginThrottle, number>>): LoginThrottle => ({
  perIpAndUsername: { limit: over.perIpAndUsername ?? 100, windowSeconds: 900 },
  perIp: { limit: over.perIp ?? 100, windowSeconds: 900 },
  perUsernameFromUnknownDevices: { limit: over.perUsernameFromUnknownDevices ?? 100, windowSeconds: 900 },
  perKnownDevice: { limit: over.perKnownDevice ?? 100, windowSeconds: 900 },
});
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e) => (e instanceof TooManyRequestsError ? 429 : e instanceof InvalidCredentialsError ? 401 : e),
  );

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
    expect((await AdminAccounts.authenticate("Grace", password, from())).username).toBe("grace");
  });

  it("answers a wrong password, an unknown user and a disabled account alike", async () => {
    await AdminAccounts.create({ username: "linus", password });
    const wrong = await AdminAccounts.authenticate("linus", "not-the-password", from()).catch((e) => e);
    const unknown = await AdminAccounts.authenticate("nobody-here", password, from()).catch((e) => e);
    await AdminAccounts.setDisabled("linus", true);
    const disabled = await AdminAccounts.authenticate("linus", password, from()).catch((e) => e);
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
    await expect(AdminAccounts.authenticate("margaret", password, from())).rejects.toBeInstanceOf(InvalidCredentialsError);
    await AdminAccounts.authenticate("margaret", "another-long-password", from());
    const b = await Sessions.start({ kind: "admin", subject: subjectOf.admin("margaret"), is_admin: true });
    await AdminAccounts.setDisabled("margaret", true);
    expect(await Sessions.read(b.token)).toBeUndefined();
    await AdminAccounts.setDisabled("margaret", false);
    await AdminAccounts.authenticate("margaret", "another-long-password", from());
  });

  it("throttles failures per source address and username, with Retry-After; a success resets the count", async () => {
    await AdminAccounts.create({ username: "ada", password });
    const t0 = Date.UTC(2026, 10, 21, 12, 0, 0);
    const throttle = small({ perIpAndUsername: 2 });
    const home = ip();
    const attempt = (pw: string, address = home, now = t0) => outcome(AdminAccounts.authenticate("ada", pw, from(address), now, throttle));
    expect([await attempt("guess-1"), await attempt("guess-2")]).toEqual([401, 401]);
    const err = await AdminAccounts.authenticate("ada", password, from(home), t0, throttle).catch((e) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(Number(err.headers["retry-after"])).toBeGreaterThan(0);
    expect(await attempt(password, ip())).toBe("ok"); // another address: its own count
    // A new window opens later; a success there resets the count.
    const later = t0 + throttle.perIpAndUsername.windowSeconds * 1000;
    expect([await attempt("guess-3", home, later), await attempt(password, home, later)]).toEqual([401, "ok"]);
    expect([await attempt("guess-4", home, later), await attempt("guess-5", home, later), await attempt(password, home, later)]).toEqual([401, 401, 429]);
  });

  it("throttles per source address, whatever the username", async () => {
    const t0 = Date.UTC(2026, 10, 21, 13, 0, 0);
    const address = "10.9.9.9";
    // A small limit: every attempt costs a full scrypt hash (unknown users too), which a loaded machine feels.
    const throttle = small({ perIp: 4 });
    const attempts = Array.from({ length: 4 }, (_, i) => AdminAccounts.authenticate(`user-${i}`, "guess", from(address), t0, throttle).catch((e) => e));
    for (const err of await Promise.all(attempts)) expect(err).toBeInstanceOf(InvalidCredentialsError);
    await expect(AdminAccounts.authenticate("user-x", "guess", from(address), t0, throttle)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it("throttles unknown devices on one username across addresses, but never the account's known device", async () => {
    await AdminAccounts.create({ username: "barbara", password });
    const t0 = Date.UTC(2026, 10, 21, 14, 0, 0);
    const throttle = small({ perUsernameFromUnknownDevices: 3 });
    const device = KnownDevices.issue("barbara")!;
    const attempts = await Promise.all(Array.from({ length: 3 }, () => outcome(AdminAccounts.authenticate("barbara", "guess", from(), t0, throttle))));
    expect(attempts).toEqual([401, 401, 401]);
    expect(await outcome(AdminAccounts.authenticate("barbara", password, from(), t0, throttle))).toBe(429);
    expect(await outcome(AdminAccounts.authenticate("barbara", password, from(ip(), device), t0, throttle))).toBe("ok");
  });

  it("gives a known device its own failure budget, which no other browser spends or is stopped by", async () => {
    await AdminAccounts.create({ username: "edsger", password });
    const t0 = Date.UTC(2026, 10, 21, 15, 0, 0);
    const throttle = small({ perKnownDevice: 2, perIpAndUsername: 2 });
    const home = ip();
    const device = KnownDevices.issue("edsger")!;
    const known = (pw: string) => outcome(AdminAccounts.authenticate("edsger", pw, from(home, device), t0, throttle));
    const unknown = (pw: string) => outcome(AdminAccounts.authenticate("edsger", pw, from(home), t0, throttle));
    // An attacker at the same address spends the address's budget: the known device is untouched.
    expect([await unknown("guess-1"), await unknown("guess-2"), await unknown(password)]).toEqual([401, 401, 429]);
    expect(await known(password)).toBe("ok");
    // The known device's own failures stop it, and only it.
    expect([await known("typo-1"), await known("typo-2"), await known(password)]).toEqual([401, 401, 429]);
    expect(await outcome(AdminAccounts.authenticate("edsger", password, from(), t0, throttle))).toBe("ok");
  });

  it("treats a device cookie of another username, a tampered one or a forged one as an unknown device", async () => {
    await AdminAccounts.create({ username: "frances", password });
    const t0 = Date.UTC(2026, 10, 21, 16, 0, 0);
    const throttle = small({ perIpAndUsername: 1 });
    const home = ip();
    const genuine = KnownDevices.issue("frances")!;
    const [user, id, signature] = genuine.split(".") as [string, string, string];
    expect(await outcome(AdminAccounts.authenticate("frances", "guess", from(home), t0, throttle))).toBe(401);
    for (const device of [KnownDevices.issue("someone-else")!, `${user}.${id}x.${signature}`, `${user}.${id}.${signature.slice(0, -2)}AA`, "forged"]) {
      expect(await outcome(AdminAccounts.authenticate("frances", password, from(home, device), t0, throttle)), device).toBe(429);
    }
    expect(await outcome(AdminAccounts.authenticate("frances", password, from(home, genuine), t0, throttle))).toBe("ok");
  });
});

describe("bootstrapAdmin", () => {
  const saved = { u: process.env.ADMIN_USERNAME, p: process.env.ADMIN_PASSWORD };
  afterEach(() => {
    for (const [k, v] of [
      ["ADMIN_USERNAME", saved.u],
      ["ADMIN_PASSWORD", saved.p],
    ] as const) {
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
    await AdminAccounts.authenticate("boot", "second-boot-password", from("10.1.1.1"));
    expect(await Sessions.read(s.token)).toBeUndefined();
  });
});

describe("the list of admin accounts", () => {
  it("finds an account stored before the list index, once the recount's backfill gave it the keys", async () => {
    const account = await AdminAccounts.create({ username: "from-before", password });
    // As stored before the `all` index existed: without its keys.
    await dynamo().client.send(
      new UpdateCommand({ TableName: config.tableName, Key: db().adminAccount.get({ username: "from-before" }).params().Key, UpdateExpression: "REMOVE gsi1pk, gsi1sk" }),
    );
    expect((await AdminAccounts.list()).map((a) => a.username)).not.toContain("from-before");
    expect(await AdminAccounts.backfillIndex()).toBeGreaterThanOrEqual(1);
    expect((await AdminAccounts.list()).map((a) => a.username)).toContain("from-before");
    expect(await AdminAccounts.backfillIndex()).toBe(0);
    const after = (await AdminAccounts.get("from-before"))!;
    expect(after.password_hash).toBe(account.password_hash);
  });
});
