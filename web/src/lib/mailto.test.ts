import { describe, expect, it } from "vitest";
import { preview, replyMailto } from "./mailto";

describe("replyMailto", () => {
  it("prefills the subject and a greeting to the sender", () => {
    const href = replyMailto("ada@example.com", "Ada Lovelace");
    expect(href.startsWith("mailto:ada@example.com?")).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf("?") + 1));
    expect(params.get("subject")).toBe("Re: Your inquiry");
    expect(params.get("body")).toBe("Hi Ada Lovelace,\r\n\r\nThank you for reaching out.\r\n\r\n");
    expect(href).not.toContain("+");
  });

  it("cannot smuggle headers through the address", () => {
    expect(replyMailto("a?cc=b@x.com&bcc=c@y.com", "X")).toMatch(/^mailto:a%3Fcc%3Db@x.com%26bcc%3Dc@y.com\?subject=/);
  });
});

describe("preview", () => {
  it("keeps short text and cuts long text at the limit with ...", () => {
    expect(preview("  short\n text ")).toBe("short text");
    expect(preview("a".repeat(100), 80)).toBe(`${"a".repeat(80)}...`);
    expect(preview("x".repeat(80), 80)).toBe("x".repeat(80));
  });
});
