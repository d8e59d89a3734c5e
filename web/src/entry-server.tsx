/**
 * The server entry of the web app: renders one public address to HTML with the SPA's own route
 * components, for packages/functions/src/render/render.ts, which writes the result where the
 * static files live. Built by `vite build --ssr` into web/dist-server/.
 *
 * Data: before a page renders, react-router's static handler (createStaticHandler over the app's one
 * route table) runs the loaders of the routes the address matches: each loads its page's chunk and
 * fills this render's query cache with exactly the queries the page's components read, through the
 * SPA's own query keys and functions (lib/page-loader.ts). The page then renders once; a query its
 * components read that no loader loaded fails the render (it would show as loading). The cache is
 * dehydrated into the page for hydration without a second request.
 *
 * Renders run side by side (packages/functions/src/render/render.ts renders several pages at once):
 * each has its own transport and origin, held for it by an AsyncLocalStorage that the app's one
 * http client (lib/api.ts) and siteOrigin() read, so nothing of one render leaks into another.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { StrictMode, type ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { dehydrate, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createStaticHandler, StaticRouter } from "react-router-dom";
import { loadSanitizer } from "@agency/core/html";
import { App, routes } from "./app/router";
import type { PageLoadContext } from "./lib/page-loader";
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
  /** How many times the page's tree rendered: 1 (its data was loaded before). */
  renders: number;
}

const handler = createStaticHandler(routes);

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

/** Counts the renders of the tree below it (a render that suspends and resumes inside one prerender is one). */
function Counted({ count, children }: { count: { renders: number }; children: ReactNode }) {
  count.renders++;
  return children;
}

async function render(pathname: string): Promise<RenderedPage> {
  // No retries, and a failed read stays failed (retryOnMount would show it as loading again): the
  // page renders as the browser shows it once its own retry has failed.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, retryOnMount: false } } });
  const context: PageLoadContext = { queryClient: client };
  const loaded = await handler.query(new Request(new URL(pathname, "http://render.invalid")), { requestContext: context });
  if (loaded instanceof Response) throw new Error(`${pathname}: a loader answered ${loaded.status} instead of loading data`);
  if (loaded.errors) throw new Error(`${pathname}: a loader failed: ${Object.values(loaded.errors).map(String).join("; ")}`);

  const sink: { current?: ResolvedMeta } = {};
  const count = { renders: 0 };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Counted count={count}>
        <MetaSink.Provider value={sink}>
          <QueryClientProvider client={client}>
            <StaticRouter location={pathname}>
              <App />
            </StaticRouter>
          </QueryClientProvider>
        </MetaSink.Provider>
      </Counted>
    </StrictMode>,
    // Every boundary inline: React would otherwise outline large ones as hidden segments that
    // inline script reveals, which neither JavaScript-off readers nor the CSP allow.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await toString(prelude);
  const unloaded = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === "pending" && q.options.queryFn && (q.options as { enabled?: unknown }).enabled !== false);
  if (unloaded.length) throw new Error(`${pathname}: its components read queries no route loader loaded: ${unloaded.map((q) => q.queryHash).join(", ")}`);
  if (html.includes("<!--$?-->")) throw new Error(`${pathname}: a boundary is still suspended`);
  return { html, meta: sink.current, state: dehydrate(client), renders: count.renders };
}
