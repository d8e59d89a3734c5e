import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Visitor } from "../support/auth-flow";
import { call, freshIp, inOneRateWindow } from "../support/http";
import { LOGIN_THROTTLE } from "../../packages/core/src/auth/admin-accounts";
import { runAdminCli, startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Username admin accounts, against a runtime of their own: the bootstrap account comes from
 * ADMIN_USERNAME / ADMIN_PASSWORD (a 64-character password), Development Login is off.
 */
const PASSWORD = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const env = { ADMIN_USERNAME: "alice", ADMIN_PASSWORD: PASSWORD, DEV_LOGIN: "0" };

let runtime: RunningRuntime;
beforeAll(async () => {
  runtime = await startRuntime({ env });
});
afterAll(() => runtime?.stop());

const login = (v: Visitor, username: string, password: string) => v.call("POST", "/api/admin/login", { body: { username, password } });
const withoutRequestId = (json: Record<string, unknown>) => ({ ...json, requestId: undefined });

const adminCli = (args: string[], input?: string) => runAdminCli(runtime, args, input);

describe("username sign-in", () => {
  it.sequential("signs the bootstrap account in with its 64-character password", async () => {
    expect(PASSWORD).toHaveLength(64);
    const v = new Visitor(runtime.url);
    const res = await login(v, "alice", PASSWORD);
    expect(res.status).toBe(200);
    expect(v.session).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+$/);
    const me = await v.call("GET", "/api/admin/me");
    expect(me.json).toEqual({ type: "admin", admin: { username: "alice", full_name: "" }, role: "owner", permissions: expect.arrayContaining(["team", "messages"]) });
    expect((await v.call("GET", "/api/users/me")).json).toMatchObject({ type: "admin", is_admin: true, username: "alice" });
    expect((await v.call("GET", "/api/admin/users")).status).toBe(200);
  });

  it.sequential("answers a wrong password and an unknown user with the same 401", async () => {
    const wrong = await login(new Visitor(runtime.url), "alice", `${PASSWORD.slice(0, -1)}!`);
    const unknown = await login(new Visitor(runtime.url), "nobody", PASSWORD);
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(withoutRequestId(wrong.json)).toEqual(withoutRequestId(unknown.json));
    expect(wrong.json.error).toBe("Invalid username or password");
    expect(wrong.headers["set-cookie"]).toBeUndefined();
  });

  it.sequential("makes a browser that signed in a known device: a signed, HttpOnly cookie sent only to the sign-in", async () => {
    const v = new Visitor(runtime.url);
    const res = await login(v, "alice", PASSWORD);
    const device = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("device="));
    expect(device).toMatch(/^device=[\w-]+\.[\w-]+\.[\w-]+; Path=\/api\/admin\/login; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const failed = await login(new Visitor(runtime.url), "alice", "wrong-password");
    expect(String(failed.headers["set-cookie"] ?? "")).not.toContain("device=");
    // The key that signs it was made at the first start and is kept with the data, for the owner only.
    expect(statSync(join(runtime.dataDir, "device-cookie-secret")).mode & 0o777).toBe(0o600);
  });

  it.sequential("lets the admin's own browser, and a new one, sign in after ten failures from ten addresses", async () => {
    const admin = new Visitor(runtime.url);
    expect((await login(admin, "alice", PASSWORD)).status).toBe(200);
    expect(admin.jar.get("device")).toBeTruthy();
    const attempts = await Promise.all(Array.from({ length: 10 }, () => login(new Visitor(runtime.url), "alice", "wrong-password")));
    expect(attempts.map((r) => r.status)).toEqual(Array(10).fill(401));
    expect((await login(admin, "alice", PASSWORD)).status).toBe(200);
    expect((await login(new Visitor(runtime.url), "alice", PASSWORD)).status).toBe(200);
  });

  it.sequential("stops failures from one address on a username with 429 and Retry-After, but never the known browser there", { timeout: 150_000 }, async () => {
    await inOneRateWindow(LOGIN_THROTTLE.perIpAndUsername.windowSeconds);
    const admin = new Visitor(runtime.url);
    expect((await login(admin, "alice", PASSWORD)).status).toBe(200);
    // Someone else behind the admin's own address (the same office), without the admin's cookie.
    const guess = () =>
      call("POST", "/api/admin/login", {
        baseUrl: runtime.url,
        ip: admin.ip,
        headers: { origin: new URL(runtime.url).origin },
        body: { username: "alice", password: "wrong-password" },
      });
    const attempts = [];
    for (let i = 0; i < 10; i++) attempts.push((await guess()).status);
    expect(attempts).toEqual(Array(10).fill(401));
    const refused = await guess();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(admin, "alice", PASSWORD)).status).toBe(200);
  });

  it.sequential("throttles attempts from one address on many usernames with 429", { timeout: 150_000 }, async () => {
    await inOneRateWindow(LOGIN_THROTTLE.perIp.windowSeconds);
    const v = new Visitor(runtime.url);
    // One after another, as a guesser's script would: twenty at once queued the local DynamoDB's I/O
    // behind twenty password hashes in Node's thread pool, past the client's request timeout, and a
    // resent ADD counts twice (db/client.ts), which is not what this test is about.
    const attempts = [];
    for (let i = 0; i < 20; i++) attempts.push((await login(v, `guess-${i}`, "wrong-password")).status);
    expect(attempts).toEqual(Array(20).fill(401));
    expect((await login(v, "alice", PASSWORD)).status).toBe(429);
    // Another address is unaffected.
    expect((await login(new Visitor(runtime.url), "alice", PASSWORD)).status).toBe(200);
  });

  it.sequential("validates the body: missing fields are 400", async () => {
    const res = await new Visitor(runtime.url).call("POST", "/api/admin/login", { body: { username: "" } });
    expect(res.status).toBe(400);
  });

  it.sequential("has Development Login off: the config says so and the route does not exist", async () => {
    const config = await call("GET", "/api/auth/config", { baseUrl: runtime.url, ip: freshIp() });
    expect(config.json).toEqual({ devLogin: false, google: true, password: true });
    const res = await new Visitor(runtime.url).call("POST", "/api/auth/dev-login", { body: {} });
    expect(res.status).toBe(404);
  });

  // Each step runs the admin CLI (a tsx process start): over a minute in all on a busy machine.
  it.sequential("manages accounts from the shell: create, disable (ending sessions), set-password", { timeout: 180_000 }, async () => {
    const v = new Visitor(runtime.url);
    expect((await login(v, "alice", PASSWORD)).status).toBe(200);
    const aliceCookie = v.jar.header();
    await runtime.stop();

    const created = adminCli(["create", "Bob", "--full-name", "Bob Builder", "--password-stdin"], "bobs-new-password\n");
    expect(created, created.output).toMatchObject({ status: 0 });
    expect(adminCli(["create", "carol", "--password-stdin"], "short\n").status).toBe(1);
    const disabled = adminCli(["disable", "alice"]);
    expect(disabled, disabled.output).toMatchObject({ status: 0 });

    runtime = await startRuntime({ dataDir: runtime.dataDir, env });
    const bob = new Visitor(runtime.url);
    expect((await login(bob, "bob", "bobs-new-password")).status).toBe(200);
    expect((await bob.call("GET", "/api/admin/me")).json).toEqual({
      type: "admin",
      admin: { username: "bob", full_name: "Bob Builder" },
      role: "admin",
      permissions: expect.not.arrayContaining(["team"]),
    });

    // The disabled account: refused with the same answer as a wrong password, and its session ended.
    const refused = await login(new Visitor(runtime.url), "alice", PASSWORD);
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe("Invalid username or password");
    const old = await call("GET", "/api/admin/me", { baseUrl: runtime.url, ip: freshIp(), headers: { cookie: aliceCookie } });
    expect(old.status).toBe(401);

    await runtime.stop();
    expect(adminCli(["set-password", "bob", "--password-stdin"], "bobs-second-password\n").status).toBe(0);
    // The recovery tool sets a role (an owner, when nobody can reach the Team screen); an unknown one is refused.
    expect(adminCli(["set-role", "bob", "superuser"]).status).toBe(1);
    const promoted = adminCli(["set-role", "bob", "owner"]);
    expect(promoted, promoted.output).toMatchObject({ status: 0 });
    runtime = await startRuntime({ dataDir: runtime.dataDir, env });
    const bobsOld = await call("GET", "/api/admin/me", { baseUrl: runtime.url, ip: freshIp(), headers: { cookie: bob.jar.header() } });
    expect(bobsOld.status).toBe(401);
    const bobAgain = new Visitor(runtime.url);
    expect((await login(bobAgain, "bob", "bobs-second-password")).status).toBe(200);
    expect((await bobAgain.call("GET", "/api/admin/me")).json.role).toBe("owner");
  });
});
