/**
 * `npm run bench:photos`: what a phone downloads on pages with camera photos (issue 29's byte
 * targets), without Lighthouse. Starts the local runtime on a fresh data directory (web/ must be
 * built: `npm run build:web`), seeds twelve photo posts with 12-megapixel featured images through
 * the admin API (bench/photos.ts, the photos `npm run bench` measures), then loads /blog and the
 * newest photo post in Chromium as Lighthouse's mobile emulation does (412 x 823 CSS px, device
 * pixel ratio 1.75, touch) and counts the bytes each load transferred (Chromium's encoded sizes,
 * headers included), images apart, until the network has been quiet for 2 s. No scrolling: lazy
 * images are fetched only when Chromium's own distance threshold asks for them.
 *
 * Then it times the derivation of one more 12-megapixel JPEG of close to 5 MB (bench/photos.ts'
 * timeDerivation: its upload's completion to its status "ready"), which depends on the machine's load.
 *
 * Targets: /blog with twelve photo posts transfers at most 1 MB; the post's featured image arrives
 * as AVIF or WebP of at most 100 KB; the 5 MB JPEG is derived within 10 s. A benchmark: exits 0 either way, 1 with --check on a miss.
 *
 * Settings: BENCH_PORT (default a free port), CHROME_PATH (default /usr/bin/chromium).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type CDPSession } from "playwright";
import { freePort, repoRoot, startRuntime } from "../tests/support/runtime";
import { seedPhotos, timeDerivation } from "./photos";

const KB = 1000;
const targets = { blogBytes: 1000 * KB, featuredBytes: 100 * KB, derivationMs: 10_000 };
/** Lighthouse 12's mobile emulation (a Moto G Power). */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

interface Load {
  path: string;
  totalBytes: number;
  images: { path: string; type: string; bytes: number }[];
}

async function measure(session: CDPSession, origin: string, go: () => Promise<unknown>): Promise<Omit<Load, "path">> {
  const requests = new Map<string, { url: string; type: string; bytes?: number }>();
  let lastActivity = Date.now();
  session.on("Network.requestWillBeSent", (e) => {
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? "" });
    lastActivity = Date.now();
  });
  session.on("Network.responseReceived", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.type = e.response.mimeType;
  });
  session.on("Network.loadingFinished", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
    lastActivity = Date.now();
  });
  session.on("Network.loadingFailed", (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = 0;
    lastActivity = Date.now();
  });
  await session.send("Network.enable");
  await session.send("Network.setCacheDisabled", { cacheDisabled: true });
  await go();
  while ([...requests.values()].some((r) => r.bytes === undefined) || Date.now() - lastActivity < 2000) await new Promise((r) => setTimeout(r, 200));
  const done = [...requests.values()];
  return {
    totalBytes: done.reduce((a, r) => a + (r.bytes ?? 0), 0),
    images: done.filter((r) => r.type.startsWith("image/") && r.url.startsWith(origin)).map((r) => ({ path: new URL(r.url).pathname, type: r.type, bytes: r.bytes ?? 0 })),
  };
}

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
if (!fs.existsSync(path.join(repoRoot, "web", "dist", "index.html"))) throw new Error("web/dist is missing: run npm run build:web first");
const runtime = await startRuntime({ port, env: { DEV_LOGIN: "1" } });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  console.log("Seeding twelve photo posts (12-megapixel JPEGs, made now) and waiting for their sizes...");
  const photos = await seedPhotos(runtime.url, { posts: 12, courses: 0 });
  const loads: Load[] = [];
  for (const route of ["/blog", `/blog/${photos.postSlug}`]) {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    loads.push({ path: route, ...(await measure(session, runtime.url, () => page.goto(`${runtime.url}${route}`, { waitUntil: "load" }))) });
    await context.close();
  }
  console.log("Timing the derivation of a 12-megapixel JPEG of close to 5 MB...");
  const derivation = await timeDerivation(runtime.url);
  const [blog, post] = loads as [Load, Load];
  const coverFolder = photos.coverUrl.replace(/\.jpg$/, "/");
  const featured = post.images.filter((i) => i.path.startsWith(coverFolder));
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const imageBytes = (l: Load) => l.images.reduce((a, i) => a + i.bytes, 0);
  console.log(`\nChromium at 412 x 823, DPR 1.75; 1 KB = 1000 bytes`);
  console.log(`Originals: ${photos.originalBytes.length} JPEGs of 12 MP, ${kb(Math.min(...photos.originalBytes))} to ${kb(Math.max(...photos.originalBytes))}`);
  for (const l of loads)
    console.log(
      `${l.path}: ${kb(l.totalBytes)} transferred, images ${kb(imageBytes(l))} in ${l.images.length} files (${l.images.map((i) => `${i.path.split("/").at(-1)} ${kb(i.bytes)}`).join(", ")})`,
    );
  console.log(`Derivation of a ${kb(derivation.bytes)} 12 MP JPEG, completion to ready: ${(derivation.ms / 1000).toFixed(1)} s`);
  console.log(`Featured image of the post: ${featured.map((f) => `${f.path.slice(coverFolder.length)} (${f.type}) ${kb(f.bytes)}`).join(", ") || "not fetched"}`);
  const misses = [
    ...(blog.totalBytes > targets.blogBytes ? [`/blog transferred ${kb(blog.totalBytes)} (target ${kb(targets.blogBytes)})`] : []),
    ...(featured.length !== 1 || !/image\/(avif|webp)/.test(featured[0]!.type) || featured[0]!.bytes > targets.featuredBytes
      ? [`the featured image is ${featured.map((f) => `${f.type} ${kb(f.bytes)}`).join(", ") || "missing"} (target: one AVIF or WebP of at most ${kb(targets.featuredBytes)})`]
      : []),
    ...(derivation.ms > targets.derivationMs
      ? [`the derivation of a ${kb(derivation.bytes)} JPEG took ${(derivation.ms / 1000).toFixed(1)} s (target ${targets.derivationMs / 1000} s)`]
      : []),
  ];
  console.log(misses.length ? `Targets missed: ${misses.join("; ")}` : "Targets met");
  fs.writeFileSync(
    path.join(repoRoot, "bench", "photo-bytes-results.json"),
    JSON.stringify({ measuredAt: new Date().toISOString(), device: phone, originalBytes: photos.originalBytes, loads, featured, derivation, targetsMissed: misses }, null, 2) +
      "\n",
  );
  if (process.argv.includes("--check") && misses.length) process.exitCode = 1;
} finally {
  await browser.close();
  await runtime.stop();
}
