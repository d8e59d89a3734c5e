/**
 * The server entry of the web app: renders one public address to HTML with the SPA's own route
 * components, for packages/functions/src/render/render.ts, which writes the result where the
 * static files live. Built by `vite build --ssr` into web/dist-server/.
 *
 * Data: a page asks for what it needs through its react-query hooks, as in the browser. A render
 * pass leaves those queries pending in the cache (effects do not run on the server); they are
 * fetched through the renderer's transport and the page is rendered again, until no query is left
 * pending. So what a page prefetches is what its components read, with the SPA's own query keys and
 * functions, in one place (the components), and the cache is dehydrated into the page for
 * hydration without a second request.
 *
 * Renders run side by side (packages/functions/src/render/render.ts renders several pages at once):
 * each has its own transport and origin, held for it by an AsyncLocalStorage that the app's one
 * http client (lib/api.ts) and siteOrigin() read, so nothing of one render leaks into another.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { dehydrate, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StaticRouter } from "react-router-dom";
import { loadSanitizer } from "@agency/core/html";
import { App } from "./app/router";
import { setTransport } from "./lib/api";
import { setServerOrigin } from "./lib/site-origin";
import { setServerSanitizer } from "./components/ui/safe-html";
import { MetaSink, type ResolvedMeta } from "./features/seo/use-page-meta";

export type { ResolvedMeta };

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** What the page declared about itself (title, description, Open Graph, JSON-LD, not found); none while it shows no page. */
  meta: ResolvedMeta | undefined;
  /** The query cache the page was rendered from, for hydrateRoot. */
  state: unknown;
}

const MAX_PASSES = 8;

type RenderOptions = { origin: string; transport: (path: string, init: RequestInit) => Promise<Response> };
/** The render under way in this async context. */
const current = new AsyncLocalStorage<RenderOptions>();
setTransport((path, init) => {
  const render = current.getStore();
  if (!render) throw new Error(`${path}: a request outside a page's render`);
  return render.transport(path, init);
});
setServerOrigin(() => current.getStore()?.origin ?? "");
let sanitizer: Promise<void> | undefined;

async function toString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString("utf8");
}

export async function renderPage(pathname: string, options: RenderOptions): Promise<RenderedPage> {
  await (sanitizer ??= loadSanitizer().then(setServerSanitizer, (err: unknown) => {
    sanitizer = undefined;
    throw err;
  }));
  return current.run(options, () => render(pathname));
}

async function render(pathname: string): Promise<RenderedPage> {
  // No retries, and a failed read stays failed on the next pass (retryOnMount would show it as
  // loading again): the page renders as the browser shows it once its own retry has failed.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false } } });
  const fetched = new Set<string>();
  for (let pass = 1; ; pass++) {
    const sink: { current?: ResolvedMeta } = {};
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <MetaSink.Provider value={sink}>
          <QueryClientProvider client={client}>
            <StaticRouter location={pathname}>
              <App />
            </StaticRouter>
          </QueryClientProvider>
        </MetaSink.Provider>
      </StrictMode>,
      // Every boundary inline: React would otherwise outline large ones as hidden segments that
      // inline script reveals, which neither JavaScript-off readers nor the CSP allow.
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    const html = await toString(prelude);
    const pending = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === "pending" && !fetched.has(q.queryHash) && q.options.queryFn && (q.options as { enabled?: unknown }).enabled !== false);
    // A boundary that suspended on a lazy chunk is streamed as a hidden segment that inline script
    // reveals; the chunk has loaded by now, so the next pass renders it in place.
    const suspended = html.includes("<!--$?-->");
    if ((!pending.length && !suspended) || pass === MAX_PASSES) {
      if (suspended) throw new Error(`${pathname}: still suspended after ${pass} passes`);
      return { html, meta: sink.current, state: dehydrate(client) };
    }
    for (const q of pending) fetched.add(q.queryHash);
    await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
  }
}
