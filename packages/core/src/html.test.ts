import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./html";

describe("the HTML sanitiser", () => {
  it("drops class, id and style, so stored content cannot overlay the page with the site's utility classes", async () => {
    const overlay = '<div class="fixed inset-0 z-50 bg-white" id="root" style="position:fixed;inset:0"><p class="text-red-600" id="x" style="color:red">Hi</p></div>';
    expect(await sanitizeHtml(overlay)).toBe("<div><p>Hi</p></div>");
    expect(await sanitizeHtml('<span CLASS="fixed" Id="a" STYLE="top:0">x</span>')).toBe("<span>x</span>");
  });

  it("keeps the structure posts and policies need", async () => {
    const html = [
      "<h2>Heading</h2><h3>Sub</h3><p>Text with <strong>bold</strong>, <em>em</em> and <code>code</code><br /></p>",
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>x = 1</code></pre><hr />",
      '<p><a href="https://example.com/a" title="A">link</a> <a href="mailto:hi@example.com">mail</a></p>',
      '<img src="https://example.com/i.png" alt="Alt" width="10" height="20" />',
      '<table><thead><tr><th scope="col">H</th></tr></thead><tbody><tr><td colspan="2">D</td></tr></tbody></table>',
    ].join("");
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it("keeps an uploaded image's same-origin /media/ path and its alt text, but no protocol-relative source", async () => {
    const body = '<p>Before</p><img src="/media/2026/0f8e2c1a-1111-4222-8333-944455556666.png" alt="Boats in the harbour at dusk" />';
    expect(await sanitizeHtml(body)).toBe(body);
    expect(await sanitizeHtml('<img src="//evil.example/x.png" alt="A" />')).toBe('<img alt="A" />');
  });

  it("removes scripts, handlers and unsafe URLs", async () => {
    expect(await sanitizeHtml('<p onclick="x()">a</p><script>alert(1)</script>')).toBe("<p>a</p>");
    expect(await sanitizeHtml('<a href="javascript:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(await sanitizeHtml('<img src="data:image/png;base64,AAAA" /><img src="mailto:a@b.co" />')).toBe("<img /><img />");
    expect(await sanitizeHtml('<style>.x{}</style><iframe src="https://e.com"></iframe><p>ok</p>')).toBe("<p>ok</p>");
  });

  it("keeps a new-tab link from handing over its opener", async () => {
    expect(await sanitizeHtml('<a href="https://e.com" target="_blank">x</a>')).toBe('<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>');
  });
});
