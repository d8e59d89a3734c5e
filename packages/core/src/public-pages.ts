/**
 * The public site's pages, in one place: which file answers an address, where rendered pages are
 * kept, and which addresses are the SPA's alone. Every home of the site reads it: the renderer
 * (packages/functions/src/render) writes `pageKey(address)`, the local static server
 * (packages/local/src/static.ts) and CloudFront's viewer function (infra/web.ts, whose code is made
 * from `viewerUri` itself) answer an address with `viewerUri(address)`, and the failover for an
 * address without a page (render/missing-page.ts) reads the not-found page and the shell here. No
 * dependencies: infra imports it.
 */

/** Where rendered pages live, in the web bucket and the local data directory. */
export const PAGES_PREFIX = "pages/";
/** A rendered page's content type, wherever it is stored or answered. */
export const PAGE_CONTENT_TYPE = "text/html; charset=utf-8";
export const NOT_FOUND_KEY = `${PAGES_PREFIX}404.html`;
/**
 * The SPA shell the back office, sign-in and previews get, rendered with the current settings (the
 * site's title, name and contact email) beside the pages: the deployed index.html carries the
 * build's defaults.
 */
export const SHELL_KEY = `${PAGES_PREFIX}_app-shell.html`;
/**
 * What each rendered page read from the API while it rendered (render.ts): `{ "/services":
 * ["/api/services", "/api/site-settings"], ... }`, so a write renders again exactly the pages that
 * read what it changed. Public data only (the addresses of public pages and the public reads).
 */
export const READS_KEY = `${PAGES_PREFIX}_reads.json`;
/** The built SPA's index.html in the web bucket: the template of every page and of the shell. */
export const TEMPLATE_KEY = "index.html";
/** A preview link's page, `/preview/<token>`: never stored, answered by the failover (render/preview-page.ts). */
export const PREVIEW_PAGES_PREFIX = `${PAGES_PREFIX}preview/`;

/**
 * The file that answers a requested address (a path beginning with `/`), as a path in the site's
 * bucket: the API (`/api/`), uploads (`/media/`) and files (a last segment with a dot) as they are;
 * a preview link's page at `/pages/preview/<token>.html`; the back office, sign-in, previews and the
 * newsletter's link pages the shell (SHELL_KEY); any other address its rendered page
 * (`/about/` -> `/pages/about.html`, `/` -> `/pages/index.html`).
 *
 * It runs as written in CloudFront Functions (infra/web.ts puts its source in the viewer function),
 * so it is self-contained ES5: no names from outside it, `var`, string literals for the keys
 * above (a test holds them equal).
 */
export function viewerUri(uri: string): string {
  if (uri.indexOf("/api/") === 0 || uri.indexOf("/media/") === 0) return uri;
  if (String(uri.split("/").pop()).indexOf(".") !== -1) return uri;
  // eslint-disable-next-line no-var -- CloudFront Functions run this source as ES5 (see above)
  var preview = /^\/preview\/([^/]+)\/?$/.exec(uri);
  if (preview) return "/pages/preview/" + preview[1] + ".html";
  if (/^\/(admin|auth|preview|newsletter)(\/|$)/.test(uri)) return "/pages/_app-shell.html";
  // eslint-disable-next-line no-var -- CloudFront Functions run this source as ES5 (see above)
  var path = uri.replace(/\/+$/, "");
  return "/pages/" + (path === "" ? "index" : path.slice(1)) + ".html";
}

/** The key of a public address's page: `/` -> pages/index.html, `/blog/a-post` -> pages/blog/a-post.html. */
export const pageKey = (path: string): string => viewerUri(path.startsWith("/") ? path : `/${path}`).slice(1);

/** The address of a page key: pages/index.html -> /, pages/blog/a-post.html -> /blog/a-post. */
export function keyPath(key: string): string {
  const path = key.slice(PAGES_PREFIX.length, -".html".length);
  return path === "index" ? "/" : `/${path}`;
}

/** Is this address the SPA's alone (the shell answers it, nothing is rendered for it)? */
export const isAppAddress = (path: string): boolean => viewerUri(path) === `/${SHELL_KEY}`;

/** Is this address a public page's (rendered, or rendered as not found)? Not the API, a file, the shell or a preview. */
export const isPageAddress = (path: string): boolean => {
  const uri = viewerUri(path);
  return uri !== path && uri !== `/${SHELL_KEY}` && !uri.startsWith(`/${PREVIEW_PAGES_PREFIX}`);
};
