import { describe, expect, inject, it } from "vitest";
import { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";

/** A state-changing request with a session cookie must carry the site's Origin and a JSON body. */
describe("CSRF", () => {
  const signedIn = async () => {
    const v = new Visitor(inject("baseUrl"));
    expect((await v.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    return v;
  };
  const path = "/api/admin/site-settings/company_name";

  it("refuses a foreign Origin with 403, even with a valid session cookie", async () => {
    const v = await signedIn();
    const res = await v.call("PUT", path, { body: { value: "Hijacked" }, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe("Cross-site request refused");
  });

  it("refuses a request without Origin with 403", async () => {
    const v = await signedIn();
    const res = await call("PUT", path, { body: { value: "Hijacked" }, ip: v.ip, headers: { cookie: v.jar.header() } });
    expect(res.status).toBe(403);
  });

  it("refuses text/plain with 415, even from the site's Origin with a valid cookie", async () => {
    const v = await signedIn();
    const res = await v.call("PUT", path, { raw: JSON.stringify({ value: "Hijacked" }), headers: { "content-type": "text/plain" } });
    expect(res.status).toBe(415);
    const form = await v.call("DELETE", "/api/admin/contact-submissions/x", { raw: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
  });

  it("accepts the site's own JSON request with the cookie", async () => {
    const v = await signedIn();
    const res = await v.call("GET", "/api/admin/site-settings");
    expect(res.status).toBe(200);
    const write = await v.call("PUT", "/api/admin/site-settings/no_such_setting", { body: { value: "x" } });
    expect([403, 415, 401]).not.toContain(write.status);
  });

  it("checks sign-in requests too, which carry no session yet", async () => {
    const base = inject("baseUrl");
    const foreign = await call("POST", "/api/admin/login", { body: { username: "x", password: "y" }, ip: freshIp(), headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const plain = await call("POST", "/api/auth/dev-login", { raw: "{}", ip: freshIp(), headers: { origin: new URL(base).origin, "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    const exchange = await call("POST", "/api/sessions", { body: { code: "c", state: "s" }, ip: freshIp() });
    expect(exchange.status).toBe(403);
  });

  it("leaves public writes without a session alone", async () => {
    const res = await call("POST", "/api/contact", { body: { name: "Ada", email: "ada@example.com", message: "Hello" }, ip: freshIp() });
    expect(res.status).toBe(201);
  });
});
