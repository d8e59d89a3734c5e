import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

// Each hash is scrypt at 128 MiB on purpose: seconds on a loaded 2-core machine, so more time than the default.
describe("password hashing", { timeout: 60_000 }, () => {
  it("uses scrypt with N = 2^17, r = 8, p = 1 and a random salt", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
  it("verifies the right password only, including long ones", async () => {
    const long = "p".repeat(31) + "🔑" + "q".repeat(31);
    const hash = await hashPassword(long);
    expect(await verifyPassword(long, hash)).toBe(true);
    expect(await verifyPassword(long.slice(0, -1), hash)).toBe(false);
    expect(await verifyPassword(long, "scrypt$17$8$1$bad")).toBe(false);
    expect(await verifyPassword(long, "plain")).toBe(false);
  });
});
