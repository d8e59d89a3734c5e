/**
 * How long one run of the render function (infra/api.ts) may take, by construction: it renders at
 * most PAGES_PER_RENDER_RUN pages and leaves the rest to later runs (packages/functions/src/render/
 * batch.ts), so a full render of any size is a chain of short runs, never one that outgrows its timeout.
 *
 * PAGE_RENDER_MS_BOUND is an upper bound of one page: measured at 14 ms a post page and 23 ms a list
 * page on the 2-CPU build box (docs/performance.md, "Performance of the public blog"), taken four times over for
 * the function's slower CPU and its reads through API Gateway, and counted as if pages rendered one
 * after the other (they render RENDER_CONCURRENCY at once). The rest of the timeout is for the
 * template, a full render's bookkeeping (the sitemap, the not-found page, the shell, the listing of
 * stored pages) and the invalidation. In the shared package, free of dependencies: infra imports it.
 */
export const RENDER_TIMEOUT_SECONDS = 30;
export const PAGE_RENDER_MS_BOUND = 100;
export const RENDER_PAGES_BUDGET_MS = 20_000;
export const PAGES_PER_RENDER_RUN = Math.floor(RENDER_PAGES_BUDGET_MS / PAGE_RENDER_MS_BOUND);
/** Past this many pages a render's invalidation is one wildcard (`/pages/*`): CloudFront bills each path. */
export const CDN_PATHS_PER_INVALIDATION = 30;
