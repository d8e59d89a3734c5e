import { createHash } from "node:crypto";
import { NEXT_CURSOR_HEADER } from "@agency/core/contract/next-cursor";
import { pageHtml, assertTemplate, shellHtml, type PageHead, type ShellSettings } from "./page-html";

/**
 * The public site as static files: each public address rendered to HTML by the web app's server
 * entry (web/src/entry-server.tsx, the SPA's own components) and written where the static files
 * live, so a visitor, a crawler and a link preview get the page's own head and content without a
 * server per visit. One module for both homes: the local runtime (pages under its data directory)
 * and the render function in AWS (the web bucket), each passing its PageStore and API transport.
 */

/** Where rendered pages are kept: `pages/about.html` for /about, `pages/index.html` for /. */
export interface PageStore {
  put(key: string, html: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Every page key stored now. */
  keys(): Promise<string[]>;
  /** A stored file as text (the reads record, the template), or undefined when there is none. */
  read(key: string): Promise<string | undefined>;
}

import { keyPath, NOT_FOUND_KEY, PAGE_CONTENT_TYPE, pageKey, PAGES_PREFIX, READS_KEY, SHELL_KEY, TEMPLATE_KEY } from "@agency/core/public-pages";

export { keyPath, NOT_FOUND_KEY, PAGE_CONTENT_TYPE, pageKey, PAGES_PREFIX, READS_KEY, SHELL_KEY, TEMPLATE_KEY };

/** The server entry's interface (web/dist-server/entry-server.js). */
export interface ServerEntry {
  renderPage(
    pathname: string,
    options: { origin: string; transport: (path: string, init: RequestInit) => Promise<Response> },
  ): Promise<{ html: string; meta: (PageHead & { notFound: boolean }) | undefined; state: unknown }>;
}

export interface RenderContext {
  entry: ServerEntry;
  /** The built SPA's index.html, with its page-head and page-body markers. */
  template: string;
  store: PageStore;
  /** PUBLIC_URL: canonical and Open Graph URLs. */
  origin: string;
  /** Reaches the public API (`/api/...`, `/sitemap.xml`) uncached: the local gateway or API Gateway. */
  api: (path: string, init?: RequestInit) => Promise<Response>;
}

export interface RenderReport {
  rendered: string[];
  /** Addresses that are no page (unknown, unpublished, a moved post's earlier slug): their files removed. */
  removed: string[];
  /** Addresses whose render failed: their previous file is kept. */
  failed: { path: string; error: string }[];
  /** Addresses past the render's `limit`, not rendered: the caller has them rendered next (render/batch.ts). */
  deferred: string[];
}

/** Every address the sitemap lists: the set of rendered pages (packages/functions/src/feeds). */
export async function sitemapPaths(ctx: Pick<RenderContext, "api">): Promise<string[]> {
  const res = await ctx.api("/sitemap.xml");
  if (!res.ok) throw new Error(`GET /sitemap.xml answered ${res.status}`);
  const xml = await res.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")).pathname);
  return [...new Set(paths)];
}

type Outcome = { kind: "page"; html: string } | { kind: "none" };

/**
 * How many pages render at once: a page's time is mostly waiting on its API reads and its write,
 * so a few side by side keep the CPU busy without holding many pages in memory.
 */
export const RENDER_CONCURRENCY = 4;

/** Runs `fn` on every item, at most `limit` at a time, in the items' order. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Each page's API reads (READS_KEY), by address: the API paths it read (without their query), the
 * posts a list page showed as their own paths (`/api/blog-posts/<slug>`, what the post's page reads),
 * and for the reads in COMPARED_READS the path with a digest of what it answered
 * (`/api/blog-categories#<digest>`).
 */
type Reads = Record<string, string[]>;

/**
 * Reads whose answer every list page shows but a post's save changes only sometimes (the category
 * counts: a post published, taken down or moved to another category): their readers render again
 * when the answer differs from the one they were rendered from, not on every save of a post.
 */
const COMPARED_READS = new Set(["/api/blog-categories"]);
const digest = (body: string) => createHash("sha256").update(body).digest("base64url").slice(0, 16);
/** The path a read entry names, its digest dropped. */
const readPath = (entry: string) => entry.split("#")[0]!;
/** The public blog's list read (`/api/blog-posts?limit=12&page=N`), whose answer lists posts. */
const LIST_READ = "/api/blog-posts";
const postRead = (slug: string) => new URL(`${LIST_READ}/${encodeURIComponent(slug)}`, "http://api.invalid").pathname;
/** The page number of a list page's address (`/blog` 1, `/blog/page/3` 3), or undefined for another address. */
function listPageNumber(path: string): number | undefined {
  if (path === "/blog") return 1;
  const n = /^\/blog\/page\/(\d+)$/.exec(path)?.[1];
  return n === undefined ? undefined : Number(n);
}
/** The posts a list page showed when it was rendered (its post reads), as one comparable string. */
const listedPosts = (reads: readonly string[] | undefined) =>
  reads
    ?.filter((r) => r.startsWith(`${LIST_READ}/`))
    .sort()
    .join(" ");

async function loadReads(store: PageStore): Promise<Reads | undefined> {
  try {
    const text = await store.read(READS_KEY);
    const parsed = text === undefined ? undefined : (JSON.parse(text) as unknown);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Reads) : undefined;
  } catch {
    // An unreadable record is no record: every page is rendered, and the record written afresh.
    return undefined;
  }
}

