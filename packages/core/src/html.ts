/**
 * HTML from editors (posts, policies, sections) is sanitised on save; the web sanitises again at
 * render. Scripts, event handlers, and javascript: URLs never survive. Neither do `class`, `id` or
 * `style`: the site's own stylesheet is utility classes, so a stored class could pin a full-screen
 * element over the page, and an id could shadow the page's own.
 *
 * sanitize-html (with postcss and htmlparser2) is loaded on the first save of HTML, not when the
 * editors' functions start: a cold function serving a read or a plain-text save never loads it.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: sanitize } = await import("sanitize-html");
  return sanitize(html, {
    allowedTags: [
      "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code", "span", "div",
      "ul", "ol", "li", "strong", "b", "em", "i", "u", "s", "a", "img", "figure", "figcaption",
      "table", "thead", "tbody", "tr", "th", "td", "sup", "sub", "small", "mark",
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height", "loading"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) =>
        attribs.target === "_blank"
          ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }
          : { tagName, attribs },
    },
  });
}
