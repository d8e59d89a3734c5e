import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { permanentRedirects, previewCacheControl, previewPagePrefix } from "@agency/core/edge";
import { previewRobots } from "@agency/core/contract/page-head";
import { etagOf, matchesEtag } from "@agency/core/etag";
import { isAppAddress, NOT_FOUND_KEY, PREVIEW_PAGES_PREFIX, SHELL_KEY, viewerUri } from "@agency/core/public-pages";
import { previewPageHeaders, previewPageHtml } from "@agency/functions/render/preview-page";

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
type Entry = { mtime: number; raw: Buffer; br?: Buffer; gz?: Buffer; etag?: string };
const cache = new Map<string, Entry>();

async function load(path: string) {
  const s = await stat(path).catch(() => undefined);
  if (!s?.isFile()) return undefined;
  const hit = cache.get(path);
  if (hit && hit.mtime === s.mtimeMs) return hit;
  const entry: Entry = { mtime: s.mtimeMs, raw: await readFile(path) };
  cache.set(path, entry);
  return entry;
}

/** Rendered pages (packages/local/src/pages.ts) and how to find an earlier address of a post. */
export interface RenderedPages {
  root: string;
  /**
   * Where an address without a page has moved (a post's earlier slug), if it has: the answer of the
   * failover route CloudFront asks in AWS (GET /pages/{proxy+}, render/missing-page.ts) for the
   * page's file.
   */
  movedTo?: (pageFile: string) => Promise<string | undefined>;
}

/**
 * Files from the built SPA. A public address without a file is its rendered page, when one was
 * rendered (pages/<path>.html); an earlier address of a post answers 301 to its current one; any
 * other address the rendered not-found page with 404. The back office, sign-in and previews get the
 * SPA shell as rendered with the current settings (pages/_app-shell.html); they and every address
 * while no page is rendered (an old build without the server entry) get index.html until then.
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string, pathname: string, pages?: RenderedPages) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = "/";
  }
  const safe = normalize(decoded).replace(/^(\.\.(\/|\\|$))+/, "");
  const moved = permanentRedirects[safe.length > 1 ? safe.replace(/\/+$/, "") : safe];
  if (moved) {
    res.writeHead(301, { location: moved, "cache-control": "no-cache" });
    return res.end();
  }
  // Which file answers the address: the rule CloudFront's viewer function runs in AWS.
  const uri = viewerUri(safe);
  // A preview link's page: the shell headed with the link's post, as the API answers it in AWS.
  const preview = pages && uri.startsWith(`/${PREVIEW_PAGES_PREFIX}`) ? uri.slice(PREVIEW_PAGES_PREFIX.length + 1, -".html".length) : undefined;
  const template = preview ? await load(join(root, "index.html")) : undefined;
  if (preview && template) {
    const page = await previewPageHtml(template.raw.toString("utf8"), preview);
    res.writeHead(page.status, previewPageHeaders);
    return res.end(req.method === "HEAD" ? undefined : page.html);
  }
  let file = join(root, safe);
  if (!file.startsWith(root + sep) && file !== root) file = join(root, "index.html");
  let entry = safe.endsWith("/") ? undefined : await load(file);
  let isFallback = false;
  let status = 200;
  if (!entry) {
    // A missing asset is a 404; any other path is a page or a client-side route.
    if (safe.startsWith("/assets/") || extname(safe) !== "") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      return res.end("Not found");
    }
    const page = pages && !isAppAddress(safe) ? await renderedPage(pages, uri) : undefined;
    if (page?.kind === "moved") {
      res.writeHead(301, { location: page.location, "cache-control": "no-cache" });
      return res.end();
    }
    if (page) {
      file = page.file;
      entry = page.entry;
      status = page.status;
    } else {
      // The back office, sign-in and previews: the shell rendered with the current settings, once
      // the renderer has written it; the build's index.html until then.
      const shell = pages && isAppAddress(safe) ? join(pages.root, SHELL_KEY) : undefined;
      entry = shell ? await load(shell) : undefined;
      file = entry ? shell! : join(root, "index.html");
      entry ??= await load(file);
      isFallback = true;
    }
  }
  if (!entry) {
    res.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
    return res.end("The web app is not built. Run: npm run build:web");
  }
  const type = TYPES[extname(file)] ?? "application/octet-stream";
  const immutable = !isFallback && safe.startsWith("/assets/");
  // Pages and files revalidate on every visit (a 304 when unchanged), so a reader sees an edit as
  // soon as its page is rendered again; CloudFront does the same in AWS (infra/web.ts).
  entry.etag ??= etagOf(entry.raw);
  const headers: Record<string, string> = {
    "content-type": type,
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
    vary: "Accept-Encoding",
    etag: entry.etag,
  };
  // A private preview's page, as the site's CloudFront answers it (infra/web.ts): not kept, not indexed.
  if (isFallback && safe.startsWith(previewPagePrefix)) Object.assign(headers, { "cache-control": previewCacheControl, "x-robots-tag": previewRobots });
  if (status === 200 && matchesEtag(req.headers["if-none-match"], entry.etag)) {
    res.writeHead(304, headers);
    return res.end();
  }
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
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A public address's rendered page (`uri`: its file, viewerUri), else where it moved, else the not-found page. */
async function renderedPage(pages: RenderedPages, uri: string) {
  const file = join(pages.root, uri);
  const notFound = join(pages.root, NOT_FOUND_KEY);
  if (file.startsWith(join(pages.root, "pages") + sep) && file !== notFound) {
    const entry = await load(file);
    if (entry) return { kind: "page" as const, file, entry, status: 200 };
  }
  const location = await pages.movedTo?.(uri);
  if (location) return { kind: "moved" as const, location };
  const entry = await load(notFound);
  // Nothing rendered yet (the renderer is off): the SPA shell, as before pages were rendered.
  return entry ? { kind: "page" as const, file: notFound, entry, status: 404 } : undefined;
}
