import { mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { type AddressInfo, createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from "aws-lambda";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGateway, KEEP_ALIVE_MS, matchRoute } from "./gateway";

describe("route matching", () => {
  it("prefers a literal segment over a path parameter", () => {
    expect(matchRoute("PUT", "/api/admin/contact-submissions/mark-all-read")?.key).toBe("PUT /api/admin/contact-submissions/mark-all-read");
    expect(matchRoute("PUT", "/api/admin/contact-submissions/abc/status")).toEqual({
      key: "PUT /api/admin/contact-submissions/{id}/status",
      pathParameters: { id: "abc" },
    });
  });

  it("decodes path parameters and matches the method", () => {
    expect(matchRoute("GET", "/api/blog-posts/hello%20world")?.pathParameters).toEqual({ slug: "hello world" });
    expect(matchRoute("POST", "/api/blog-posts/x")).toBeUndefined();
  });

  it("gives a greedy {name+} parameter the rest of the path, slashes included, as API Gateway does", () => {
    expect(matchRoute("GET", "/pages/blog/a-post.html")).toEqual({ key: "GET /pages/{proxy+}", pathParameters: { proxy: "blog/a-post.html" } });
    expect(matchRoute("GET", "/pages/")).toBeUndefined();
  });
});

describe("the local gateway", () => {
  let seen: APIGatewayProxyEventV2 | undefined;
  let base = "";
  const server = createGateway({
    loadHandler:
      async () =>
      async (event): Promise<APIGatewayProxyResultV2> => {
        seen = event;
        if (event.rawPath === "/api/blog-posts/binary") {
          return { statusCode: 200, headers: { "content-type": "application/octet-stream" }, body: Buffer.from([0, 1, 2, 255]).toString("base64"), isBase64Encoded: true };
        }
        return {
          statusCode: 207,
          headers: { "content-type": "application/json", "x-test": "yes" },
          cookies: ["a=1; Path=/; HttpOnly", "b=2; Path=/"],
          body: JSON.stringify({ ok: true }),
        };
      },
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("invokes the handler with an API Gateway payload 2.0 event", async () => {
    await fetch(`${base}/api/admin/contact-submissions/id%2F1/status?x=1&x=2&y=z`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie: "session=abc; other=def", "x-forwarded-for": "6.6.6.6" },
      body: JSON.stringify({ is_read: true }),
    });
    expect(seen).toMatchObject({
      version: "2.0",
      routeKey: "PUT /api/admin/contact-submissions/{id}/status",
      rawPath: "/api/admin/contact-submissions/id%2F1/status",
      rawQueryString: "x=1&x=2&y=z",
      cookies: ["session=abc", "other=def"],
      pathParameters: { id: "id/1" },
      queryStringParameters: { x: "1,2", y: "z" },
      body: '{"is_read":true}',
      isBase64Encoded: false,
      requestContext: { http: { method: "PUT", sourceIp: "127.0.0.1" }, routeKey: "PUT /api/admin/contact-submissions/{id}/status", stage: "$default" },
    });
    expect(seen!.headers.cookie).toBeUndefined();
    expect(seen!.headers["content-type"]).toBe("application/json");
  });

  it("passes query parameters named like Object.prototype members as plain parameters", async () => {
    await fetch(`${base}/api/services?constructor=a&toString=b&toString=c&__proto__=d`);
    const query = seen!.queryStringParameters!;
    expect(Object.keys(query).sort()).toEqual(["__proto__", "constructor", "toString"]);
    expect([query.constructor, query.toString, Object.getOwnPropertyDescriptor(query, "__proto__")?.value]).toEqual(["a", "b,c", "d"]);
  });

  it("base64-encodes binary request bodies", async () => {
    await fetch(`${base}/api/contact`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body: new Uint8Array([1, 2, 3]) });
    expect(seen).toMatchObject({ isBase64Encoded: true, body: Buffer.from([1, 2, 3]).toString("base64") });
  });

  it("writes status, headers and every Set-Cookie back", async () => {
    const res = await fetch(`${base}/api/services`);
    expect(res.status).toBe(207);
    expect(res.headers.get("x-test")).toBe("yes");
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/"]);
  });

  it("decodes base64 response bodies", async () => {
    const res = await fetch(`${base}/api/blog-posts/binary`);
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await fetch(`${base}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});

describe("the local gateway's 404s", () => {
  const webRoot = mkdtempSync(join(tmpdir(), "gateway-web-"));
  writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>app</title>");
  const servers = [createGateway({ webRoot }), createGateway()];
  const bases: string[] = [];
  beforeAll(async () => {
    for (const s of servers) {
      await new Promise<void>((r) => s.listen(0, "127.0.0.1", () => r()));
      bases.push(`http://127.0.0.1:${(s.address() as AddressInfo).port}`);
    }
  });
  const saved = process.env.PUBLIC_URL;
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    process.env.PUBLIC_URL = saved;
    if (saved === undefined) delete process.env.PUBLIC_URL;
  });

  it("carry nosniff and the site's other security headers, for unknown files and unknown API paths alike", async () => {
    const [withWeb, apiOnly] = bases as [string, string];
    const requests: Array<[string, string, RequestInit?]> = [
      [withWeb, "/missing.js"],
      [withWeb, "/assets/missing-abc123.css"],
      [withWeb, "/missing.txt", { method: "POST" }],
      [withWeb, "/api/nothing-here"],
      [apiOnly, "/missing.js"],
      [apiOnly, "/api/nothing-here", { method: "DELETE" }],
    ];
    for (const [base, path, init] of requests) {
      process.env.PUBLIC_URL = base; // the site's own address: no redirect to another loopback name
      const res = await fetch(`${base}${path}`, init);
      const what = `${init?.method ?? "GET"} ${path}${base === apiOnly ? " (no web root)" : ""}`;
      expect(res.status, what).toBe(404);
      expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), what).toBe("DENY");
      expect(res.headers.get("content-security-policy"), what).toContain("default-src 'self'");
    }
  });
});

