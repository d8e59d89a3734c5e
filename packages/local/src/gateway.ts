import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from "aws-lambda";
import { config } from "@agency/core/config";
import { isLoopbackHost } from "@agency/core/loopback";
import { Media } from "@agency/core/media/media";
import { MEDIA_CACHE_CONTROL, readObject } from "@agency/core/media/storage";
import { handlerPath, routes, type RouteKey } from "@agency/core/routes";
import { mediaContentSecurityPolicy, securityHeaders } from "@agency/core/security-headers";
import { readCappedBody } from "./read-body";
import { serveStatic, type RenderedPages } from "./static";

type LambdaHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyResultV2>;

const MAX_BODY = 10 * 1024 * 1024; // API Gateway's own payload limit

interface CompiledRoute {
  key: RouteKey;
  method: string;
  regex: RegExp;
  names: string[];
  params: number;
}

/** Route keys as API Gateway matches them: exact segments beat `{param}` segments. */
const compiled: CompiledRoute[] = (Object.keys(routes) as RouteKey[])
  .map((key) => {
    const [method, path] = key.split(" ") as [string, string];
    const names: string[] = [];
    const pattern = path
      .split("/")
      .map((seg) => {
        const m = /^\{(\w+)(\+?)\}$/.exec(seg);
        if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(m[1]!);
        // `{name+}` takes the rest of the path, slashes included, as API Gateway's greedy parameter does.
        return m[2] ? "(.+)" : "([^/]+)";
      })
      .join("/");
    return { key, method, regex: new RegExp(`^${pattern}$`), names, params: names.length };
  })
  .sort((a, b) => a.params - b.params);

export function matchRoute(method: string, path: string) {
  for (const r of compiled) {
    if (r.method !== method) continue;
    const m = r.regex.exec(path);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    r.names.forEach((n, i) => {
      try {
        pathParameters[n] = decodeURIComponent(m[i + 1]!);
      } catch {
        pathParameters[n] = m[i + 1]!;
      }
    });
    return { key: r.key, pathParameters };
  }
  return undefined;
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

const textual = (contentType: string) => contentType === "" || /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript)|[^;]*\+(json|xml))/i.test(contentType);

/** Builds the API Gateway HTTP API payload 2.0 event for a request. */
export function toEvent(req: IncomingMessage, url: URL, route: { key: RouteKey; pathParameters: Record<string, string> }, body: Buffer): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === "cookie") {
      cookies = (Array.isArray(value) ? value.join("; ") : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(",") : value;
  }
  // A Map: parameter names are input, and "constructor" or "__proto__" must be plain names here.
  const query = new Map<string, string>();
  for (const [k, v] of url.searchParams) query.set(k, query.has(k) ? `${query.get(k)},${v}` : v);
  const contentType = headers["content-type"] ?? "";
  const base64 = body.length > 0 && !textual(contentType);
  const now = new Date();
  return {
    version: "2.0",
    routeKey: route.key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(query.size ? { queryStringParameters: Object.fromEntries(query) } : {}),
    ...(Object.keys(route.pathParameters).length ? { pathParameters: route.pathParameters } : {}),
    requestContext: {
      accountId: "local",
      apiId: "local",
      domainName: headers.host ?? "localhost",
      domainPrefix: "localhost",
      http: {
        method: req.method ?? "GET",
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, ""),
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: route.key,
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: base64 ? body.toString("base64") : body.toString("utf8") } : {}),
    isBase64Encoded: base64,
  };
}

