import { useId, useMemo, useState } from "react";
import DOMPurify from "dompurify";
import { allowedAttributes, allowedTags, droppedWithContent, keepsAttribute, newTabRel } from "@agency/core/contract/html-rules";
import type { ImageInfo } from "@agency/core/contract/media";
import { pictureHtml } from "../../lib/picture";

// The shared rules decide each attribute, by tag and, for href and src, by scheme.
// Without a DOM, on the server, DOMPurify is an empty shell: the server sanitiser below does the work there.
if (DOMPurify.isSupported)
  DOMPurify.addHook("uponSanitizeAttribute", (node, data) => {
    data.keepAttr = keepsAttribute(node.nodeName.toLowerCase(), data.attrName, data.attrValue.trim());
  });
// Links that open a new tab must not hand the opener to the new page.
if (DOMPurify.isSupported)
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", newTabRel);
  });

let serverSanitizer: ((html: string) => string) | undefined;
/** Set by entry-server.tsx: the sanitiser of packages/core/src/html.ts, the one posts are saved through. */
export const setServerSanitizer = (fn: (html: string) => string) => {
  serverSanitizer = fn;
};

/**
 * HTML from the database, sanitised again at render with the rules it was sanitised with on save
 * (`@agency/core/contract/html-rules`): no scripts, handlers, javascript: URLs, frames or forms, and
 * no `class`, `id` or `style`.
 */
export function sanitize(html: string): string {
  // DOMPurify needs a DOM: pages rendered on the server sanitise with the server's own sanitiser.
  if (serverSanitizer) return serverSanitizer(html);
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...allowedTags],
    ALLOWED_ATTR: [...new Set(Object.values(allowedAttributes).flat())],
    FORBID_CONTENTS: [...droppedWithContent],
  });
}

/**
 * Renders stored HTML (post bodies, policies) after DOMPurify. Imported only by the blog-post and
 * policy-modal chunks, so DOMPurify never weighs on the other pages. `images` (a post's, from its
 * public read) turns each library image with sizes into the Picture component's <picture> markup,
 * after sanitising: the sanitisers' rules (no style, no srcset) stay those of stored HTML.
 */
export function SafeHtml({ html, images, className = "" }: { html: string; images?: Record<string, ImageInfo> | undefined; className?: string }) {
  const id = useId();
  // A page rendered on the server arrives with this HTML sanitised and in place, and hydration keeps
  // those nodes (React does not compare inner HTML). So the first render of that HTML takes it from
  // the page instead of sanitising the same text again, 15-20 ms of DOMPurify inside hydration on a
  // long post. Any other HTML (a post reached in the app, a policy opened later) is sanitised here.
  const [rendered] = useState(() => ({ html, images, markup: typeof document === "undefined" ? undefined : document.getElementById(id)?.innerHTML }));
  const clean = useMemo(
    () => (rendered.markup !== undefined && rendered.html === html && rendered.images === images ? rendered.markup : pictureHtml(sanitize(html), images)),
    [rendered, html, images],
  );
  return <div id={id} className={`prose-content ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
