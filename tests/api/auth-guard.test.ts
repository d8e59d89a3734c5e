import { describe, expect, it, inject } from "vitest";
import { routeKeys, routes } from "@agency/core/routes";
import { roleCan } from "@agency/core/contract/roles";
import { Visitor, demo, signInWithGoogle } from "../support/auth-flow";
import { call, freshIp } from "../support/http";

/**
 * Deny by default, checked by walking the route table: every admin route refuses a request without
 * a session (401) and a signed-in Google account that is not on the allow-list (403).
 */
const adminRoutes = routeKeys.filter((k) => routes[k].access === "admin");
const request = (key: string) => {
  const [method, path] = key.split(" ") as [string, string];
  return { method, path: path.replace(/\{\w+\}/g, "guard-walk-id") };
};

describe("the route table's access field", () => {
  it("declares public or admin for every route, and admin for every /api/admin route but the sign-in and its second step", () => {
    for (const key of routeKeys) expect(["public", "admin"], key).toContain(routes[key].access);
    const open = routeKeys.filter((k) => k.includes(" /api/admin/") && routes[k].access !== "admin");
    expect(open).toEqual(["POST /api/admin/login", "POST /api/admin/login/verify", "POST /api/admin/login/passkey/options", "POST /api/admin/login/passkey"]);
    expect(adminRoutes.length).toBeGreaterThan(30);
  });

  it("answers 401 on every admin route without a session, or with a made-up one", async () => {
    for (const key of adminRoutes) {
      const { method, path } = request(key);
      const body = method === "GET" ? undefined : {};
      expect((await call(method, path, { body, ip: freshIp() })).status, key).toBe(401);
      const forged = await call(method, path, {
        body,
        ip: freshIp(),
        headers: { cookie: `session=${"A".repeat(43)}`, origin: new URL(inject("baseUrl")).origin },
      });
      expect(forged.status, key).toBe(401);
      expect(forged.json.error, key).toBe("Sign in required");
    }
  });

  it("answers 401, never a 5xx, to a made-up token naming any subject, and to a real token whose named subject was changed", async () => {
    const origin = new URL(inject("baseUrl")).origin;
    const named = (subject: string, random = "B".repeat(43)) => `${random}.${Buffer.from(subject, "utf8").toString("base64url")}`;
    const admin = new Visitor(inject("baseUrl"));
    await admin.call("POST", "/api/auth/dev-login", { body: {} });
    expect((await admin.call("GET", "/api/admin/me")).status).toBe(200);
    const real = admin.session!;
    for (const token of [
      named("admin#"),
      named("user#"),
      named("admin#no-such-account"),
      named("user#no-such-user"),
      named("user#a#b\u0000é"),
      named("dev#local"),
      named("nothing"),
      named("admin#dev", real.slice(0, 43)),
      `${real.slice(0, 43)}.`,
      `${real}x`,
      `${"B".repeat(43)}.${"A".repeat(401)}`,
    ]) {
      const res = await call("GET", "/api/admin/me", { ip: freshIp(), headers: { cookie: `session=${token}`, origin } });
      expect(res.status, token).toBe(401);
    }
    expect((await admin.call("GET", "/api/admin/me")).status).toBe(200);
  });

  it("answers 403 on every admin route to a signed-in Google account that is not authorised", async () => {
    const v = new Visitor(inject("baseUrl"));
    expect((await signInWithGoogle(v, demo.visitor)).status).toBe(403);
    expect(v.session).toBeTruthy();
    for (const key of adminRoutes) {
      const { method, path } = request(key);
      const res = await v.call(method, path, method === "GET" ? {} : { body: {} });
      expect(res.status, key).toBe(403);
      expect(res.json.error, key).toBe("This Google account is not authorised for the admin area.");
    }
  });

  it("lets an authorised admin through to the handlers their role may use (a Google admin: all but the team)", async () => {
    const v = new Visitor(inject("baseUrl"));
    expect((await signInWithGoogle(v, demo.admin)).status).toBe(200);
    // The parameters a list cannot go without: which item's revisions.
    const required: Partial<Record<string, string>> = { "GET /api/admin/revisions": "?entity=services&id=guard-walk-id" };
    for (const key of adminRoutes.filter((k) => k.startsWith("GET ") && !k.includes("{"))) {
      const spec = routes[key];
      const allowed = spec.access === "admin" && roleCan("admin", spec.permission);
      expect((await v.call("GET", `${request(key).path}${required[key] ?? ""}`)).status, key).toBe(allowed ? 200 : 403);
    }
  });
});
