// The local runtime's page renderer on its own thread (render-thread.ts): the web app's built server
// entry (plain JavaScript, so this thread needs no TypeScript loader) renders each page the main
// thread asks for, and every API read a page makes is sent back to the main thread, which answers it
// through the render batch's own transport (shared reads, the reads record: functions/src/render).
// React's rendering, a third of a page's cost, so runs beside the API that answers its reads.
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";

const entry = await import(pathToFileURL(workerData.entry).href);
const calls = new Map();
let nextCall = 0;

/** RequestInit as plain data (no signal: a render is never aborted; headers as an object). */
function plainInit(init) {
  const headers = init?.headers instanceof Headers ? Object.fromEntries(init.headers) : init?.headers;
  return { method: init?.method, headers, body: typeof init?.body === "string" ? init.body : undefined, redirect: init?.redirect };
}

parentPort.on("message", async (message) => {
  if (message.type === "answer") {
    const call = calls.get(message.call);
    calls.delete(message.call);
    if (message.error !== undefined) call?.reject(new Error(message.error));
    else call?.resolve(new Response([204, 205, 304].includes(message.status) ? null : message.body, { status: message.status, headers: message.headers }));
    return;
  }
  if (message.type !== "render") return;
  const { id, pathname, origin } = message;
  const transport = (path, init) =>
    new Promise((resolve, reject) => {
      const call = nextCall++;
      calls.set(call, { resolve, reject });
      parentPort.postMessage({ type: "fetch", id, call, path, init: plainInit(init) });
    });
  try {
    const page = await entry.renderPage(pathname, { origin, transport });
    parentPort.postMessage({ type: "done", id, page: { html: page.html, meta: page.meta, state: page.state } });
  } catch (err) {
    parentPort.postMessage({ type: "failed", id, error: err?.message ?? String(err) });
  }
});
