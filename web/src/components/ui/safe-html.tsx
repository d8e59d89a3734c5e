import { useMemo } from "react";
import DOMPurify from "dompurify";

// Links that open a new tab must not hand the opener to the new page. (Without a DOM, on the server,
// DOMPurify is an empty shell: the server sanitiser below does the work there.)
if (DOMPurify.isSupported) DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
});

let serverSanitizer: ((html: string) => string) | undefined;
/** Set by entry-server.tsx: the sanitiser of packages/core/src/html.ts, the one posts are saved through. */
export const setServerSanitizer = (fn: (html: string) => string) => {
  serverSanitizer = fn;
};

/**
 * HTML from the database, sanitised again at render: no scripts, handlers, javascript: URLs, frames
 * or forms, and no `class`, `id` or `style`, through which stored content could overlay the page
 * with the site's own utility classes or shadow its ids (as on save, packages/core/src/html.ts).
 */
export function sanitize(html: string): string {
  // DOMPurify needs a DOM: pages rendered on the server sanitise with the server's own sanitiser.
  if (serverSanitizer) return serverSanitizer(html);
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed"],
    FORBID_ATTR: ["style", "class", "id"],
  });
}

/**
 * Renders stored HTML (post bodies, policies) after DOMPurify. Imported only by the blog-post and
 * policy-modal chunks, so DOMPurify never weighs on the other pages.
 */
export function SafeHtml({ html, className = "" }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitize(html), [html]);
  return <div className={`prose-content ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