/** Does a page that read `reads` show what changed at `changed` (`/api/x*`: every path under it)? */
const readsAny = (reads: readonly string[], changed: string) =>
  changed.endsWith("*") ? reads.some((r) => readPath(r).startsWith(changed.slice(0, -1))) : reads.some((r) => readPath(r) === changed);

type Answer = { status: number; headers: [string, string][]; body: ArrayBuffer };

/**
 * The API as one render batch reads it: each GET is made once and its answer reused by every page
 * of the batch (the settings, sections and catalogues every page's header and footer read), so a
 * full render reads the shared data once, not once per post.
 *
 * The blog's list by page number (`/api/blog-posts?limit=12&page=N`, what /blog/page/N reads)
 * makes the server skip the N - 1 pages before it, so rendering every list page one after the other
 * would read O(N²) posts. When the batch already read page N - 1 (pages render in the sitemap's
 * order: /blog, then /blog/page/2, 3, ...), page N is read from the cursor that answer gave
 * (X-Next-Cursor) instead: the same posts and headers, since pages are whole (BlogPosts.publishedPage).
 */
function batchReads(api: RenderContext["api"]): RenderContext["api"] {
  const seen = new Map<string, Promise<Answer>>();
  const read = async (path: string, init: RequestInit | undefined): Promise<Answer> => {
    const redirect = init?.redirect ?? "follow";
    const after = listPageAfter(path);
    const previous = after && seen.get(`${redirect} ${after.previous}`);
    const cursor = previous && (await previous.catch(() => undefined))?.headers.find(([name]) => name === NEXT_CURSOR_HEADER)?.[1];
    const res = await api(cursor ? after.from(cursor) : path, init);
    const headers: [string, string][] = [];
    res.headers.forEach((value, name) => headers.push([name, value]));
    return { status: res.status, headers, body: await res.arrayBuffer() };
  };
  return async (path, init) => {
    if ((init?.method ?? "GET") !== "GET") return api(path, init);
    const key = `${init?.redirect ?? "follow"} ${path}`;
    let answer = seen.get(key);
    if (!answer) seen.set(key, (answer = read(path, init)));
    const { status, headers, body } = await answer;
    return new Response([204, 205, 304].includes(status) ? null : body.slice(0), { status, headers });
  };
}

