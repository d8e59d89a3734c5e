/**
 * Where rendered pages live and what they are, apart from the renderer (render.ts), so that what
 * only names a page (the failover route in the blog function) does not load the renderer.
 */
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
