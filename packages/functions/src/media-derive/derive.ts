import { BlogPosts } from "@agency/core/blog/blog";
import { hasCurrentSizes, Media } from "@agency/core/media/media";
import { loadUsage } from "@agency/core/media/usage";
import { SiteSettings } from "@agency/core/settings/settings";
import { invalidate, invalidateCdn, publicPaths } from "../invalidate";

/** The public read of an image's sizes (routes.ts), which every page showing the image reads. */
export const imageInfoPath = (id: string) => `/api/images/${encodeURIComponent(id)}`;

/**
 * The public reads that embed image `url`'s sizes (media/info.ts: a post, the course and service
 * lists, the default social image of the settings): once its sizes exist, the pages that read them
 * are rendered again with its <picture> and link preview. A post saved while its image was still
 * processing was rendered with a plain <img>.
 */
async function readsShowing(url: string): Promise<string[]> {
  const uses = (await loadUsage())(url);
  const paths: string[] = [];
  for (const use of uses) {
    if (use.kind === "blog-post")
      paths.push(
        ...publicPaths.blogPost(
          [
            await BlogPosts.get(use.id).then(
              (p) => p.slug,
              () => "",
            ),
          ].filter(Boolean),
        ),
      );
    if (use.kind === "course") paths.push(...publicPaths.courses());
    if (use.kind === "service") paths.push(...publicPaths.services());
  }
  const settings = await SiteSettings.list();
  if (settings.some((s) => s.key === "default_social_image" && s.value?.includes(url))) paths.push(...publicPaths.settings());
  return paths;
}

/**
 * Derives image `id` (Media.derive) and, once its sizes exist, re-renders the pages that show it
 * (they read its sizes: imageInfoPath and the reads that embed them) and drops the CDN's copies of
 * them and of its own address (which an image stored before derivation served with its metadata).
 * The local runtime runs this when an upload completes; in AWS the media-derive function, on the
 * original's arrival.
 */
export async function deriveImage(id: string, options: { again?: boolean } = {}) {
  const result = await Media.derive(id, options);
  if (result === "ready") {
    const url = await Media.get(id).then(
      (m) => `/${m.key}`,
      () => "",
    );
    await invalidate([imageInfoPath(id), ...(url ? await readsShowing(url) : [])]);
    await invalidateCdn([url || imageInfoPath(id)]);
  }
  return result;
}

export interface DeriveReport {
  ready: number;
  failed: { id: string; filename: string }[];
  skipped: number;
  /** Images left for a later run: the time budget ran out first. */
  left: number;
}

/**
 * Derives every completed image whose sizes do not exist yet, or exist at an older set of widths
 * (`npm run admin -- media-derive`, and the deploy: infra/api.ts runs the media-derive function once
 * per deploy). Idempotent: an image with its sizes at today's widths is skipped, so running it again does nothing more. With `budgetMs`, it stops
 * starting images once that much time has passed and reports how many it left.
 */
export async function deriveMissing({ budgetMs = Infinity }: { budgetMs?: number } = {}): Promise<DeriveReport> {
  const [{ acrossYears }, { db }] = await Promise.all([import("@agency/core/db/attributes"), import("@agency/core/db/service")]);
  const images = await acrossYears((bucket) => db().media.query.byYear({ bucket }).go({ pages: "all" }));
  const due = images.filter((i) => i.status === "complete" && !hasCurrentSizes(i));
  const started = Date.now();
  const report: DeriveReport = { ready: 0, failed: [], skipped: images.length - due.length, left: 0 };
  for (const [n, image] of due.entries()) {
    if (Date.now() - started > budgetMs) {
      report.left = due.length - n;
      break;
    }
    const result = await deriveImage(image.id);
    if (result === "ready") report.ready++;
    else if (result === "failed") report.failed.push({ id: image.id, filename: image.filename });
    else report.skipped++;
  }
  return report;
}
