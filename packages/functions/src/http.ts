import { timingSafeEqual } from "node:crypto";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { config } from "@agency/core/config";
import { fieldErrors } from "@agency/core/contract/common";
import * as z from "@agency/core/contract/zod";
import { originVerifyHeader, viewerIpHeader } from "@agency/core/edge";
import { HttpError } from "@agency/core/errors";
import { etagOf, matchesEtag } from "@agency/core/etag";
import { routes, type RouteKey } from "@agency/core/routes";
import type { AuditNote, Request } from "./request";

/**
 * The one http wrapper. Every handler is `http({ "<routeKey>": fn })`. It owns:
 * - the guard: the route table's access field decides, deny by default;
 * - request parsing (JSON only, size-capped, validated by zod);
 * - the response shape: JSON with charset, cache headers, and errors mapped to statuses
 *   (a zod error 400 with fields, HttpError its status, anything else 500 with a request id only).
 */

/**
 * Public reads: browsers revalidate on every use (`max-age=0, must-revalidate`; the ETag makes that
 * a 304 while nothing changed), so a visitor who just read a post sees it gone after Unpublish;
 * CloudFront keeps its copy for `s-maxage` (which overrides max-age for shared caches), until the
 * invalidation every admin save sends. Not `no-cache`: that would make CloudFront revalidate with
 * the API on every request too.
 */
export const PUBLIC_CACHE = "public, max-age=0, must-revalidate, s-maxage=300";
const DEFAULT_MAX_BODY = 16 * 1024;
const MAX_PATH_PARAM_BYTES = 512;

/** What the audit hook reads back from a request. */
const auditState = new WeakMap<Request, { note?: AuditNote; bodyFields?: string[] }>();

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    readonly cookies: string[] = [],
  ) {}
}

export const reply = {
  json: (body: unknown, status = 200, extra: { headers?: Record<string, string>; cookies?: string[] } = {}) => new Reply(status, body, extra.headers, extra.cookies),
  created: (body: unknown) => new Reply(201, body),
  noContent: (extra: { cookies?: string[] } = {}) => new Reply(204, undefined, {}, extra.cookies),
  /** A non-JSON body (feeds). */
  text: (body: string, contentType: string) => new Reply(200, body, { "content-type": contentType }),
  redirect: (location: string, cookies: string[] = []) => new Reply(302, undefined, { location }, cookies),
  /** A moved resource (a blog post's earlier slug): 301 with a JSON body; cacheable like its route's 200s. */
  moved: (location: string, body: unknown) => new Reply(301, body, { location }),
};

export type RouteHandler = (req: Request) => Promise<unknown>;
export type FeatureHandler = ((event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>) & {
  readonly routeKeys: readonly RouteKey[];
};

function parseCookies(event: APIGatewayProxyEventV2): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of event.cookies ?? []) {
    const i = c.indexOf("=");
    if (i <= 0) continue;
    const name = c.slice(0, i).trim();
    if (Object.hasOwn(out, name)) continue; // the first (most specific) wins, as browsers send them
    try {
      out[name] = decodeURIComponent(c.slice(i + 1).trim());
    } catch {
      out[name] = c.slice(i + 1).trim();
    }
  }
  return out;
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The visitor's address: API Gateway's source IP, except behind the site's CloudFront, whose edge
 * address that is; there the address CloudFront recorded counts, and only when the request proves it
 * came through CloudFront (infra/web.ts). Never the body or X-Forwarded-For.
 */
function clientIp(event: APIGatewayProxyEventV2, headers: Record<string, string>): string {
  // One token, or two while it is rotated (infra/preflight.ts originVerifyTokens).
  const tokens = (config.originVerifyToken ?? "").split(",").filter(Boolean);
  const viewer = headers[viewerIpHeader];
  const sent = headers[originVerifyHeader] ?? "";
  if (viewer && tokens.some((token) => sameSecret(sent, token))) return viewer;
  return event.requestContext?.http?.sourceIp ?? "unknown";
}

function rawBody(event: APIGatewayProxyEventV2): string {
  if (!event.body) return "";
  return event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
}

