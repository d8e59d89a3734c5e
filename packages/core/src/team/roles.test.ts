import { afterEach, describe, expect, it } from "vitest";
import { accountRole, activeGoogleRole, googleRole, twoFactorOf } from "./roles";

const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

const google = (over: Record<string, unknown> = {}) => ({ email: "ada@example.com", google_user_data: { email_verified: true }, ...over });

describe("who has which role", () => {
  it("makes ADMIN_USERNAME's account the first owner and other accounts without a stored role admins", () => {
    process.env.ADMIN_USERNAME = "Boss";
    expect(accountRole({ username: "boss" })).toBe("owner");
    expect(accountRole({ username: "other" })).toBe("admin");
    expect(accountRole({ username: "boss", role: "editor" })).toBe("editor");
    expect(accountRole({ username: "other", role: "owner" })).toBe("owner");
  });

  it("gives a Google user the role stored on them while ADMIN_EMAILS names them, and none without one (deny by default)", () => {
    process.env.ADMIN_EMAILS = "ada@example.com";
    // Not on the team until a sign-in or an owner stores a role: a deleted and recreated record is no admin.
    expect(googleRole(google())).toBeUndefined();
    expect(googleRole(google({ admin_role: "admin" }))).toBe("admin");
    expect(googleRole(google({ admin_role: "editor" }))).toBe("editor");
    expect(googleRole(google({ admin_role: "none" }))).toBeUndefined();
    // ADMIN_EMAILS stays the gate: an override does not let anyone else in, nor an unverified address.
    expect(googleRole(google({ email: "eve@example.com", admin_role: "owner" }))).toBeUndefined();
    expect(googleRole(google({ google_user_data: { email_verified: false } }))).toBeUndefined();
  });

  it("keeps a disabled Google admin's role on the team but signs them in with none", () => {
    process.env.ADMIN_EMAILS = "ada@example.com";
    expect(googleRole(google({ admin_disabled: true, admin_role: "owner" }))).toBe("owner");
    expect(activeGoogleRole(google({ admin_disabled: true, admin_role: "owner" }))).toBeUndefined();
  });

  it("reads two-factor state defensively: missing fields are off", () => {
    expect(twoFactorOf({})).toEqual({ totp: false, passkeys: 0 });
    expect(twoFactorOf({ totp_enabled: true, passkey_count: 2 })).toEqual({ totp: true, passkeys: 2 });
    expect(twoFactorOf({ totp_enabled: "yes", passkeys: [{}, {}, {}] })).toEqual({ totp: false, passkeys: 3 });
  });
});
