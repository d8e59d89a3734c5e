/**
 * A rendered page's HTML file: the built SPA's index.html with the page's own head (title,
 * description, canonical, Open Graph, Twitter card, JSON-LD), the page's markup in #root and the
 * query cache it was rendered from (for hydration).
 */

import type { PageHead } from "@agency/core/contract/page-head";

export type { PageHead };

const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

export function headHtml(h: PageHead): string {
  const meta = (key: "name" | "property", name: string, content: string | undefined) => (content ? `<meta ${key}="${name}" content="${attr(content)}" />` : "");
  return [
    `<title>${attr(h.title)}</title>`,
    meta("name", "description", h.description),
    h.url ? `<link rel="canonical" href="${attr(h.url)}" />` : "",
    h.preload
      ? `<link rel="preload" as="image" type="${attr(h.preload.type)}" imagesrcset="${attr(h.preload.imageSrcset)}" imagesizes="${attr(h.preload.imageSizes)}" fetchpriority="high" />`
      : "",
    meta("property", "og:site_name", h.siteName),
    meta("property", "og:type", h.type),
    meta("property", "og:title", h.ogTitle),
    meta("property", "og:description", h.description),
    meta("property", "og:url", h.url),
    meta("property", "og:image", h.image),
    h.type === "article" ? meta("property", "article:published_time", h.publishedTime) : "",
    h.type === "article" ? meta("property", "article:modified_time", h.modifiedTime) : "",
    meta("name", "twitter:card", h.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", h.ogTitle),
    meta("name", "twitter:description", h.description),
    meta("name", "twitter:image", h.image),
    ...h.jsonLd.map((o) => `<script type="application/ld+json">${scriptJson(o)}</script>`),
  ]
    .filter(Boolean)
    .map((line) => `    ${line}`)
    .join("\n");
}

const HEAD = /<!--page-head:[^>]*-->[\s\S]*?<!--\/page-head-->/;
const BODY = /<!--page-body-->[\s\S]*?<!--\/page-body-->/;

/** Fails loudly when the template lost its markers: a page must never be written without its head. */
export function assertTemplate(template: string) {
  templateParts(template);
}

/** The template cut at its markers, once per template: [before the head, between head and body, after the body, from </body> on]. */
let cut: { template: string; parts: readonly [string, string, string, string] } | undefined;
function templateParts(template: string) {
  if (cut?.template === template) return cut.parts;
  const head = HEAD.exec(template);
  const body = BODY.exec(template);
  const close = template.lastIndexOf("</body>");
  if (!head || !body || head.index + head[0].length > body.index || close < body.index + body[0].length)
    throw new Error("web/dist/index.html has no page-head/page-body markers: rebuild the web app");
  const parts = [
    template.slice(0, head.index),
    template.slice(head.index + head[0].length, body.index),
    template.slice(body.index + body[0].length, close),
    template.slice(close),
  ] as const;
  cut = { template, parts };
  return parts;
}

/**
 * A page of its own address carries the query cache it was rendered from, for hydration. The
 * not-found page (`state` undefined) is served at every address without a page, where the app
 * renders something else (an unpublished post's 'Post Not Found'): it carries none, so the browser
 * renders the app afresh over it instead of hydrating markup of another route.
 *
 * The template is cut at its markers once and each page joined into it (a full render writes
 * thousands of pages from one template, each carrying its inline stylesheet).
 */
export function pageHtml(template: string, page: { head: PageHead; body: string; state: unknown }): string {
  const [before, between, after, end] = templateParts(template);
  const data = page.state === undefined ? "" : `  <script id="page-data" type="application/json">${scriptJson(page.state)}</script>\n  `;
  return before + headHtml(page.head).trimStart() + between + page.body + after + data + end;
}

/** The settings the shell names (GET /api/site-settings). */
export interface ShellSettings {
  company_name: string;
  contact_email: string;
  site_title: string;
  meta_description: string;
}

const text = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The SPA shell with the current settings: the site's head (title, description, Open Graph: what a
 * link to /admin or a preview unfurls with) and, in its placeholder body, the site's name and contact
 * email where web/index.html marks them (`data-site="company_name"`, `data-site="contact_email"`).
 * It names no canonical address and carries no page data: the app renders whatever route it is.
 * `own` is a page's own head over the site's (a preview link's post: render/preview-page.ts).
 */
export function shellHtml(template: string, stored: Partial<ShellSettings>, own: Partial<PageHead> = {}): string {
  // A setting never stored (a table not seeded yet) is empty, never a crash.
  const settings: ShellSettings = { company_name: "", contact_email: "", site_title: "", meta_description: "", ...stored };
  const head: PageHead = {
    title: settings.site_title,
    ogTitle: settings.site_title,
    description: settings.meta_description,
    siteName: settings.company_name,
    type: "website",
    jsonLd: [],
    ...own,
  };
  const body = BODY.exec(template)![0]
    .replace(/^<!--page-body-->|<!--\/page-body-->$/g, "")
    .replace(/(<[a-z]+ [^>]*data-site="company_name"[^>]*>)[^<]*(<\/)/g, (_, open: string, close: string) => `${open}${text(settings.company_name)}${close}`)
    .replace(/(<a [^>]*data-site="contact_email"[^>]*>)[^<]*(<\/a>)/g, (_, open: string, close: string) => {
      const href = open.replace(/href="[^"]*"/, () => `href="mailto:${attr(settings.contact_email)}"`);
      return `${href}${text(settings.contact_email)}${close}`;
    });
  return pageHtml(template, { head, body, state: undefined });
}
