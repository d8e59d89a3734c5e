import { describe, expect, it } from "vitest";
import { xml } from "./handler";

describe("XML text of the feeds", () => {
  it("drops every character XML 1.0 forbids, lone surrogates included, and keeps the rest", () => {
    expect(xml("a\u0000b\u0001c\u0008d\u000Be\u001Ff\uFFFEg\uFFFFh")).toBe("abcdefgh");
    expect(xml("lone \uD800high \uDC00low")).toBe("lone high low");
    expect(xml("tab\t nl\n cr\r \u0085 \uD7FF \uE000 \uFFFD 😀 \u{10FFFF}")).toBe("tab\t nl\n cr\r \u0085 \uD7FF \uE000 \uFFFD 😀 \u{10FFFF}");
  });
  it("escapes markup", () => {
    expect(xml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });
});
