import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUrl, totpCode, totpStep } from "./totp";

/** RFC 6238 Appendix B: the SHA1 key is the 20-byte ASCII string "12345678901234567890", 8 digits. */
const RFC_KEY = Buffer.from("12345678901234567890", "ascii");
const RFC_SHA1_VECTORS: Array<[seconds: number, code: string]> = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_SHA1_VECTORS)("computes Appendix B's SHA1 code at T = %i s", (seconds, code) => {
    expect(hotp(RFC_KEY, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it("computes RFC 4226 Appendix D's HOTP values for the first counters", () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expect(expected.map((_, i) => hotp(RFC_KEY, i))).toEqual(expected);
  });

  it("round-trips secrets through base32 as authenticator apps read them", () => {
    expect(base32Encode(RFC_KEY)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(RFC_KEY);
    expect(() => base32Decode("GEZ1")).toThrow();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it("accepts the current code and one step of drift either side, and nothing further", () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_234_567_890_000;
    const key = base32Decode(secret);
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(key, now), now)).toBe(step);
    expect(matchTotp(secret, hotp(key, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, hotp(key, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, hotp(key, step - 2), now)).toBeUndefined();
    expect(matchTotp(secret, hotp(key, step + 2), now)).toBeUndefined();
  });

  it("refuses a code whose step was already used, and any step before it", () => {
    const secret = base32Encode(RFC_KEY);
    const now = 1_111_111_111_000;
    const key = base32Decode(secret);
    const step = totpStep(now);
    expect(matchTotp(secret, hotp(key, step), now, step)).toBeUndefined();
    expect(matchTotp(secret, hotp(key, step - 1), now, step - 1)).toBeUndefined();
    expect(matchTotp(secret, hotp(key, step + 1), now, step)).toBe(step + 1);
  });

  it("reads codes typed with a space and refuses anything not six digits", () => {
    const secret = base32Encode(RFC_KEY);
    const now = 2_000_000_000_000;
    const code = totpCode(base32Decode(secret), now);
    expect(matchTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
    expect(matchTotp(secret, code.slice(1), now)).toBeUndefined();
    expect(matchTotp(secret, `${code}0`, now)).toBeUndefined();
    expect(matchTotp(secret, "abcdef", now)).toBeUndefined();
  });

  it("writes the Key Uri Format with the issuer and account escaped", () => {
    const url = new URL(otpauthUrl({ secret: "JBSWY3DPEHPK3PXP", issuer: "example.com:8443", account: "alice" }));
    expect(url.protocol).toBe("otpauth:");
    expect(url.href.startsWith("otpauth://totp/example.com%3A8443:alice?")).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: "JBSWY3DPEHPK3PXP", issuer: "example.com:8443", algorithm: "SHA1", digits: "6", period: "30" });
  });
});
