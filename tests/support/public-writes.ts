import { call, freshIp } from "./http";

/**
 * Creates records through the public API the way visitors do (POST /api/contact,
 * POST /api/course-registrations), for journeys that need data of their own. The public write limit
 * counts per source address, so every call comes from its own loopback address, as distinct
 * visitors would; journeys sharing one runtime never use up each other's window.
 */
export async function createAsVisitor(baseUrl: string, path: string, body: unknown): Promise<unknown> {
  const res = await call("POST", path, { body, baseUrl, ip: freshIp(), headers: { origin: new URL(baseUrl).origin } });
  if (res.status < 200 || res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
  return res.json;
}
