// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "@agency/core/html";
import { sanitize } from "./safe-html";

/**
 * The server sanitises stored HTML on save (sanitize-html), the browser again at render (DOMPurify),
 * both with the rules of @agency/core/contract/html-rules. Whatever the input, they must keep the
 * same thing: otherwise a preview, a stored post and the page would disagree, and a rule fixed in
 * one place would still be missing in the other.
 */
const corpus = [
  // Kept as they are
  "<h2>Title</h2><p>Text with <strong>bold</strong>, <em>em</em>, <u>u</u>, <s>s</s>, <mark>m</mark>, <small>s</small>, x<sup>2</sup>, H<sub>2</sub>O and <code>code</code><br></p>",
  "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>x = 1 &lt; 2</code></pre><hr>",
  '<figure><img src="https://example.com/i.png" alt="Alt" title="T" width="10" height="20" loading="lazy"><figcaption>Cap</figcaption></figure>',
  '<table><thead><tr><th scope="col" colspan="2">H</th></tr></thead><tbody><tr><td rowspan="2">D</td></tr></tbody></table>',
  '<p><a href="https://example.com/a?x=1&amp;y=2" title="A">link</a> <a href="mailto:hi@example.com">mail</a> <a href="tel:+15551234">call</a></p>',
  '<p><a href="/blog/other-post">relative</a> <a href="#section">anchor</a> <a href="?page=2">query</a></p>',
  '<img src="/media/2026/abc.png" alt="uploaded">',
  '<IMG SRC="https://example.com/UP.png" ALT="Upper case">',
  // Script in every disguise
  "<script>alert(1)</script><p>after</p>",
  '<img src="x" onerror="alert(1)">',
  '<p onclick="alert(1)" onmouseover="alert(2)">handlers</p>',
  '<svg onload="alert(1)"><circle r="1"></circle><text>svg text</text></svg><p>after svg</p>',
  "<svg><script>alert(1)</script></svg>",
  '<math><mtext><table><mglyph><style><img src="x" onerror="alert(1)">',
  '<template><img src="x" onerror="alert(1)"></template><p>t</p>',
  '<iframe src="https://example.com">frame text</iframe><object data="https://example.com/x">fallback</object><embed src="https://example.com/y">',
  "<style>p { color: red }</style><p>styled</p>",
  '<textarea><img src="x" onerror="alert(1)"></textarea><select><option>opt</option></select>',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css"><p>head tags</p>',
  '<details open ontoggle="alert(1)"><summary>S</summary>D</details>',
  '<video src="https://example.com/v.mp4" poster="javascript:alert(1)">video text</video>',
  // URLs
  '<a href="javascript:alert(1)">js</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="java\tscript:alert(1)">tab</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">hex entity and colon</a>',
  '<a href="  javascript:alert(1)">leading spaces</a>',
  '<a href="&#0;javascript:alert(1)">null</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">data</a>',
  '<a href="ftp://example.com/f">ftp</a> <a href="sms:+1555">sms</a>',
  '<a href="//evil.example/x">protocol-relative</a> <a href="\\\\evil.example\\x">backslashes</a>',
  '<img src="data:image/png;base64,AAAA"><img src="mailto:a@b.co"><img src="//evil.example/i.png"><img src="javascript:alert(1)">',
  '<img src="https://example.com/a.png" srcset="https://evil.example/b.png 2x" sizes="10px" usemap="#m">',
  // Attributes
  '<div class="fixed inset-0 z-50" id="root" style="position:fixed;inset:0"><p class="text-red-600" id="x" style="color:red">overlay</p></div>',
  '<p title="no" data-x="1" aria-label="a" lang="en" dir="rtl">p keeps none</p>',
  '<span CLASS="fixed" Id="a" STYLE="top:0">mixed-case attribute names</span>',
  '<a href="https://example.com" target="_blank">new tab</a> <a href="https://example.com" target="_blank" rel="opener">own rel</a> <a target="_self" rel="nofollow" name="n">no href</a>',
  '<a href=" https://example.com/padded ">padded</a>',
  '<td colspan="2">cell outside a table</td>',
  // Forms and unknown tags leave their text
  '<form action="https://evil.example"><input name="a" value="v"><button formaction="javascript:alert(1)">Go</button><label>L</label></form>',
  "<custom-tag>custom</custom-tag><font color=red>font</font><center>centre</center>",
  // Malformed markup the two parsers read alike
  '<a href="https://example.com/1">outer <a href="https://example.com/2">inner</a></a>',
  "<!-- a comment --><p>after comment</p><![CDATA[cdata]]>",
  "<p>1 < 2 & 3 > 2, &amp; &lt;b&gt; &nbsp;&copy;</p>",
  "<p>Unicode ✓ ﷽ \u202e reversed \u0000 null</p>",
  "",
];

/**
 * Markup that htmlparser2 (the server's) and the HTML parser of browsers repair differently (an
 * implied end tag, a stray closer: the server's output then carries an empty paragraph more). That
 * is parsing, not the rules: these go to both sanitisers as the browser reads them.
 */
const malformed = ["<p><b>bold<p>next <i>unclosed", "</p></div>stray closers<br/><hr/>", "<p>a<div>block in a paragraph</div>b</p>"];
const asBrowsersReadIt = (html: string) => {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div.innerHTML;
};

/** The DOM an output stands for on the page: parsed where it is shown, attributes in name order. */
function canonical(html: string): string {
  const div = document.createElement("div");
  div.innerHTML = html;
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
    if (node.nodeType !== Node.ELEMENT_NODE) return `<?${node.nodeName}>`;
    const el = node as Element;
    const attrs = [...el.attributes]
      .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
      .sort()
      .join(" ");
    return `<${el.localName}${attrs ? ` ${attrs}` : ""}>${[...el.childNodes].map(walk).join("")}</${el.localName}>`;
  };
  return [...div.childNodes].map(walk).join("");
}

describe("the server's and the browser's HTML sanitisers", () => {
  it.each(corpus.map((html) => [html]))("keep the same of %j", async (html) => {
    expect(canonical(sanitize(html))).toBe(canonical(await sanitizeHtml(html)));
  });

  it.each(malformed.map((html) => [html]))("keep the same of the browser's reading of %j", async (html) => {
    const input = asBrowsersReadIt(html);
    expect(canonical(sanitize(input))).toBe(canonical(await sanitizeHtml(input)));
  });

  it("agree on what matters: no script, handler, foreign scheme, class, id or style survives either", async () => {
    for (const html of [...corpus, ...malformed]) {
      for (const clean of [sanitize(html), await sanitizeHtml(html)]) {
        const template = document.createElement("template");
        template.innerHTML = clean;
        for (const el of template.content.querySelectorAll("*")) {
          expect(["script", "style", "iframe", "svg", "math", "object", "embed", "form", "input"], clean).not.toContain(el.localName);
          for (const attr of el.attributes) {
            expect(attr.name, clean).not.toMatch(/^on|^(class|id|style)$/);
            if (attr.name === "href" || attr.name === "src") expect(attr.value, clean).not.toMatch(/^\s*(javascript|vbscript|data):|^\s*[/\\]{2}/i);
          }
        }
      }
    }
  });
});
