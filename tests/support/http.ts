import { randomInt } from "node:crypto";
import { request } from "node:http";
import { inject } from "vitest";

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

/**
 * Where this module's addresses start: a random point of 127.0.0.0/8's 16.7 million. The module is
 * loaded afresh for every test file, and files run one after another in a worker and side by side in
 * several, all against one runtime whose rate-limit windows outlive a file: a fixed start (or one
 * from the worker's pid) handed a later file the addresses an earlier one had used up (a throttle
 * test saw 429 at its 14th attempt of 20). Two files' runs of addresses now meet with a chance of
 * about one in a hundred thousand.
 */
let nextIp = randomInt(0, 1 << 24);
/**
 * A distinct loopback source address (127.x.y.z). The server keys rate limits on the source IP it
 * sees, so a test that needs its own window sends from its own address, as a different visitor would.
 */
export function freshIp(): string {
  // Not 127.0.0.1 (the runtime's own and the journeys' address), nor a .0, .1 or .255 final byte.
  while ((nextIp & 0xff) < 2 || (nextIp & 0xff) === 255) nextIp++;
  const n = nextIp++ % (1 << 24);
  return `127.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}`;
}

/** Plain HTTP against the running local runtime. */
export function call(
  method: string,
  path: string,
  options: {
    body?: unknown;
    raw?: string | Buffer;
    headers?: Record<string, string>;
    ip?: string;
    baseUrl?: string;
    /** The address to connect to (default 127.0.0.1); the Host header stays the base URL's. */
    connectTo?: string;
  } = {},
): Promise<HttpResponse> {
  const url = new URL(path, options.baseUrl ?? inject("baseUrl"));
  const payload = options.raw !== undefined ? options.raw : options.body !== undefined ? JSON.stringify(options.body) : undefined;
  const headers: Record<string, string> = {
    ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
    ...options.headers,
  };
  if (payload !== undefined) headers["content-length"] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.connectTo ?? "127.0.0.1",
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { host: url.host, ...headers },
        localAddress: options.ip,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * The rate limits count in fixed windows aligned on the epoch (packages/core/src/rate-limit): a test
 * that counts requests up to a limit must make them inside one window. When the current one ends
 * within `marginMs`, this waits until the next has begun.
 */
export async function inOneRateWindow(windowSeconds: number, marginMs = 40_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 250));
}