/** Writes a Lambda result back the way API Gateway does (payload 2.0 rules). */
export function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2) {
  if (typeof result === "string" || result === null || typeof result !== "object" || !("statusCode" in result)) {
    // API Gateway infers a 200 JSON response from a result without statusCode.
    res.writeHead(200, { "content-type": "application/json" });
    res.end(typeof result === "string" ? result : JSON.stringify(result));
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (result.cookies?.length) headers["set-cookie"] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8") : Buffer.alloc(0);
  // A 304 has no body, and its headers update the browser's stored copy: no Content-Length of 0 there.
  if (result.statusCode !== 304) headers["content-length"] = String(body.length);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}

function jsonError(res: ServerResponse, status: number, message: string) {
  const body = JSON.stringify({ error: message });
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(body);
}

/**
 * Where to send a browser that opened the local site at another name of this machine than
 * PUBLIC_URL's (127.0.0.1 or [::1] instead of localhost, say): the same path and query on
 * PUBLIC_URL. Sign-in checks the request's Origin against PUBLIC_URL, and cookies belong to one host
 * name, so the site works at that one address only. Only between loopback names: behind a proxy that
 * rewrites Host, a redirect to a public PUBLIC_URL could loop.
 */
export function canonicalLocation(hostHeader: string | undefined, pathAndQuery: string): string | undefined {
  const canonical = new URL(config.publicUrl);
  let arrived: URL;
  try {
    arrived = new URL(`http://${hostHeader ?? ""}`);
  } catch {
    return undefined;
  }
  if (arrived.host === canonical.host || !isLoopbackHost(arrived.hostname) || !isLoopbackHost(canonical.hostname)) return undefined;
  return `${canonical.origin}${pathAndQuery.startsWith("/") ? pathAndQuery : "/"}`;
}

export interface GatewayOptions {
  /** The built SPA; omitted, only the API is served. */
  webRoot?: string;
  /** Where rendered public pages are (packages/local/src/pages.ts), once they are. */
  pagesRoot?: () => Promise<string | undefined>;
  /** Loads a feature's handler module (dynamic import by default). */
  loadHandler?: (feature: string) => Promise<LambdaHandler>;
  /** How long an idle keep-alive connection stays open (KEEP_ALIVE_MS; a test gives a shorter one). */
  keepAliveMs?: number;
}

/**
 * Node closes a connection idle for 5 s, which races a keep-alive client reusing it (ECONNRESET: a
 * browser journey did, after 5 s of typing): idle connections stay open for 65 s, past the 60 s that
 * CloudFront keeps one to its origin.
 */
export const KEEP_ALIVE_MS = 65_000;

const defaultLoader = async (feature: string) => {
  const mod = (await import(new URL(`../../../${handlerPath(feature as never)}`, import.meta.url).href)) as {
    handler: LambdaHandler;
  };
  return mod.handler;
};

/**
 * The headers CloudFront's response headers policy adds in a deployment (packages/core/src/security-headers.ts)
 * to every response, files, API answers and errors alike, so the local site behaves, and is
 * measured, like the deployed one. Over plain http, HSTS means nothing and upgrade-insecure-requests
 * would break the page, so those two stay out.
 */
const { "strict-transport-security": _hsts, ...rest } = securityHeaders;
const SECURITY_HEADERS: Record<string, string> = {
  ...rest,
  "content-security-policy": rest["content-security-policy"]!.split("; ")
    .filter((d) => d !== "upgrade-insecure-requests")
    .join("; "),
};

/**
 * The policy with the media bucket's origin allowed for connections: the back office posts uploads
 * straight to it (locally s3rver on another port, so another origin).
 */
function responseSecurityHeaders(): Record<string, string> {
  const endpoint = config.s3Endpoint;
  if (!endpoint) return SECURITY_HEADERS;
  const csp = SECURITY_HEADERS["content-security-policy"]!.replace(/(^|; )connect-src ([^;]*)/, `$1connect-src $2 ${new URL(endpoint).origin}`);
  return { ...SECURITY_HEADERS, "content-security-policy": csp };
}

/**
 * `/media/...`: what CloudFront serves from the bucket's `media/` in a deployment, served here from
 * the local S3, and only for a completed image: the media record named by the id in the path must be
 * complete with exactly this key, or ready with this derived file (Media.servedAt), checked on the path exactly as the client sent it
 * (before any normalisation), so `..`, encoded slashes, an upload never completed and an object
 * someone else put in the bucket are all 404. The Content-Type is the record's, the type completing
 * verified, never the object's stored header; with nosniff and the media CSP (a sandboxed document
 * that loads nothing), as CloudFront's media behaviour answers (infra/web.ts).
 */
async function serveMedia(req: IncomingMessage, res: ServerResponse, method: string, rawPath: string) {
  if (method !== "GET" && method !== "HEAD") {
    res.writeHead(405, { allow: "GET, HEAD", "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    return res.end(JSON.stringify({ error: "Method not allowed" }));
  }
  const item = await Media.servedAt(rawPath);
  const object = item ? await readObject(item.key) : undefined;
  if (!item || !object?.body) return jsonError(res, 404, "Not found");
  const body = object.body as Readable; // the SDK's Node body: a readable stream
  res.writeHead(200, {
    "content-type": item.content_type,
    ...(object.contentLength !== undefined ? { "content-length": String(object.contentLength) } : {}),
    "cache-control": MEDIA_CACHE_CONTROL,
    "x-content-type-options": "nosniff",
    "content-security-policy": mediaContentSecurityPolicy,
  });
  if (method === "HEAD" || req.destroyed) {
    body.destroy();
    return res.end();
  }
  // A browser that stops loading an image mid-way is no error worth a log line.
  await pipeline(body, res).catch(() => res.destroy());
}

/**
 * A post's earlier address: `/blog/{old}` answers 301 to the post's current page, as its API read
 * does (the blog handler's 301 with `{ redirect }`), so a shared old link keeps working.
 */
/**
 * Where a public address without a page has moved: what CloudFront's failover route answers for the
 * page's file in AWS (GET /pages/{proxy+}, render/missing-page.ts: 301 for a post's earlier slug).
 */
async function movedPage(pageFile: string, handlerOf: (key: RouteKey) => Promise<LambdaHandler>, req: IncomingMessage) {
  const url = new URL(pageFile, "http://localhost");
  const route = matchRoute("GET", url.pathname);
  if (!route) return undefined;
  const result = await (await handlerOf(route.key))({ ...toEvent(req, url, route, Buffer.alloc(0)), headers: {}, cookies: undefined });
  if (typeof result !== "object" || result === null || !("statusCode" in result) || result.statusCode !== 301) return undefined;
  const location = result.headers?.location;
  return typeof location === "string" && location ? location : undefined;
}

/** The local stand-in for CloudFront + API Gateway: routes from the one route table, SPA for the rest. */
export function createGateway(options: GatewayOptions = {}) {
  const load = options.loadHandler ?? defaultLoader;
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const handlerFor = (feature: string) => {
    let h = handlers.get(feature);
    if (!h) handlers.set(feature, (h = load(feature)));
    return h;
  };

  const server = createServer(async (req, res) => {
    for (const [name, value] of Object.entries(responseSecurityHeaders())) res.setHeader(name, value);
    try {
      const url = new URL(req.url ?? "/", "http://localhost");
      const method = (req.method ?? "GET").toUpperCase();
      const rawPath = (req.url ?? "/").split("?")[0]!;
      if (rawPath.startsWith("/media/") || url.pathname.startsWith("/media/")) return await serveMedia(req, res, method, rawPath);
      const route = matchRoute(method === "HEAD" ? "GET" : method, url.pathname);
      if (route) {
        const body = await readCappedBody(req, MAX_BODY);
        if (body === undefined) return jsonError(res, 413, "Request body is too large");
        const handler = await handlerFor(routes[route.key].feature);
        const result = await handler(toEvent(req, url, route, body));
        return writeResult(res, result);
      }
      if (isApiPath(url.pathname)) return jsonError(res, 404, "Not found");
      if (options.webRoot && (method === "GET" || method === "HEAD")) {
        const location = canonicalLocation(req.headers.host, req.url ?? "/");
        if (location) {
          res.writeHead(307, { location, "cache-control": "no-store" });
          return res.end();
        }
        const pagesRoot = await options.pagesRoot?.();
        const pages: RenderedPages | undefined = pagesRoot ? { root: pagesRoot, movedTo: (file) => movedPage(file, (key) => handlerFor(routes[key].feature), req) } : undefined;
        return await serveStatic(req, res, options.webRoot, url.pathname, pages);
      }
      return jsonError(res, 404, "Not found");
    } catch (err) {
      console.error(err);
      if (!res.headersSent) jsonError(res, 502, "Bad gateway");
      else res.end();
    }
  });
  server.keepAliveTimeout = options.keepAliveMs ?? KEEP_ALIVE_MS;
  // Node requires the headers' limit to exceed keep-alive's, or a reused connection can be cut mid-request.
  server.headersTimeout = server.keepAliveTimeout + 1_000;
  return server;
}