/**
 * A page of the public blog's list asked by number (page 2 or later, no cursor): the address the
 * client asks for the page before it (page 1 without `page`, web/src/features/blog/api.ts) and the
 * same page's address from a cursor (the other parameters kept, `page` dropped).
 */
function listPageAfter(path: string): { previous: string; from(cursor: string): string } | undefined {
  const url = new URL(path, "http://api.invalid");
  const page = Number(url.searchParams.get("page"));
  if (url.pathname !== "/api/blog-posts" || url.searchParams.has("cursor") || !Number.isInteger(page) || page < 2) return undefined;
  const at = (n: number | undefined, cursor?: string) => {
    const params = new URLSearchParams(url.searchParams);
    if (n && n > 1) params.set("page", String(n));
    else params.delete("page");
    if (cursor) params.set("cursor", cursor);
    return `${url.pathname}?${params}`;
  };
  return { previous: at(page - 1), from: (cursor) => at(undefined, cursor) };
}

async function renderOne(ctx: RenderContext, path: string, reads: Set<string>): Promise<Outcome> {
  let moved = false;
  const transport = async (p: string, init: RequestInit) => {
    const path = new URL(p, "http://api.invalid").pathname;
    // A moved post's earlier slug answers 301: that address is a redirect, not a page of its own.
    const res = await ctx.api(p, { ...init, redirect: "manual" });
    if (res.status >= 300 && res.status < 400) moved = true;
    if (COMPARED_READS.has(path)) reads.add(`${path}#${digest(await res.clone().text())}`);
    else reads.add(path);
    // A list shows its posts: the page is one of theirs, and a save of one of them renders it again.
    if (path === LIST_READ && res.ok) {
      const listed = (await res.clone().json()) as unknown;
      if (Array.isArray(listed)) for (const post of listed as { slug?: unknown }[]) if (typeof post?.slug === "string") reads.add(postRead(post.slug));
    }
    return res;
  };
  const page = await ctx.entry.renderPage(path, { origin: ctx.origin, transport });
  if (moved || page.meta?.notFound) return { kind: "none" };
  if (!page.meta) throw new Error(`${path}: the page declared no meta (usePageMeta)`);
  return { kind: "page", html: pageHtml(ctx.template, { head: page.meta, body: page.html, state: page.state }) };
}

/**
 * Renders the given public addresses, or `"all"`: every address of the sitemap plus the not-found
 * page, and then removes the files of addresses the sitemap no longer lists. A page that turns out
 * not to exist (an unpublished or deleted post) loses its file; a render that fails keeps the
 * previous file and is reported.
 */
