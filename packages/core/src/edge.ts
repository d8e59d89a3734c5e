/**
 * The headers between the site's CloudFront and the API: CloudFront's viewer function records the
 * visitor's address under `viewerIpHeader`, and the API origin carries `originVerifyHeader` with a
 * secret token, which proves a request came through CloudFront (infra/web.ts sets both; the http
 * wrapper, packages/functions/src/http.ts, reads them). No dependencies: infra imports it.
 */
export const viewerIpHeader = "x-viewer-ip";
export const originVerifyHeader = "x-origin-verify";

/**
 * Private preview links (blog/preview-links.ts): the SPA shows one at `/preview/<token>`, reading
 * `/api/preview/<token>`. Both answers carry these headers, from the API, the local gateway and the
 * site's CloudFront (infra/web.ts), which caches neither. Their robots directive is previewRobots
 * (contract/page-head.ts: the page's meta tag says the same).
 */
export const previewPagePrefix = "/preview/";
/** One person's look at unpublished text: no shared cache keeps it, no browser stores it. */
export const previewCacheControl = "private, no-store";

/**
 * Addresses that are another address's second name, answered 301 by the local static server and
 * the site's CloudFront viewer function alike: the SPA's file at /index.html is the home page, and
 * the blog's first page is /blog (a crawler must not see two copies of either).
 */
export const permanentRedirects: Readonly<Record<string, string>> = {
  "/index.html": "/",
  "/blog/page/1": "/blog",
};