function makeRequest(event: APIGatewayProxyEventV2, routeKey: RouteKey): Request {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
  const audit: { note?: AuditNote; bodyFields?: string[] } = {};
  const req: Request = {
    event,
    routeKey,
    params: Object.fromEntries(Object.entries(event.pathParameters ?? {}).map(([k, v]) => [k, v ?? ""])),
    query: Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).map(([k, v]) => [k, v ?? ""])),
    headers,
    cookies: parseCookies(event),
    ip: clientIp(event, headers),
    requestId: event.requestContext?.requestId ?? crypto.randomUUID(),
    body(schema, options = {}) {
      const type = (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/json") throw new HttpError(415, "Content-Type must be application/json");
      const text = rawBody(event);
      if (Buffer.byteLength(text, "utf8") > (options.maxBytes ?? DEFAULT_MAX_BODY)) {
        throw new HttpError(413, `Request body is larger than ${Math.round((options.maxBytes ?? DEFAULT_MAX_BODY) / 1024)} KB`);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new HttpError(400, "Request body is not valid JSON", { fields: { body: "Request body is not valid JSON" } });
      }
      const parsed = schema.parse(json);
      // The fields a save sent (the editors send only what changed): the entry's changed_fields.
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) audit.bodyFields = Object.keys(parsed);
      return parsed;
    },
    audit(note) {
      audit.note = { ...audit.note, ...note };
    },
  };
  auditState.set(req, audit);
  return req;
}

function toResult(r: Reply, cacheable: boolean, ifNoneMatch?: string): APIGatewayProxyStructuredResultV2 {
  const isText = typeof r.body === "string" && r.headers["content-type"] !== undefined;
  const cached = cacheable && ((r.status >= 200 && r.status < 300) || r.status === 301);
  const body = r.body === undefined ? "" : isText ? (r.body as string) : JSON.stringify(r.body);
  // A public read carries the ETag of its body and its own headers (a page's X-Next-Cursor: a 304
  // keeps the cached copy's headers); a browser's revalidation that names it gets a 304.
  const etag = cached && r.status === 200 ? etagOf(body, JSON.stringify(Object.entries(r.headers).sort())) : undefined;
  const headers: Record<string, string> = {
    "cache-control": cached ? PUBLIC_CACHE : "no-store",
    "x-content-type-options": "nosniff",
    ...(r.body === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
    ...r.headers,
    ...(etag ? { etag } : {}),
  };
  if (etag && matchesEtag(ifNoneMatch, etag)) {
    return { statusCode: 304, headers: { "cache-control": headers["cache-control"]!, etag, "x-content-type-options": "nosniff" }, body: "" };
  }
  return {
    statusCode: r.status,
    headers,
    ...(r.cookies.length ? { cookies: r.cookies } : {}),
    body,
  };
}

function errorReply(err: unknown, requestId: string): Reply {
  if (err instanceof z.$ZodError) {
    return new Reply(400, { error: "Validation failed", fields: fieldErrors(err), requestId });
  }
  if (err instanceof HttpError) {
    return new Reply(err.status, { error: err.message, ...err.extra, requestId }, err.headers);
  }
  console.error(JSON.stringify({ level: "error", requestId, message: (err as Error)?.message, stack: (err as Error)?.stack }));
  return new Reply(500, { error: "Internal server error", requestId });
}

/** The revisions of a save (./revisions.ts), then the audit log entry of an admin action (./audit.ts); never throws. */
const audited = async (req: Request, access: string, r: Reply) => {
  const state = auditState.get(req);
  // Only an admin write, or a request that named its action (a sign-in), is recorded: the others
  // never load the audit and revision code.
  if (!state?.note?.action && !(access === "admin" && !req.routeKey.startsWith("GET "))) return;
  const [{ recordRevisions }, { recordAudit }] = await Promise.all([import("./revisions"), import("./audit")]);
  await recordRevisions(req, access, state?.note, state?.bodyFields, r);
  await recordAudit(req, access, state?.note, state?.bodyFields, r);
};

export function http(handlers: Partial<Record<RouteKey, RouteHandler>>): FeatureHandler {
  const fn = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const routeKey = event.routeKey as RouteKey;
    const spec = routes[routeKey];
    const req = makeRequest(event, routeKey);
    const route = handlers[routeKey];
    // No id, slug or key of ours is anywhere near this long; DynamoDB would refuse it as a key.
    const oversized = Object.values(req.params).some((v) => Buffer.byteLength(v, "utf8") > MAX_PATH_PARAM_BYTES);
    if (!spec || !route || oversized) return toResult(new Reply(404, { error: "Not found", requestId: req.requestId }), false);
    try {
      // A public read needs neither check: the cross-site check loads with the first write, the
      // guard (sessions, accounts, roles) with the first admin route.
      if (!req.routeKey.startsWith("GET ")) await (await import("./auth/csrf")).checkCsrf(req);
      if (spec.access === "admin") req.session = await (await import("./auth/guard")).authorize(req, spec.permission);
      const out = await route(req);
      const r = out instanceof Reply ? out : new Reply(200, out);
      await audited(req, spec.access, r);
      return toResult(r, "cache" in spec && spec.cache === true, req.headers["if-none-match"]);
    } catch (err) {
      const r = errorReply(err, req.requestId);
      await audited(req, spec.access, r);
      return toResult(r, false);
    }
  };
  return Object.assign(fn, { routeKeys: Object.keys(handlers) as RouteKey[] });
}
