import { Worker } from "node:worker_threads";
import type { ServerEntry } from "@agency/functions/render/render";

type Transport = Parameters<ServerEntry["renderPage"]>[1]["transport"];
type Page = Awaited<ReturnType<ServerEntry["renderPage"]>>;
type FromThread =
  { type: "fetch"; id: number; call: number; path: string; init: RequestInit } | { type: "done"; id: number; page: Page } | { type: "failed"; id: number; error: string };

/**
 * The web app's server entry run on a thread of its own (render-worker.mjs), behind the same
 * interface as the module imported in this thread: `renderPage` with a transport. The pages render
 * there; each API read a page makes comes back here and goes through the transport the render was
 * given, so the render batch's shared reads and its reads record work as they do in AWS. Rendering
 * beside the gateway and the database uses the machine's second core (a full render of 10,000 posts
 * is mostly React's rendering and the API's answering, in equal measure: docs/performance.md).
 *
 * A thread that ends (a crash) fails the renders under way; the next render starts a new one.
 */
export function renderThread(entryPath: string): ServerEntry & { close(): Promise<void> } {
  let worker: Worker | undefined;
  const renders = new Map<number, { transport: Transport; resolve(page: Page): void; reject(err: Error): void }>();
  let next = 0;

  const answer = async (w: Worker, m: Extract<FromThread, { type: "fetch" }>) => {
    const render = renders.get(m.id);
    try {
      if (!render) throw new Error("the render is over");
      const res = await render.transport(m.path, m.init);
      const headers: [string, string][] = [];
      res.headers.forEach((value, name) => headers.push([name, value]));
      const body = await res.arrayBuffer();
      w.postMessage({ type: "answer", call: m.call, status: res.status, headers, body }, [body]);
    } catch (err) {
      w.postMessage({ type: "answer", call: m.call, error: (err as Error)?.message ?? String(err) });
    }
  };

  const start = () => {
    const w = new Worker(new URL("./render-worker.mjs", import.meta.url), { workerData: { entry: entryPath }, execArgv: [] });
    w.on("message", (m: FromThread) => {
      if (m.type === "fetch") return void answer(w, m);
      const render = renders.get(m.id);
      renders.delete(m.id);
      if (m.type === "done") render?.resolve(m.page);
      else render?.reject(new Error(m.error));
    });
    const end = (err: Error) => {
      if (worker === w) worker = undefined;
      for (const [id, render] of renders) {
        renders.delete(id);
        render.reject(err);
      }
    };
    w.on("error", end);
    w.on("exit", (code) => end(new Error(`the render thread ended (exit code ${code})`)));
    // The runtime's end is not held up by an idle render thread.
    w.unref();
    return w;
  };

  return {
    renderPage(pathname, { origin, transport }) {
      const w = (worker ??= start());
      const id = next++;
      return new Promise<Page>((resolve, reject) => {
        renders.set(id, { transport, resolve, reject });
        w.postMessage({ type: "render", id, pathname, origin });
      });
    },
    async close() {
      await worker?.terminate();
    },
  };
}
