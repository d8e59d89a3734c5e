import { describe, expect, inject, it } from "vitest";
import { Visitor, demo, signInWithGoogle } from "../support/auth-flow";
import { call, freshIp } from "../support/http";

describe("sessions over HTTP", () => {
  it("tells the login page which methods are on (npm start: all three)", async () => {
    const res = await call("GET", "/api/auth/config", { ip: freshIp() });
    expect(res.json).toEqual({ devLogin: true, google: true, password: true });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("Development Login creates a real session for the local development admin", async () => {
    const v = new Visitor(inject("baseUrl"));
    const res = await v.call("POST", "/api/auth/dev-login", { body: {} });
    expect(res.status).toBe(200);
    expect(v.session).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+$/);
    expect((await v.call("GET", "/api/admin/me")).json).toEqual({
      type: "admin",
      admin: { username: "dev", full_name: "Development Admin" },
      role: "owner",
      permissions: expect.arrayContaining(["team"]),
    });
  });

  it("answers 401 to /api/users/me and /api/admin/me without a session", async () => {
    expect((await call("GET", "/api/users/me", { ip: freshIp() })).status).toBe(401);
    expect((await call("GET", "/api/admin/me", { ip: freshIp() })).status).toBe(401);
  });

  it("ends a user's sessions when an admin deletes the user", async () => {
    const person = new Visitor(inject("baseUrl"));
    await signInWithGoogle(person, demo.visitor);
    const me = await person.call("GET", "/api/users/me");
    expect(me.status).toBe(200);

    const admin = new Visitor(inject("baseUrl"));
    await admin.call("POST", "/api/auth/dev-login", { body: {} });
    expect((await admin.call("DELETE", `/api/admin/users/${me.json.id}`, { body: {} })).status).toBe(200);

    expect((await person.call("GET", "/api/users/me")).status).toBe(401);
  });

  it("logs out without a session too", async () => {
    const res = await call("POST", "/api/logout", { ip: freshIp(), body: {} });
    expect(res.status).toBe(200);
  });
});

describe("logout", () => {
  const signedIn = async () => {
    const v = new Visitor(inject("baseUrl"));
    expect((await v.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    return v;
  };
  const alive = async (v: Visitor) => (await v.call("GET", "/api/admin/me")).status === 200;

  it("is not a GET: a cross-site <img src=/api/logout> ends nothing", async () => {
    const v = await signedIn();
    const res = await call("GET", "/api/logout", { ip: v.ip, headers: { cookie: v.jar.header() } });
    expect([404, 405]).toContain(res.status);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await alive(v)).toBe(true);
  });

  it("refuses a POST without the site's Origin (403) and leaves the session alive", async () => {
    const v = await signedIn();
    const cookie = v.jar.header();
    const noOrigin = await call("POST", "/api/logout", { ip: v.ip, body: {}, headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    const foreign = await call("POST", "/api/logout", { ip: v.ip, body: {}, headers: { cookie, origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const form = await v.call("POST", "/api/logout", { raw: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    expect(noOrigin.headers["set-cookie"] ?? foreign.headers["set-cookie"] ?? form.headers["set-cookie"]).toBeUndefined();
    expect(await alive(v)).toBe(true);
  });

  it("ends the session on the site's own JSON POST", async () => {
    const v = await signedIn();
    const token = v.session!;
    expect((await v.call("POST", "/api/logout", { body: {} })).status).toBe(200);
    expect(v.session).toBeUndefined();
    expect((await v.call("GET", "/api/admin/me", { headers: { cookie: `session=${token}` } })).status).toBe(401);
  });
});
