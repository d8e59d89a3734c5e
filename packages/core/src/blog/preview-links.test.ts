import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PREVIEW_LINK_DAYS, PreviewSigner } from "./preview-links";

const saved = process.env.PREVIEW_LINK_SECRET;
beforeEach(() => {
  process.env.PREVIEW_LINK_SECRET = "unit-test-preview-secret";
});
afterEach(() => {
  if (saved === undefined) delete process.env.PREVIEW_LINK_SECRET;
  else process.env.PREVIEW_LINK_SECRET = saved;
});

const now = Date.parse("2026-11-25T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

describe("preview link signer", () => {
  it("opens its own token for the post and generation it signed, until seven days have passed", () => {
    const { token, expires_at } = PreviewSigner.sign("post-1", 3, now);
    expect(PREVIEW_LINK_DAYS).toBe(7);
    expect(expires_at).toBe("2026-12-02T12:00:00.000Z");
    expect(PreviewSigner.verify(token, now)).toEqual({ postId: "post-1", generation: 3 });
    expect(PreviewSigner.verify(token, now + 7 * DAY - 1000)).toEqual({ postId: "post-1", generation: 3 });
    expect(PreviewSigner.verify(token, now + 7 * DAY)).toBeUndefined();
  });

  it("refuses a token with any part changed: the post, the generation, the expiry or the signature", () => {
    const { token } = PreviewSigner.sign("post-1", 0, now);
    const [id, gen, exp, mac] = token.split("~") as [string, string, string, string];
    const other = Buffer.from("post-2").toString("base64url");
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    for (const tampered of [
      [other, gen, exp, mac],
      [id, "1", exp, mac],
      [id, gen, String(Number(exp) + 86_400), mac],
      [id, gen, exp, flipped],
      [id, gen, exp],
      [id, gen, exp, mac, "x"],
    ]) {
      expect(PreviewSigner.verify(tampered.join("~"), now), tampered.join("~")).toBeUndefined();
    }
    expect(PreviewSigner.verify("", now)).toBeUndefined();
    expect(PreviewSigner.verify("a".repeat(5000), now)).toBeUndefined();
  });

  it("refuses a token signed under another secret, and opens nothing without a secret", () => {
    const { token } = PreviewSigner.sign("post-1", 0, now);
    process.env.PREVIEW_LINK_SECRET = "another-secret";
    expect(PreviewSigner.verify(token, now)).toBeUndefined();
    delete process.env.PREVIEW_LINK_SECRET;
    expect(PreviewSigner.verify(token, now)).toBeUndefined();
    expect(() => PreviewSigner.sign("post-1", 0, now)).toThrow(/PREVIEW_LINK_SECRET/);
  });

  it("makes tokens of URL-safe characters without a dot (a dotted last segment would be a file to the SPA fallback)", () => {
    expect(PreviewSigner.sign("a.b/ü 1", 2, now).token).toMatch(/^[A-Za-z0-9_~-]+$/);
  });

  it("keeps any post id intact, dots and non-ASCII included", () => {
    const { token } = PreviewSigner.sign("a.b/ü 1", 2, now);
    expect(PreviewSigner.verify(token, now)).toEqual({ postId: "a.b/ü 1", generation: 2 });
  });
});
