import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import * as z from "@agency/core/contract/zod";
import { NotFoundError } from "@agency/core/errors";
import { http, reply } from "./http";

const event = (routeKey: string, over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: "2.0",
    routeKey,
    rawPath: "/",
    rawQueryString: "",
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: "req-1", http: { method: "GET", path: "/", sourceIp: "1.2.3.4" } },
    ...over,
  }) as APIGatewayProxyEventV2;

describe("the http wrapper", () => {
  const handler = http({
    "GET /api/services": async () => [{ id: "1" }],
    "GET /api/blog-posts/{slug}": async () => {
      throw new NotFoundError("Blog post not found");
    },
    "POST /api/contact": async (req) => reply.created(req.body(z.object({ name: z.string().check(z.minLength(1, "Name is required")) }))),
    "GET /api/industries": async () => {
      throw new Error("secret internals at /var/task/x.ts:1");
    },
  });

  it("sends JSON with charset and public caching for cacheable routes", async () => {
    const res = await handler(event("GET /api/services"));
    expect(res).toMatchObject({ statusCode: 200, body: '[{"id":"1"}]' });
    expect(res.headers).toMatchObject({
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=0, must-revalidate, s-maxage=300",
    });
  });

  it("caches a permanent redirect of a cacheable route like its 200s, with its Location and JSON body", async () => {
    const moved = http({ "GET /api/blog-posts/{slug}": async () => reply.moved("/api/blog-posts/new", { redirect: "new" }) });
    const res = await moved(event("GET /api/blog-posts/{slug}"));
    expect(res.statusCode).toBe(301);
    expect(JSON.parse(res.body!)).toEqual({ redirect: "new" });
    expect(res.headers).toMatchObject({ location: "/api/blog-posts/new", "cache-control": "public, max-age=0, must-revalidate, s-maxage=300" });
  });

  it("tags a public read with an ETag of its body and answers 304, no body, to a request naming it", async () => {
    const first = await handler(event("GET /api/services"));
    const etag = first.headers!.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await handler(event("GET /api/services", { headers: { "if-none-match": `W/${etag}` } }));
    expect(again).toMatchObject({ statusCode: 304, body: "" });
    expect(again.headers).toEqual({ etag, "cache-control": "public, max-age=0, must-revalidate, s-maxage=300", "x-content-type-options": "nosniff" });
    expect((await handler(event("GET /api/services", { headers: { "if-none-match": '"x"' } }))).statusCode).toBe(200);
  });

  it("gives a page the same body but another next-page cursor a different ETag, so a revalidation is not a 304", async () => {
    let next: string | undefined = "c1";
    const paged = http({ "GET /api/blog-posts": async () => reply.json([{ id: "1" }], 200, next ? { headers: { "x-next-cursor": next } } : {}) });
    const withNext = (await paged(event("GET /api/blog-posts"))).headers!.etag as string;
    next = undefined;
    const last = await paged(event("GET /api/blog-posts", { headers: { "if-none-match": withNext } }));
    expect(last.statusCode).toBe(200);
    expect(last.headers!["x-next-cursor"]).toBeUndefined();
    expect(last.headers!.etag).not.toBe(withNext);
  });

  it("maps domain errors to their status without caching them", async () => {
    const res = await handler(event("GET /api/blog-posts/{slug}"));
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body!)).toEqual({ error: "Blog post not found", requestId: "req-1" });
    expect(res.headers!["cache-control"]).toBe("no-store");
  });

  it("turns validation failures into 400 with the fields at fault", async () => {
    const res = await handler(event("POST /api/contact", { body: '{"name":""}', headers: { "content-type": "application/json" } }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).fields).toEqual({ name: "Name is required" });
  });

  it("reads base64 bodies", async () => {
    const body = Buffer.from('{"name":"Ada"}').toString("base64");
    const res = await handler(event("POST /api/contact", { body, isBase64Encoded: true, headers: { "content-type": "application/json; charset=utf-8" } }));
    expect(res.statusCode).toBe(201);
  });

  it("hides unexpected errors behind a 500 with only a request id", async () => {
    const original = console.error;
    console.error = () => {};
    const res = await handler(event("GET /api/industries")).finally(() => (console.error = original));
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body!)).toEqual({ error: "Internal server error", requestId: "req-1" });
  });

  it("answers 404 for a route this feature does not serve", async () => {
    expect((await handler(event("GET /api/courses"))).statusCode).toBe(404);
  });

  it("denies admin routes without a session", async () => {
    const admin = http({ "GET /api/admin/users": async () => [] });
    expect((await admin(event("GET /api/admin/users"))).statusCode).toBe(401);
  });

  it("keys the caller on the source IP, trusting CloudFront's viewer address only with the origin token", async () => {
    const seen: string[] = [];
    const probe = http({ "GET /api/services": async (req) => seen.push(req.ip) });
    process.env.ORIGIN_VERIFY_TOKEN = "s3cret-token";
    try {
      await probe(event("GET /api/services", { headers: { "x-forwarded-for": "9.9.9.9", "x-viewer-ip": "7.7.7.7" } }));
      await probe(event("GET /api/services", { headers: { "x-viewer-ip": "7.7.7.7", "x-origin-verify": "wrong-token!" } }));
      await probe(event("GET /api/services", { headers: { "x-viewer-ip": "7.7.7.7", "x-origin-verify": "s3cret-token" } }));
    } finally {
      delete process.env.ORIGIN_VERIFY_TOKEN;
    }
    expect(seen).toEqual(["1.2.3.4", "1.2.3.4", "7.7.7.7"]);
  });

  it("trusts either token while the origin token is rotated (two, comma-separated), and never a part or the pair", async () => {
    const seen: string[] = [];
    const probe = http({ "GET /api/services": async (req) => seen.push(req.ip) });
    process.env.ORIGIN_VERIFY_TOKEN = "old-token-old-token,new-token-new-token";
    try {
      for (const sent of ["old-token-old-token", "new-token-new-token", "old-token-old-token,new-token-new-token", "old-token", ""]) {
        await probe(event("GET /api/services", { headers: { "x-viewer-ip": "7.7.7.7", "x-origin-verify": sent } }));
      }
    } finally {
      delete process.env.ORIGIN_VERIFY_TOKEN;
    }
    expect(seen).toEqual(["7.7.7.7", "7.7.7.7", "1.2.3.4", "1.2.3.4", "1.2.3.4"]);
  });

  it("reads cookies named like Object.prototype members as plain cookies, the first of a name winning", async () => {
    let cookies: Record<string, string> = {};
    const probe = http({ "GET /api/services": async (req) => (cookies = req.cookies) });
    await probe(event("GET /api/services", { cookies: ["toString=a", "constructor=b", "hasOwnProperty=c", "toString=d"] }));
    expect({ ...cookies }).toEqual({ toString: "a", constructor: "b", hasOwnProperty: "c" });
  });
});
