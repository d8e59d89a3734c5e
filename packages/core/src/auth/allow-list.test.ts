import { describe, expect, it } from "vitest";
import { isAuthorisedEmail } from "./allow-list";

describe("the admin allow-list", () => {
  const list = ["ada@example.com", "@agency.test"];
  it("admits listed addresses and @domain entries, case-insensitively, when verified", () => {
    expect(isAuthorisedEmail("ada@example.com", true, list)).toBe(true);
    expect(isAuthorisedEmail("ADA@Example.COM", true, list)).toBe(true);
    expect(isAuthorisedEmail("anyone@agency.test", true, list)).toBe(true);
  });
  it("refuses unverified, unlisted, subdomain and malformed addresses", () => {
    expect(isAuthorisedEmail("ada@example.com", false, list)).toBe(false);
    expect(isAuthorisedEmail("ada@example.com", undefined, list)).toBe(false);
    expect(isAuthorisedEmail("bob@example.com", true, list)).toBe(false);
    expect(isAuthorisedEmail("x@sub.agency.test", true, list)).toBe(false);
    expect(isAuthorisedEmail("x@evil.test@agency.test", true, list)).toBe(false);
    expect(isAuthorisedEmail("agency.test", true, list)).toBe(false);
    expect(isAuthorisedEmail("", true, list)).toBe(false);
    expect(isAuthorisedEmail("ada@example.com", true, [])).toBe(false);
  });
});
