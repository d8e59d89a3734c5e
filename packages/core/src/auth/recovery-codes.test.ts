import { describe, expect, it } from "vitest";
import { isRecoveryCodeShape } from "../contract/account";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes";

describe("recovery codes", () => {
  it("makes ten distinct codes of four groups of four base32 letters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  });

  it("knows a code's shape whatever the case, spaces or dashes, and refuses other shapes", () => {
    expect(isRecoveryCodeShape("abcd-efgh-ijkl-mnop")).toBe(true);
    expect(isRecoveryCodeShape("ABCD EFGH IJKL MNOP")).toBe(true);
    expect(isRecoveryCodeShape("abcdefghijklmnop")).toBe(true);
    expect(isRecoveryCodeShape("abcd-efgh-ijkl-mno")).toBe(false);
    expect(isRecoveryCodeShape("abcd-efgh-ijkl-mnop-q")).toBe(false);
    expect(isRecoveryCodeShape("abcd-efgh-ijkl-mn0p")).toBe(false);
    expect(isRecoveryCodeShape("123456")).toBe(false);
  });

  it("hashes the code, not how it was typed", () => {
    expect(hashRecoveryCode("ABCD efgh-IJKL mnop")).toBe(hashRecoveryCode("abcd-efgh-ijkl-mnop"));
    expect(hashRecoveryCode("abcd-efgh-ijkl-mnop")).not.toBe(hashRecoveryCode("abcd-efgh-ijkl-mnoq"));
    expect(hashRecoveryCode("abcd-efgh-ijkl-mnop")).not.toContain("abcd");
  });
});
