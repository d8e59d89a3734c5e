import { request } from "node:http";

/**
 * Creates records through the public API the way visitors do (POST /api/contact,
 * POST /api/course-registrations), for journeys that need data of their own. The public write limit
 * counts per source address, so every call comes from its own loopback address (127.x.y.z), as
 * distinct visitors would; journeys sharing one runtime never use up each other's window.
 */
let next = 0;
function visitorIp(): string {
  const n = (process.pid % 1000) * 4000 + next++;
  return `127.${100 + ((n >> 16) & 0x7f)}.${(n >> 8) & 0xff}.${(n & 0xff) || 1}`;
}

export async function postAsVisitor(baseUrl: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const url = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: visitorIp(),
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)), origin: url.origin },
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
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Posts and insists on success: a journey's data must exist before the journey. */
export async function createAsVisitor(baseUrl: string, path: string, body: unknown) {
  const res = await postAsVisitor(baseUrl, path, body);
  if (res.status < 200 || res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return res.json;
}