export async function renderPages(ctx: RenderContext, paths: readonly string[] | "all", options: { limit?: number } = {}): Promise<RenderReport> {
  assertTemplate(ctx.template);
  ctx = { ...ctx, api: batchReads(ctx.api) };
  const report: RenderReport = { rendered: [], removed: [], failed: [], deferred: [] };
  const all = paths === "all";
  // A full render records every page afresh (so a page gone from the site leaves the record).
  const before = all ? undefined : await loadReads(ctx.store);
  const record: Reads = { ...before };
  const list = all ? await sitemapPaths(ctx) : await expand(ctx, paths, before);
  // Past the limit, pages are left to a later render (in AWS a function's run is bounded: batch.ts).
  let budget = options.limit ?? Infinity;
  const renderEach = async (pages: readonly string[]) => {
    const now = pages.slice(0, budget);
    budget -= now.length;
    report.deferred.push(...pages.slice(now.length));
    // RENDER_CONCURRENCY pages side by side (each render has its own transport: entry-server.tsx),
    // taken in the list's order.
    await eachLimit(now, RENDER_CONCURRENCY, async (path) => {
      try {
        const reads = new Set<string>();
        const out = await renderOne(ctx, path, reads);
        if (out.kind === "page") {
          await ctx.store.put(pageKey(path), out.html);
          report.rendered.push(path);
          record[path] = [...reads].sort();
        } else {
          await ctx.store.remove(pageKey(path));
          report.removed.push(path);
          delete record[path];
        }
      } catch (err) {
        report.failed.push({ path, error: (err as Error)?.message ?? String(err) });
      }
    });
  };
  await renderEach(list);

  // A list page that now shows other posts than before (a post published or taken down) moved the
  // posts of every page after it by as many: those pages render too, and a page past the new last
  // one renders as no page (its file goes).
  if (before) {
    const shifted = [...report.rendered, ...report.removed].filter((p) => listPageNumber(p) !== undefined && listedPosts(record[p]) !== listedPosts(before[p]));
    const from = Math.min(...shifted.map((p) => listPageNumber(p)!));
    if (shifted.length) {
      const done = new Set(list);
      const later = (await knownPages(ctx)).filter((p) => (listPageNumber(p) ?? 0) > from && !done.has(p));
      await renderEach([...new Set(later)].sort((a, b) => listPageNumber(a)! - listPageNumber(b)!));
    }
  }
  if (report.rendered.length || report.removed.length) await ctx.store.put(READS_KEY, JSON.stringify(record));

  if (all) {
    // The not-found page: an address no route knows, rendered like the rest.
    try {
      const page = await ctx.entry.renderPage("/404", { origin: ctx.origin, transport: ctx.api });
      if (!page.meta?.notFound) throw new Error("/404 did not render the not-found page");
      await ctx.store.put(NOT_FOUND_KEY, pageHtml(ctx.template, { head: { ...page.meta, jsonLd: [] }, body: page.html, state: undefined }));
    } catch (err) {
      report.failed.push({ path: "(not found page)", error: (err as Error)?.message ?? String(err) });
    }
    if (!report.failed.length) {
      const keep = new Set([...list.map(pageKey), NOT_FOUND_KEY, SHELL_KEY, READS_KEY]);
      for (const key of await ctx.store.keys()) {
        if (keep.has(key)) continue;
        await ctx.store.remove(key);
        report.removed.push(key);
      }
    }
    // The shell of the back office and previews, with the settings every page was rendered with.
    try {
      const res = await ctx.api("/api/site-settings");
      if (!res.ok) throw new Error(`GET /api/site-settings answered ${res.status}`);
      await ctx.store.put(SHELL_KEY, shellHtml(ctx.template, (await res.json()) as ShellSettings));
    } catch (err) {
      report.failed.push({ path: "(app shell)", error: (err as Error)?.message ?? String(err) });
    }
  }
  return report;
}

/**
 * The pages an admin write affects, from the paths it invalidates (packages/functions/src/invalidate.ts),
 * which name the site's addresses beside the API's:
 * - a post's address (`/blog/<slug>`): its page, and the pages that read the post when they were last
 *   rendered (the list page that showed it; a post page carries no other post: its Related Articles
 *   load in the browser); `/blog` too, where a post just published shows. A list page that then
 *   shows other posts renders the pages after it (renderPages);
 * - the category counts: the pages that show them, when the counts they were rendered with changed;
 * - the settings: every page (the shell and the not-found page too);
 * - any other API path: the pages that read it when they were last rendered (READS_KEY).
 * The feeds are no rendered page, and the blog's list reads are covered by the posts' addresses.
 */
export function pagesFor(paths: readonly string[]): string[] | "all" {
  const pages = new Set<string>();
  for (const p of paths) {
    if (p === "/rss.xml" || p === "/sitemap.xml" || p === "/api/blog-posts*") continue;
    if (p === "/api/site-settings") return "all";
    const post = /^\/blog\/(?!page\/)([^/]+)$/.exec(p)?.[1];
    if (post !== undefined) pages.add(p).add(`${READERS_OF}${LIST_READ}/${post}`);
    else if (COMPARED_READS.has(p)) pages.add(`${READERS_OF_CHANGED}${p}`);
    else pages.add(p.startsWith("/api/") ? `${READERS_OF}${p}` : p);
  }
  return [...pages];
}