describe("the local gateway's preview page", () => {
  const webRoot = mkdtempSync(join(tmpdir(), "gateway-web-"));
  writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>app</title>");
  const server = createGateway({ webRoot });
  let base = "";
  const saved = process.env.PUBLIC_URL;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.PUBLIC_URL = base;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
    process.env.PUBLIC_URL = saved;
    if (saved === undefined) delete process.env.PUBLIC_URL;
  });

  it("answers /preview/<token> with the SPA shell, noindex and kept by no cache; other pages stay indexable", async () => {
    const preview = await fetch(`${base}/preview/cG9zdA~0~1790000000~c2lnbmF0dXJl`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("<title>app</title>");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    const page = await fetch(`${base}/blog/some-post`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBeNull();
    expect(page.headers.get("cache-control")).toBe("no-cache");
  });
});

describe("a browser at another loopback name than PUBLIC_URL's", () => {
  const webRoot = mkdtempSync(join(tmpdir(), "gateway-web-"));
  writeFileSync(join(webRoot, "index.html"), "<!doctype html><title>app</title>");
  const server = createGateway({ webRoot, loadHandler: async () => async () => ({ statusCode: 200, body: "{}" }) });
  let port = 0;
  const saved = process.env.PUBLIC_URL;
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => {
    process.env.PUBLIC_URL = saved;
    if (saved === undefined) delete process.env.PUBLIC_URL;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** A request with the Host header a browser sends for `host`. */
  const send = (method: string, path: string, host: string) =>
    new Promise<{ status: number; location?: string }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, method, path, headers: { host } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      });
      req.on("error", reject);
      req.end();
    });

  it("is sent to the same path and query on PUBLIC_URL, before any page loads", async () => {
    process.env.PUBLIC_URL = `http://localhost:${port}`;
    for (const host of [`127.0.0.1:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`]) {
      expect(await send("GET", "/admin/login?next=%2Fadmin", host), host).toEqual({ status: 307, location: `http://localhost:${port}/admin/login?next=%2Fadmin` });
    }
    expect(await send("HEAD", "/", `127.0.0.1:${port}`)).toEqual({ status: 307, location: `http://localhost:${port}/` });
    process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
    expect(await send("GET", "/blog", `localhost:${port}`)).toEqual({ status: 307, location: `http://127.0.0.1:${port}/blog` });
  });

  it("is not redirected at PUBLIC_URL's own host, on API paths, for writes, or when PUBLIC_URL is not loopback", async () => {
    process.env.PUBLIC_URL = `http://localhost:${port}`;
    expect((await send("GET", "/admin/login", `localhost:${port}`)).status).toBe(200);
    expect((await send("GET", "/api/services", `127.0.0.1:${port}`)).status).toBe(200);
    expect((await send("POST", "/admin/login", `127.0.0.1:${port}`)).status).toBe(404);
    expect((await send("GET", "/", "192.0.2.2:3000")).status).toBe(200);
    process.env.PUBLIC_URL = "https://example.com";
    expect((await send("GET", "/", `localhost:${port}`)).status).toBe(200);
  });
});

describe("the local gateway's idle connections", () => {
  const ok = async (): Promise<APIGatewayProxyResultV2> => ({ statusCode: 200, body: "{}" });
  const request = "GET /api/services HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";

  /** Sends a request, idles `idleMs`, then tries to reuse the connection: was the second answered? */
  async function reusedAfter(keepAliveMs: number, idleMs: number) {
    const server = createGateway({ loadHandler: async () => ok, keepAliveMs });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const socket = createConnection({ host: "127.0.0.1", port: (server.address() as AddressInfo).port });
    let received = "";
    let closed = false;
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
    socket.on("close", () => (closed = true));
    socket.on("error", () => (closed = true));
    const answers = () => received.split("HTTP/1.1 200 OK\r\n").length - 1;
    const until = async (check: () => boolean) => {
      for (let waited = 0; !check() && waited < 5_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    };
    try {
      await new Promise<void>((r) => socket.once("connect", () => r()));
      socket.write(request);
      await until(() => answers() === 1);
      await new Promise((r) => setTimeout(r, idleMs));
      if (!closed) socket.write(request);
      await until(() => answers() === 2 || closed);
      return { reused: answers() === 2, closedWhileIdle: closed && answers() === 1 };
    } finally {
      socket.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }

  it("keeps an idle connection open past Node's 5 s default and CloudFront's 60 s, so a client reusing it is answered", async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const server = createGateway();
    expect([server.keepAliveTimeout, server.headersTimeout]).toEqual([KEEP_ALIVE_MS, KEEP_ALIVE_MS + 1_000]);
    // The same server with the limit shortened to 2 s: idle for less, the connection is reused.
    expect(await reusedAfter(2_000, 100)).toEqual({ reused: true, closedWhileIdle: false });
  });

  it("closes a connection idle past its limit (the limit is what keeps it open)", async () => {
    expect(await reusedAfter(100, 2_000)).toEqual({ reused: false, closedWhileIdle: true });
  });
});
