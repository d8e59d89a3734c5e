/**
 * THE rules for stored HTML (a post's content, the policies): which tags, which attributes on which
 * tag, and which URL schemes survive. Both sanitisers apply them, sanitize-html on save
 * (packages/core/src/html.ts) and DOMPurify at render (web/src/components/ui/safe-html.tsx), and the
 * post editor's links follow them too; `web/src/components/ui/safe-html.test.ts` checks that the two
 * sanitisers agree. Isomorphic and free of dependencies: the web imports it.
 *
 * No `class`, `id` or `style` anywhere: the site's own stylesheet is utility classes, so a stored
 * class could pin a full-screen element over the page, and an id could shadow the page's own.
 */

export const allowedTags = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "blockquote",
  "pre",
  "code",
  "span",
  "div",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "sup",
  "sub",
  "small",
  "mark",
] as const;

/** The attributes each tag may keep; a tag not named here keeps none. */
export const allowedAttributes: Readonly<Record<string, readonly string[]>> = {
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height", "loading"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
};

/**
 * Elements that go with their text, not only their tags: script and style, embedded documents,
 * foreign markup (SVG, MathML), templates and form text never leave anything behind. Other tags
 * that are not allowed go and leave their text.
 */
export const droppedWithContent = [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "noembed",
  "noframes",
  "xmp",
  "title",
  "textarea",
  "option",
  "svg",
  "math",
] as const;

/** The schemes a link may use; a relative link (no scheme) is fine too, a protocol-relative one is not. */
export const linkSchemes = ["http", "https", "mailto", "tel"] as const;
/** The schemes an image may come from (and relative paths, such as the media library's /media/...). */
export const imageSchemes = ["http", "https"] as const;

/** The attributes that hold a URL, and so must pass the scheme check. */
const urlAttributes: Readonly<Record<string, string>> = { a: "href", img: "src" };

// Browsers ignore whitespace and control characters inside a scheme ("java\tscript:"), so do we.
// eslint-disable-next-line no-control-regex -- browsers ignore control characters in a scheme: this finds them
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** Whether `url` may stand in a link (`a`) or an image source (`img`). */
export function isAllowedUrl(tag: "a" | "img", url: string): boolean {
  const compact = url.replace(IGNORED_IN_SCHEME, "");
  // "//host" and "\\host" lead to another host, whatever the page's scheme.
  if (/^[/\\]{2}/.test(compact)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return (tag === "img" ? imageSchemes : linkSchemes).some((s) => s === scheme);
}

/** Whether `tag` may keep the attribute `name` with this `value` (names lowercase, value as parsed). */
export function keepsAttribute(tag: string, name: string, value: string): boolean {
  const allowed = Object.hasOwn(allowedAttributes, tag) ? allowedAttributes[tag]! : [];
  if (!allowed.includes(name)) return false;
  const urlAttribute = Object.hasOwn(urlAttributes, tag) ? urlAttributes[tag] : undefined;
  return name !== urlAttribute || isAllowedUrl(tag as "a" | "img", value);
}

/** A link that opens a new tab must not hand the opener to the new page: the `rel` it then gets. */
export const newTabRel = "noopener noreferrer";