/** `readers-of:/api/services`: the pages that read that path when they were last rendered (READS_KEY). */
export const READERS_OF = "readers-of:";
/** `readers-of-changed:/api/blog-categories`: the pages that read it and were rendered from another answer than it gives now. */
export const READERS_OF_CHANGED = "readers-of-changed:";

/** Every page address the sitemap names now and every one stored (a page past the new last one is rendered as no page, so its file goes). */
async function knownPages(ctx: RenderContext): Promise<string[]> {
  const stored = (await ctx.store.keys()).filter((k) => k.endsWith(".html") && k !== NOT_FOUND_KEY && k !== SHELL_KEY).map(keyPath);
  return [...new Set([...(await sitemapPaths(ctx)), ...stored])];
}

/**
 * The addresses a list of paths names: `/blog/page/*` is every list page known (knownPages);
 * `readers-of:` and `readers-of-changed:` are looked up in the reads record, and without one
 * (the first render after an upgrade) every page may have read it.
 */
async function expand(ctx: RenderContext, paths: readonly string[], reads: Reads | undefined): Promise<string[]> {
  const readers = paths.filter((p) => p.startsWith(READERS_OF)).map((p) => p.slice(READERS_OF.length));
  const changed = paths.filter((p) => p.startsWith(READERS_OF_CHANGED)).map((p) => p.slice(READERS_OF_CHANGED.length));
  const named = paths.filter((p) => !p.startsWith(READERS_OF) && !p.startsWith(READERS_OF_CHANGED));
  const wild = named.filter((p) => p.endsWith("/*"));
  const out = new Set(named.filter((p) => !p.endsWith("/*")));
  let known: Promise<string[]> | undefined;
  for (const w of wild) for (const p of await (known ??= knownPages(ctx))) if (p.startsWith(w.slice(0, -1))) out.add(p);
  if ((readers.length || changed.length) && !reads) for (const p of await (known ??= knownPages(ctx))) out.add(p);
  if (!reads) return [...out];
  // What each compared read answers now (read once: the batch's reads are shared, batchReads).
  const now = new Map<string, string>();
  for (const path of changed) {
    const res = await ctx.api(path);
    now.set(path, res.ok ? `${path}#${digest(await res.text())}` : "");
  }

  for (const [page, read] of Object.entries(reads)) {
    if (!Array.isArray(read)) continue;
    if (readers.some((r) => readsAny(read, r)) || changed.some((c) => readsAny(read, c) && !read.includes(now.get(c)!))) out.add(page);
  }
  return [...out];
}

/**
 * One render at a time, a burst coalesced: requests arriving while a render waits or runs are
 * merged into the next one, so ten quick saves of a post render its page once or twice, never ten
 * times. `settled()` resolves once nothing is waiting or running.
 */
export function renderQueue(run: (paths: string[] | "all") => Promise<void>, { delayMs = 150 } = {}) {
  let waiting: Set<string> | "all" | undefined;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle: (() => void)[] = [];

  const kick = () => {
    if (running || timer || !waiting) {
      if (!running && !timer && !waiting) idle.splice(0).forEach((f) => f());
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      const batch = waiting === "all" ? "all" : [...(waiting ?? [])];
      waiting = undefined;
      running = run(batch)
        .catch((err) => console.error("render: failed", err))
        .finally(() => {
          running = undefined;
          kick();
        });
    }, delayMs);
  };

  return {
    request(paths: readonly string[] | "all") {
      if (paths === "all" || waiting === "all") waiting = "all";
      else {
        waiting ??= new Set();
        for (const p of paths) waiting.add(p);
      }
      kick();
    },
    settled(): Promise<void> {
      if (!running && !timer && !waiting) return Promise.resolve();
      return new Promise((res) => idle.push(res));
    },
  };
}
