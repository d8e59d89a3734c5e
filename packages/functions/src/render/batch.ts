import { RENDER_FAILURE_METRIC, METRIC_STAGE_DIMENSION } from "@agency/core/metrics";
import { invalidateCdn } from "../invalidate";
import { CDN_PATHS_PER_INVALIDATION, PAGES_PER_RENDER_RUN } from "@agency/core/render-budget";
import { pagesOfBatch, sendRenderRequest } from "./queue";
import { pageKey, PAGES_PREFIX, renderPages, TEMPLATE_KEY, type PageStore, type RenderContext, type RenderReport } from "./render";

/**
 * CloudFront's cache keys of the pages a render changed: the viewer function rewrites /about to
 * /pages/about.html before the cache is asked (packages/core/src/public-pages.ts). A full render, or
 * more pages than CDN_PATHS_PER_INVALIDATION, is one wildcard.
 */
export function cdnPathsOf(pages: string[] | "all", report: RenderReport): string[] {
  const changed = [...report.rendered, ...report.removed];
  if (pages === "all" || changed.length > CDN_PATHS_PER_INVALIDATION) return [`/${PAGES_PREFIX}*`];
  return changed.map((p) => (p.startsWith(PAGES_PREFIX) ? `/${p}` : `/${pageKey(p)}`));
}

/**
 * One batch of render requests: the pages they ask for merged, rendered once each with the
 * deployed template, the changed ones invalidated on CloudFront. Failed pages are counted on the
 * RenderFailures metric (Embedded Metric Format) and the batch throws, to be retried.
 *
 * A run renders at most PAGES_PER_RENDER_RUN pages (core/render-budget.ts): the rest go back on the queue as
 * `{pages}` messages of that size, behind whatever saves arrived meanwhile, and each later run takes
 * one. Every run reads the data as it is then, so a save made during a full render is on its page
 * after it, whichever comes last.
 */
export async function renderBatch(
  bodies: readonly string[],
  ctx: Omit<RenderContext, "template" | "store"> & { store: PageStore & { read(key: string): Promise<string | undefined> } },
): Promise<RenderReport | undefined> {
  const { pages, rejected } = pagesOfBatch(bodies);
  for (const body of rejected) console.error(JSON.stringify({ level: "error", message: "render: not a render request, skipped", body }));
  if (pages !== "all" && pages.length === 0) return undefined;

  const template = await ctx.store.read(TEMPLATE_KEY);
  if (template === undefined) throw new Error(`render: the web bucket has no ${TEMPLATE_KEY} (the site is not deployed)`);
  const started = Date.now();
  const report = await renderPages({ ...ctx, template }, pages, { limit: PAGES_PER_RENDER_RUN });
  for (let i = 0; i < report.deferred.length; i += PAGES_PER_RENDER_RUN) {
    if (!(await sendRenderRequest({ pages: report.deferred.slice(i, i + PAGES_PER_RENDER_RUN) })))
      throw new Error("RENDER_QUEUE_URL is not set: no queue for the pages left to render");
  }
  // Whatever did render is served at once, even when other pages of the batch failed.
  await invalidateCdn(cdnPathsOf(pages, report));
  console.info(
    JSON.stringify({
      level: "info",
      message: `render: ${report.rendered.length} rendered, ${report.removed.length} removed, ${report.failed.length} failed, ${report.deferred.length} left for the next runs in ${Date.now() - started} ms`,
      pages: pages === "all" ? "all" : pages,
    }),
  );
  if (report.failed.length) {
    console.error(
      JSON.stringify({
        _aws: {
          Timestamp: Date.now(),
          CloudWatchMetrics: [
            { Namespace: RENDER_FAILURE_METRIC.namespace, Dimensions: [[METRIC_STAGE_DIMENSION]], Metrics: [{ Name: RENDER_FAILURE_METRIC.metricName, Unit: "Count" }] },
          ],
        },
        [METRIC_STAGE_DIMENSION]: process.env.SST_STAGE ?? "local",
        [RENDER_FAILURE_METRIC.metricName]: report.failed.length,
        level: "error",
        message: "render: pages failed, their previous files are kept",
        failed: report.failed,
      }),
    );
    throw new Error(`render: ${report.failed.length} page(s) failed: ${report.failed.map((f) => f.path).join(", ")}`);
  }
  return report;
}
