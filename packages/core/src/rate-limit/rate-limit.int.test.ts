import { describe, expect, it } from "vitest";
import { TooManyRequestsError } from "../errors";
import { rateLimit, resetRateLimit } from "./rate-limit";

describe("fixed-window rate limit", () => {
  it("allows the limit, refuses the next with Retry-After, and opens a new window later", async () => {
    const t0 = Date.UTC(2026, 10, 21, 10, 0, 30);
    for (let i = 0; i < 5; i++) await rateLimit("test", "1.2.3.4", 5, 600, t0);
    const err = await rateLimit("test", "1.2.3.4", 5, 600, t0).catch((e) => e);
    expect(err).toBeInstanceOf(TooManyRequestsError);
    expect(Number(err.headers["retry-after"])).toBe(570);
    await expect(rateLimit("test", "5.6.7.8", 5, 600, t0)).resolves.toBeUndefined();
    await expect(rateLimit("test", "1.2.3.4", 5, 600, t0 + 600_000)).resolves.toBeUndefined();
  });

  it("counts concurrent requests atomically", async () => {
    const t0 = Date.UTC(2026, 10, 21, 11, 0, 0);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => rateLimit("burst", "9.9.9.9", 5, 600, t0)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("forgets a window's count on reset, for that scope and client only", async () => {
    const t0 = Date.UTC(2026, 10, 21, 12, 0, 0);
    for (let i = 0; i < 3; i++) {
      await rateLimit("reset", "a", 3, 600, t0);
      await rateLimit("reset", "b", 3, 600, t0);
    }
    await resetRateLimit("reset", "a", 600, t0 + 1000);
    for (let i = 0; i < 3; i++) await expect(rateLimit("reset", "a", 3, 600, t0)).resolves.toBeUndefined();
    await expect(rateLimit("reset", "a", 3, 600, t0)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(rateLimit("reset", "b", 3, 600, t0)).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});
