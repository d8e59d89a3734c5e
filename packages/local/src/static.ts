import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { previewCacheControl, previewPagePrefix, previewRobots } from "@agency/core/edge";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

const compressible = (type: string) => /^(text\/|application\/(json|javascript|manifest)|image\/svg)/.test(type);
const cache = new Map<string, { mtime: number; raw: Buffer; br?: Buffer; gz?: Buffer }>();

async function load(path: string) {
  const s = await stat(path).catch(() => undefined);
  if (!s?.isFile()) return undefined;
  const hit = cache.get(path);
  if (hit && hit.mtime === s.mtimeMs) return hit;
  const entry = { mtime: s.mtimeMs, raw: await readFile(path) } as { mtime: number; raw: Buffer; br?: Buffer; gz?: Buffer };
  cache.set(path, entry);
  return entry;
}

/** Files from the built SPA; paths without a file get index.html (client-side routes). */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, pathname: string) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = "/";
  }
  const safe = normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, "");
  let file = join(root, safe);
  if (!file.startsWith(root + sep) && file !== root) file = join(root, "index.html");
  let entry = safe.endsWith("/") ? undefined : await load(file);
  let isFallback = false;
  if (!entry) {
    // A missing asset is a 404; any other path is a client-side route.
    if (safe.startsWith("/assets/") || extname(safe) !== "") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      return res.end("Not found");
    }
    file = join(root, "index.html");
    entry = await load(file);
    isFallback = true;
  }
  if (!entry) {
    res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
    return res.end("The web app is not built. Run: npm run build:web");
  }
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  const immutable = !isFallback && safe.startsWith("/assets/");
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    vary: "Accept-Encoding",
  };
  // A private preview's page, as the site's CloudFront answers it (infra/web.ts): not kept, not indexed.
  if (isFallback && safe.startsWith(previewPagePrefix)) Object.assign(headers, { "cache-control": previewCacheControl, "x-robots-tag": previewRobots });
  let body = entry.raw;
  const accept = String(req.headers["accept-encoding"] ?? "");
  if (compressible(type) && body.length > 512) {
    if (/\bbr\b/.test(accept)) {
      entry.br ??= brotliCompressSync(entry.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      body = entry.br;
      headers["content-encoding"] = "br";
    } else if (/\bgzip\b/.test(accept)) {
      entry.gz ??= gzipSync(entry.raw, { level: 9 });
      body = entry.gz;
      headers["content-encoding"] = "gzip";
    }
  }
  headers["content-length"] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
