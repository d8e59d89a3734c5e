import { describe, expect, it } from "vitest";
import { reauthPrompt } from "./reauth";

describe("the re-auth dialog's prompt", () => {
  it("asks only for the password of an account with no authenticator app and no passkey", () => {
    expect(reauthPrompt({ totp_enabled: false, passkeys: 0 })).toBe("To make this change, enter your password.");
  });
  it("offers the authenticator app's code once it is on, and a passkey once the account has one", () => {
    expect(reauthPrompt({ totp_enabled: true, passkeys: 0 })).toBe("To make this change, enter your password or a code from your authenticator app.");
    expect(reauthPrompt({ totp_enabled: false, passkeys: 2 })).toBe("To make this change, enter your password, or use a passkey.");
    expect(reauthPrompt({ totp_enabled: true, passkeys: 1 })).toBe("To make this change, enter your password or a code from your authenticator app, or use a passkey.");
  });
});
