import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { renderThread } from "./render-thread";

/** A server entry as a file: renderPage reads what the address names through the transport it is given. */
const dir = mkdtempSync(join(tmpdir(), "render-thread-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function entryFile(body: string) {
  const path = join(dir, "entry.mjs");
  writeFileSync(path, body);
  return path;
}

const reader = entryFile(`
export async function renderPage(pathname, { origin, transport }) {
  if (pathname === "/fails") throw new Error("the page cannot render");
  if (pathname === "/ends") process.exit(3);
  const res = await transport("/api/page" + pathname, { method: "GET", headers: new Headers({ accept: "application/json" }) });
  return { html: "<p>" + (await res.text()) + " " + res.status + " " + res.headers.get("x-kind") + "</p>", meta: { origin }, state: { pathname } };
}`);

let thread: ReturnType<typeof renderThread> | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

describe("the render thread", () => {
  it("renders pages on its own thread and answers their reads through the render's transport", async () => {
    thread = renderThread(reader);
    const asked: { path: string; method?: string; accept?: string }[] = [];
    const transport = async (path: string, init: RequestInit) => {
      asked.push({ path, method: init.method, accept: (init.headers as Record<string, string>).accept });
      return new Response(`read ${path}`, { status: 200, headers: { "x-kind": "page" } });
    };
    const [a, b] = await Promise.all([thread.renderPage("/a", { origin: "https://site.test", transport }), thread.renderPage("/b", { origin: "https://site.test", transport })]);
    expect(a).toEqual({ html: "<p>read /api/page/a 200 page</p>", meta: { origin: "https://site.test" }, state: { pathname: "/a" } });
    expect(b.html).toBe("<p>read /api/page/b 200 page</p>");
    expect(asked.sort((x, y) => x.path.localeCompare(y.path))).toEqual([
      { path: "/api/page/a", method: "GET", accept: "application/json" },
      { path: "/api/page/b", method: "GET", accept: "application/json" },
    ]);
  });

  it("hands a read that fails and a page that fails back as errors, and keeps rendering", async () => {
    thread = renderThread(reader);
    const failing = () => Promise.reject(new Error("the API is down"));
    await expect(thread.renderPage("/a", { origin: "", transport: failing })).rejects.toThrow("the API is down");
    await expect(thread.renderPage("/fails", { origin: "", transport: failing })).rejects.toThrow("the page cannot render");
    const page = await thread.renderPage("/after", { origin: "", transport: async () => new Response("ok") });
    expect(page.html).toBe("<p>ok 200 null</p>");
  });

  it("fails the renders under way when its thread ends, and starts a new thread for the next", async () => {
    thread = renderThread(reader);
    const slow = () => new Promise<Response>(() => {});
    const waiting = thread.renderPage("/waits", { origin: "", transport: slow });
    await expect(thread.renderPage("/ends", { origin: "", transport: slow })).rejects.toThrow("the render thread ended (exit code 3)");
    await expect(waiting).rejects.toThrow("the render thread ended");
    const page = await thread.renderPage("/again", { origin: "", transport: async () => new Response("fresh") });
    expect(page.html).toBe("<p>fresh 200 null</p>");
  });
});
