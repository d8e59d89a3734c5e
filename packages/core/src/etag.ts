import { createHash } from "node:crypto";

/**
 * The one ETag recipe of the app's own answers (the API's public reads, the local static server):
 * a strong tag from SHA-256 over the parts, in order (a body, and what else the answer carries that
 * a 304 must keep, such as its headers).
 */
export function etagOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return `"${hash.digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
