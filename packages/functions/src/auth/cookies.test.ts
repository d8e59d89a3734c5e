import { afterEach, describe, expect, it } from "vitest";
import { clearPasskeyCookie, clearSessionCookie, deviceCookie, passkeyCookie, pendingSignInCookie, sessionCookie, transactionCookie } from "./cookies";
import { isLoopbackIssuer } from "./google";

const saved = process.env.PUBLIC_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = saved;
});

describe("sign-in cookies", () => {
  it("over http: plain names, HttpOnly, SameSite=Lax, Path=/, not Secure", () => {
    process.env.PUBLIC_URL = "http://localhost:3000";
    expect(sessionCookie("tok", 604800)).toBe("session=tok; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax");
    expect(clearSessionCookie()).toMatch(/^session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax; Expires=/);
    expect(transactionCookie("id")).toBe("oidc_tx=id; Path=/api; Max-Age=600; HttpOnly; SameSite=Lax");
    expect(deviceCookie("d")).toBe("device=d; Path=/api/admin/login; Max-Age=31536000; HttpOnly; SameSite=Lax");
    expect(passkeyCookie("p")).toBe("passkey_tx=p; Path=/api/admin/login/passkey; Max-Age=300; HttpOnly; SameSite=Lax");
    expect(clearPasskeyCookie()).toMatch(/^passkey_tx=; Path=\/api\/admin\/login\/passkey; Max-Age=0; HttpOnly; SameSite=Lax; Expires=/);
    expect(pendingSignInCookie("p")).toBe("pending_sign_in=p; Path=/api/admin/login; Max-Age=300; HttpOnly; SameSite=Lax");
  });

  it("over https: __Host- session cookie (Secure, Path=/, no Domain), __Secure- transaction and device cookies", () => {
    process.env.PUBLIC_URL = "https://www.example.com";
    const c = sessionCookie("tok", 60);
    expect(c).toBe("__Host-session=tok; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure");
    expect(c).not.toMatch(/Domain=/i);
    expect(transactionCookie("id")).toBe("__Secure-oidc_tx=id; Path=/api; Max-Age=600; HttpOnly; SameSite=Lax; Secure");
    expect(deviceCookie("d")).toBe("__Secure-device=d; Path=/api/admin/login; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure");
    expect(passkeyCookie("p")).toBe("__Secure-passkey_tx=p; Path=/api/admin/login/passkey; Max-Age=300; HttpOnly; SameSite=Lax; Secure");
    expect(pendingSignInCookie("p")).toBe("__Secure-pending_sign_in=p; Path=/api/admin/login; Max-Age=300; HttpOnly; SameSite=Lax; Secure");
  });
});

describe("insecure (http) OpenID requests", () => {
  it("are allowed only for an issuer on this machine", () => {
    for (const ok of ["http://127.0.0.1:4000", "http://localhost:9000/", "http://[::1]:80"]) expect(isLoopbackIssuer(new URL(ok)), ok).toBe(true);
    for (const no of ["https://accounts.google.com", "http://accounts.google.com", "http://localhost.evil.example", "http://10.0.0.1"]) {
      expect(isLoopbackIssuer(new URL(no)), no).toBe(false);
    }
  });
});
