import { mkdir, readdir, readFile, rm, writeFile, rename } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { renderPages, renderQueue, pagesFor, type PageStore, PAGES_PREFIX } from "@agency/functions/render/render";
import { onPublicChange } from "@agency/functions/render/trigger";
import { webDist, webServerEntry } from "./paths";
import { renderThread } from "./render-thread";

/**
 * The local home of rendered pages: `<DATA_DIR>/pages/...`, beside the data they were rendered
 * from (two runtimes with their own data directories never share pages). The gateway serves them
 * before the SPA's files (static.ts). Writes go through a temporary file and a rename, so a reader
 * never sees half a page.
 */
export function fileStore(dataDir: string): PageStore & { root: string } {
  const root = dataDir;
  const file = (key: string) => join(root, ...key.split("/"));
  return {
    root,
    async put(key, html) {
      const path = file(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, html);
      await rename(tmp, path);
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    async read(key) {
      return readFile(file(key), "utf8").catch(() => undefined);
    },
    async keys() {
      const out: string[] = [];
      const walk = async (dir: string) => {
        for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
          const p = join(dir, e.name);
          if (e.isDirectory()) await walk(p);
          else if (e.name.endsWith(".html")) out.push(relative(root, p).split(sep).join("/"));
        }
      };
      await walk(join(root, PAGES_PREFIX));
      return out;
    },
  };
}

/**
 * Renders every public page at start and again after each admin write that changes public content
 * (the event that invalidates CloudFront in AWS; render/trigger.ts), a burst coalesced. Without a
 * built server entry (SKIP_WEB_BUILD with an old build) it says so and serves the SPA shell.
 */
export async function startPageRenderer(options: { dataDir: string; origin: string; apiUrl: string }) {
  if (!existsSync(webServerEntry)) {
    console.warn("pages: web/dist-server is missing, public pages are not rendered (npm run build:web)");
    return undefined;
  }
  const entry = renderThread(webServerEntry);
  const template = await readFile(join(webDist, "index.html"), "utf8");
  const store = fileStore(options.dataDir);
  const ctx = {
    entry,
    template,
    store,
    origin: options.origin,
    api: (path: string, init?: RequestInit) => fetch(new URL(path, options.apiUrl), init),
  };
  const queue = renderQueue(async (paths) => {
    const started = Date.now();
    const report = await renderPages(ctx, paths);
    for (const f of report.failed) console.error(`pages: ${f.path} failed to render, its previous page is kept: ${f.error}`);
    if (process.env.RENDER_LOG === "1" || report.failed.length)
      console.info(`pages: ${report.rendered.length} rendered, ${report.removed.length} removed, ${report.failed.length} failed in ${Date.now() - started} ms`);
  });
  onPublicChange((apiPaths) => queue.request(pagesFor(apiPaths)));
  queue.request("all");
  await queue.settled();
  return {
    root: store.root,
    settled: () => queue.settled(),
    async close() {
      onPublicChange(undefined);
      await queue.settled();
      await entry.close();
    },
  };
}
