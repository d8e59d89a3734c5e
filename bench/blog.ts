/**
 * npm run bench:blog — the public blog at 10,000 published posts. Seeds a fresh data directory with
 * the default content and 10,000 published posts of about 5 KB each (and 100 drafts) through the
 * domain module, then the recount; builds the web app when needed and starts the real local runtime
 * on it; then measures:
 *
 * - what a visitor's browser transfers for /blog and for a post page (Chromium, cold cache): the
 *   HTML document and every data request (fetch/XHR), as sent over the wire (gzip), not scripts,
 *   styles or images;
 * - a search over every published post, over HTTP (median of BENCH_RUNS): a word no post has (it
 *   reads every published post) and a word one post has;
 * - the deepest page by number (/api/blog-posts?page=N, which follows the cursors on the server);
 * - one post's edit through the admin API until its page carries it; a service's edit until /services
 *   carries it, and how many post pages it wrote again (none: only the pages that read services);
 *   a footer change until the last page of the sitemap carries it (every page).
 *
 * Targets (issues 18 and 30): /blog <= 150 KB, a post page <= 100 KB, a search <= 1 s, a post's
 * edit on its page <= 5 s, a service's edit writes no post page, a footer change on every page <= 3 min. A benchmark, not a
 * test: it exits 0 either way (--check: 1 when a target is missed). Results also go to
 * bench/blog-results.json.
 *
 * Environment: BENCH_POSTS (default 10000), BENCH_RUNS (default 5), BENCH_PORT (default a free port).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { freePort, startRuntime } from "../tests/support/runtime";
import { deterministic, openSeededStore } from "./seeding";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const check = process.argv.includes("--check");
const KB = 1000;
const DAY = 86_400_000;
const NEEDLE = "quokkaneedle";

// ---- Deterministic content ---------------------------------------------------------------------
const { random, pick, sentence } = deterministic(20261125);
const paragraph = () => `<p>${Array.from({ length: 6 }, () => `${sentence(14)}.`).join(" ")}</p>`;

async function seedData(dataDir: string) {
  const db0 = await openSeededStore(dataDir);
  const { BlogEditor } = await import("../packages/core/src/blog/editor");
  const { blogPostInput } = await import("../packages/core/src/contract/blog");
  const { blogCategories } = await import("../packages/core/src/contract/blog-values");
  const { recount } = await import("../packages/core/src/counters/recount");
  const started = Date.now();
  const now = Date.now();
  const total = POSTS + Math.round(POSTS / 10);
  const jobs = Array.from({ length: total }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = jobs.shift(); i !== undefined; i = jobs.shift()) {
        const content = Array.from({ length: 6 }, paragraph).join("\n") + (i === Math.floor(POSTS / 2) ? `<p>${NEEDLE}</p>` : "");
        const input = blogPostInput.parse({
          title: `${sentence(6)} ${i}`,
          slug: `bench-post-${i}`,
          content,
          excerpt: random() < 0.7 ? `${sentence(20)}.` : "",
          category: pick(blogCategories),
          author_name: "Bench Writer",
          is_published: i < POSTS,
        });
        await BlogEditor.create(input, crypto.randomUUID(), new Date(now - DAY - Math.floor(random() * 700 * DAY)).toISOString());
      }
    }),
  );
  console.log(`  ${POSTS} published posts and ${total - POSTS} drafts (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await recount();
  await db0.close();
  delete process.env.DYNAMODB_ENDPOINT;
}

// ---- Measuring ---------------------------------------------------------------------------------
interface Transfer {
  bytes: number;
  requests: { url: string; bytes: number }[];
}

/** What Chromium transfers for a page load (cold cache): the document and its data requests, over the wire. */
async function transfer(url: string, ready: (page: import("@playwright/test").Page) => Promise<void>): Promise<Transfer> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const page = await browser.newPage();
    const pending: Promise<{ url: string; bytes: number }>[] = [];
    page.on("requestfinished", (request) => {
      if (!["document", "fetch", "xhr"].includes(request.resourceType())) return;
      pending.push(request.sizes().then((s) => ({ url: new URL(request.url()).pathname + new URL(request.url()).search, bytes: s.responseBodySize + s.responseHeadersSize })));
    });
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState("networkidle");
    const requests = await Promise.all(pending);
    return { bytes: requests.reduce((n, r) => n + r.bytes, 0), requests };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function timed(url: string) {
  const times: number[] = [];
  let body = "";
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    body = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body}`);
    times.push(performance.now() - t0);
  }
  return { ms: median(times), max: Math.max(...times), items: (JSON.parse(body) as unknown[]).length };
}

// ---- Main --------------------------------------------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-bench-blog-"));
console.log(`Seeding ${dataDir}`);
await seedData(dataDir);
console.log("Building the web app");
execSync("npm run -s build:web", { cwd: root, stdio: "inherit" });
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const startedAt = performance.now();
const runtime = await startRuntime({ dataDir, port, env: { RENDER_LOG: "1" } });
// The runtime answers its API at once and serves pages once the first full render is done (a
// request may wait for it longer than fetch waits for headers: asked again then).
for (;;) {
  if ((await fetch(`${runtime.url}/blog`).catch(() => undefined))?.status === 200) break;
  if (performance.now() - startedAt > 1_800_000) throw new Error("the first render did not finish within 30 minutes");
  await new Promise((r) => setTimeout(r, 500));
}
const startMs = performance.now() - startedAt;
const rows: { what: string; value: string; target: string; met: boolean }[] = [];
try {
  const base = runtime.url;
  const list = await transfer(`${base}/blog`, async (page) => {
    await page.getByTestId("featured-post").waitFor();
  });
  rows.push({ what: "/blog: HTML and data transferred (gzip)", value: `${(list.bytes / KB).toFixed(1)} KB`, target: "<= 150 KB", met: list.bytes <= 150 * KB });

  const newest = (await (await fetch(`${base}/api/blog-posts?limit=1`)).json()) as { slug: string }[];
  const post = await transfer(`${base}/blog/${newest[0]!.slug}`, async (page) => {
    await page.getByTestId("related-posts").waitFor();
  });
  rows.push({ what: "a post page: HTML and data transferred (gzip)", value: `${(post.bytes / KB).toFixed(1)} KB`, target: "<= 100 KB", met: post.bytes <= 100 * KB });

  const miss = await timed(`${base}/api/blog-posts?q=nosuchwordanywhere`);
  rows.push({
    what: `search, no match (reads all ${POSTS} published posts)`,
    value: `${miss.ms.toFixed(0)} ms (max ${miss.max.toFixed(0)})`,
    target: "<= 1000 ms",
    met: miss.ms <= 1000,
  });
  const hit = await timed(`${base}/api/blog-posts?q=${NEEDLE}`);
  rows.push({
    what: `search, one match (${hit.items} found)`,
    value: `${hit.ms.toFixed(0)} ms (max ${hit.max.toFixed(0)})`,
    target: "<= 1000 ms",
    met: hit.ms <= 1000 && hit.items === 1,
  });
  const first = await timed(`${base}/api/blog-posts`);
  rows.push({ what: "first page of the list (12)", value: `${first.ms.toFixed(0)} ms`, target: "", met: true });
  const lastPage = Math.ceil(POSTS / 12);
  const deepest = await timed(`${base}/api/blog-posts?page=${lastPage}`);
  rows.push({ what: `page ${lastPage} by number (the last)`, value: `${deepest.ms.toFixed(0)} ms (${deepest.items} posts)`, target: "", met: true });
  const category = await timed(`${base}/api/blog-posts?category=tutorials`);
  rows.push({ what: "a category's first page", value: `${category.ms.toFixed(0)} ms`, target: "", met: true });

  // ---- Full re-render after a footer change ------------------------------------------------------
  // Change the footer's contact email through the admin API, then time until every rendered page
  // carries it: pages render in the sitemap's order, so the oldest post's page is the last one.
  rows.push({ what: "start, with every page rendered", value: `${(startMs / 1000).toFixed(1)} s`, target: "", met: true });
  const login = await fetch(`${base}/api/auth/dev-login`, { method: "POST", headers: { origin: base, "content-type": "application/json" }, body: "{}" });
  if (!login.ok) throw new Error(`dev-login: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const admin = { origin: base, cookie, "content-type": "application/json" };
  // Until the runtime's renderer has been idle for 3 s (it logs a line per render: RENDER_LOG).
  const renderLines = () =>
    runtime
      .output()
      .split("\n")
      .filter((l) => l.startsWith("pages:")).length;
  const quiet = async () => {
    let seen = renderLines();
    let since = performance.now();
    while (performance.now() - since < 3_000) {
      await new Promise((r) => setTimeout(r, 250));
      if (renderLines() !== seen) [seen, since] = [renderLines(), performance.now()];
    }
  };
  const until = async (what: string, ok: () => Promise<boolean>, limitMs: number) => {
    const from = performance.now();
    while (!(await ok())) {
      if (performance.now() - from > limitMs) throw new Error(`${what} not within ${limitMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return performance.now() - from;
  };
  const text = async (p: string) => (await fetch(`${base}${p}`)).text();
  await quiet();

  // ---- One post's edit: on its page ----------------------------------------------------------------
  const postPaths = [...(await text("/sitemap.xml")).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => /^\/blog\/(?!page\/)[^/]+$/.test(p));
  const edited = postPaths[Math.floor(postPaths.length / 2)]!;
  const { id: postId } = (await (await fetch(`${base}/api/blog-posts/${edited.slice("/blog/".length)}`)).json()) as { id: string };
  const { version: postVersion } = (await (await fetch(`${base}/api/admin/blog-posts/${postId}`, { headers: admin })).json()) as { version: number };
  const retitled = `Edited ${Date.now()}`;
  const e0 = performance.now();
  const edit = await fetch(`${base}/api/admin/blog-posts/${postId}`, { method: "PUT", headers: admin, body: JSON.stringify({ title: retitled, version: postVersion }) });
  if (!edit.ok) throw new Error(`post save: ${edit.status} ${await edit.text()}`);
  await until("the edited post on its page", async () => (await text(edited)).includes(retitled), 120_000);
  const onPage = performance.now() - e0;
  rows.push({ what: "one post's edit: on its page (save to served HTML)", value: `${(onPage / 1000).toFixed(1)} s`, target: "<= 5 s", met: onPage <= 5_000 });
  await quiet();

  // ---- A service's edit: which pages are written again -----------------------------------------------
  const services = (await (await fetch(`${base}/api/admin/services`, { headers: admin })).json()) as { id: string; version: number }[];
  const serviceTitle = `Service ${Date.now()}`;
  const wall = Date.now();
  const s0 = performance.now();
  const serviceSave = await fetch(`${base}/api/admin/services/${services[0]!.id}`, {
    method: "PUT",
    headers: admin,
    body: JSON.stringify({ title: serviceTitle, version: services[0]!.version }),
  });
  if (!serviceSave.ok) throw new Error(`service save: ${serviceSave.status} ${await serviceSave.text()}`);
  await until("the service on /services", async () => (await text("/services")).includes(serviceTitle), 120_000);
  const onServices = performance.now() - s0;
  await quiet();
  const written = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? written(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs >= wall ? [path.join(dir, e.name)] : []));
  const rewritten = written(path.join(dataDir, "pages")).map((f) => path.relative(path.join(dataDir, "pages"), f));
  const postPages = rewritten.filter((f) => /^blog\/(?!page\/)[^/]+\.html$/.test(f));
  rows.push({ what: "a service's edit: on /services", value: `${(onServices / 1000).toFixed(1)} s`, target: "", met: true });
  rows.push({ what: "a service's edit: post pages written again", value: `${postPages.length} (${rewritten.length} files in all)`, target: "0", met: postPages.length === 0 });

  const settings = (await (await fetch(`${base}/api/admin/site-settings`, { headers: admin })).json()) as { key: string; version: number }[];
  const email = settings.find((x) => x.key === "contact_email")!;
  const next = `footer-${Date.now()}@example.com`;
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const last = locs[locs.length - 1]!;
  const t0 = performance.now();
  const saved = await fetch(`${base}/api/admin/site-settings`, {
    method: "PUT",
    headers: admin,
    body: JSON.stringify({ settings: [{ key: "contact_email", value: next, version: email.version }] }),
  });
  if (!saved.ok) throw new Error(`settings save: ${saved.status} ${await saved.text()}`);
  // Past 5 minutes the target is missed: recorded as such, with the other figures kept.
  let carried = false;
  while (!carried && performance.now() - t0 <= 300_000) {
    carried = (await (await fetch(`${base}${last}`)).text()).includes(next);
    if (!carried) await new Promise((r) => setTimeout(r, 250));
  }
  const rerender = performance.now() - t0;
  rows.push({
    what: `full re-render after a footer change (${locs.length} pages)`,
    value: carried ? `${(rerender / 1000).toFixed(1)} s` : `> 300 s (${last} not yet)`,
    target: "<= 180 s",
    met: carried && rerender <= 180_000,
  });

  for (const line of runtime.output().split("\n")) if (line.startsWith("pages:")) console.log(`  runtime: ${line}`);
  console.log(`\nThe public blog at ${POSTS} published posts (median of ${RUNS})\n`);
  for (const r of rows) console.log(`${r.met ? "  " : "! "}${r.what.padEnd(52)} ${r.value.padStart(22)}  ${r.target}`);
  console.log("\n/blog requests:");
  for (const r of list.requests) console.log(`  ${(r.bytes / KB).toFixed(1).padStart(7)} KB  ${r.url}`);
  console.log("post page requests:");
  for (const r of post.requests) console.log(`  ${(r.bytes / KB).toFixed(1).padStart(7)} KB  ${r.url}`);
  fs.writeFileSync(
    path.join(root, "bench", "blog-results.json"),
    `${JSON.stringify({ date: new Date().toISOString(), posts: POSTS, runs: RUNS, rows, list: list.requests, post: post.requests }, null, 2)}\n`,
  );
} finally {
  await runtime.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (check && rows.some((r) => !r.met)) process.exit(1);
