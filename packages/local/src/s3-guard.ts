import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { SignatureV4 } from "@smithy/signature-v4";
import { MAX_UPLOAD_BYTES } from "@agency/core/contract/media";
import { readCappedBody } from "./read-body";

/**
 * What stands in front of the local S3 (s3rver, which checks no V4 signature and no POST policy, and
 * lets anyone list, write and delete): any web page the developer visits could otherwise plant a file
 * in the bucket with a plain form post. It lets through only
 *
 * - a browser's POST object upload (multipart/form-data to the bucket) whose policy is signed with
 *   the local credentials, has not expired, and whose every condition holds (bucket, key, the
 *   Content-Type, content-length-range against the file), every form field being named by one;
 * - a request signed with SigV4 by the server's own S3 client (the Authorization header), the
 *   signature recomputed with the same credentials (@smithy/signature-v4, as the SDK signs), within
 *   15 minutes of its date, its payload hash the body's;
 * - a CORS preflight to the bucket, which s3rver answers from the bucket's CORS rule (the site's
 *   origin, POST only): the back office's upload asks one first.
 *
 * Everything else is 403, as S3 answers it (an XML AccessDenied).
 */

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Bodies the bucket takes: an image of at most MAX_UPLOAD_BYTES, plus a form's fields. */
const MAX_BODY = MAX_UPLOAD_BYTES + 1024 * 1024;
/** SigV4's allowed clock skew. */
const MAX_SKEW_MS = 15 * 60 * 1000;

/** node:crypto as the signer's hash (its Checksum interface): SHA-256, or HMAC-SHA256 with a key. */
const bytes = (data: string | ArrayBuffer | ArrayBufferView) =>
  typeof data === "string" ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

class Refused extends Error {}
const refuse = (why: string): never => {
  throw new Refused(why);
};

const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(",") : v;
};

/** `?a=1&b` as the signer reads a query: decoded names and values (`+` is a plus, not a space). */
function parseQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const pair of raw ? raw.split("&") : []) {
    if (!pair) continue;
    const i = pair.indexOf("=");
    const [name, value] = (i < 0 ? [pair, ""] : [pair.slice(0, i), pair.slice(i + 1)]).map(decodeURIComponent) as [string, string];
    const prior = Object.hasOwn(query, name) ? query[name] : undefined;
    query[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  }
  return query;
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** A request of the server's own S3 client: its SigV4 signature, recomputed, must be the one sent. */
async function checkSignedRequest(req: IncomingMessage, body: Buffer, credentials: S3Credentials) {
  const auth = AUTHORIZATION.exec(header(req.headers, "authorization") ?? "") ?? refuse("Malformed Authorization");
  const [, accessKeyId, scopeDate, region, signedHeaders] = auth as unknown as [string, string, string, string, string];
  if (accessKeyId !== credentials.accessKeyId) refuse("Unknown access key");
  const amzDate = header(req.headers, "x-amz-date") ?? "";
  const d = AMZ_DATE.exec(amzDate) ?? refuse("Missing or malformed X-Amz-Date");
  const signedAt = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(d[4]), Number(d[5]), Number(d[6]));
  if (amzDate.slice(0, 8) !== scopeDate || Math.abs(Date.now() - signedAt) > MAX_SKEW_MS) refuse("Request time out of range");
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date") || !names.includes("x-amz-content-sha256")) refuse("Host, date and payload hash must be signed");
  // The payload is what was signed: its hash is one of the signed headers.
  const payloadHash = header(req.headers, "x-amz-content-sha256");
  if (payloadHash !== createHash("sha256").update(body).digest("hex")) refuse("Payload hash mismatch");

  const headers: Record<string, string> = {};
  for (const name of names) headers[name] = header(req.headers, name) ?? refuse(`Signed header ${name} missing`);
  const [path = "/", rawQuery = ""] = (req.url ?? "/").split(/\?(.*)/s);
  let query: Record<string, string | string[]>;
  try {
    query = parseQuery(rawQuery);
  } catch {
    return refuse("Malformed query");
  }
  const signer = new SignatureV4({ credentials, region, service: "s3", sha256: Sha256, uriEscapePath: false, applyChecksum: false });
  const signed = await signer.sign({ method: req.method ?? "GET", protocol: "http:", hostname: headers.host ?? "", path, query, headers }, { signingDate: new Date(signedAt) });
  if (!same(String(signed.headers.authorization ?? ""), header(req.headers, "authorization") ?? "")) refuse("Signature mismatch");
}

type Condition = Record<string, unknown> | unknown[];

/**
 * A browser's POST object upload: the policy's signature (SigV4 over the base64 policy), its
 * expiry, and each condition against the form (field names are case-insensitive, as in S3).
 */
async function checkPostUpload(req: IncomingMessage, body: Buffer, bucket: string, credentials: S3Credentials) {
  let entries: [string, string | Blob][];
  try {
    const form = await new Response(new Blob([new Uint8Array(body)]), {
      headers: { "content-type": header(req.headers, "content-type") ?? "" },
    }).formData();
    // In order, as sent (the global FormData's type here lacks the iterator it has).
    entries = [...(form as unknown as Iterable<[string, string | Blob]>)];
  } catch {
    return refuse("Not a multipart form");
  }
  const last = entries.at(-1);
  if (!last || last[0] !== "file" || typeof last[1] === "string") refuse("The file must be the form's last field");
  const file = last![1] as Blob;
  const fields = new Map<string, string>();
  for (const [name, value] of entries.slice(0, -1)) {
    if (typeof value !== "string") refuse("Only one file");
    const lower = name.toLowerCase();
    if (fields.has(lower)) refuse(`Field ${name} given twice`);
    fields.set(lower, value as string);
  }
  const field = (name: string) => fields.get(name) ?? refuse(`Missing ${name}`);

  if (field("x-amz-algorithm") !== "AWS4-HMAC-SHA256") refuse("Unsupported algorithm");
  const [accessKeyId, date, region, service, terminator, ...rest] = field("x-amz-credential").split("/");
  if (accessKeyId !== credentials.accessKeyId || !/^\d{8}$/.test(date ?? "") || !region || service !== "s3" || terminator !== "aws4_request" || rest.length) {
    refuse("Bad credential");
  }
  const policyB64 = field("policy");
  // The policy's signature is SigV4's string signature with the day's signing key (the same signer
  // as the server's requests: the scope's day is its signing date).
  const signer = new SignatureV4({ credentials, region: region!, service: "s3", sha256: Sha256 });
  const day = new Date(Date.UTC(Number(date!.slice(0, 4)), Number(date!.slice(4, 6)) - 1, Number(date!.slice(6, 8))));
  if (Number.isNaN(day.getTime())) refuse("Bad credential");
  const expected = await signer.sign(policyB64, { signingDate: day, signingRegion: region!, signingService: "s3" });
  if (!same(expected, field("x-amz-signature"))) refuse("Policy signature mismatch");

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyB64, "base64").toString("utf8")) as typeof policy;
  } catch {
    return refuse("Malformed policy");
  }
  const expires = typeof policy.expiration === "string" ? Date.parse(policy.expiration) : NaN;
  if (!(expires > Date.now())) refuse("Policy expired");
  if (!Array.isArray(policy.conditions)) refuse("Policy without conditions");

  const valueOf = (name: string) => (name === "bucket" ? bucket : fields.get(name));
  const covered = new Set<string>();
  for (const c of policy.conditions as Condition[]) {
    if (Array.isArray(c)) {
      const [op, target, value] = c as [unknown, unknown, unknown];
      if (op === "content-length-range") {
        if (typeof target !== "number" || typeof value !== "number" || file.size < target || file.size > value) refuse("content-length-range");
        continue;
      }
      if (typeof target !== "string" || !target.startsWith("$") || typeof value !== "string") refuse("Malformed condition");
      const name = (target as string).slice(1).toLowerCase();
      const actual = valueOf(name);
      if (op === "eq" ? actual !== value : op === "starts-with" ? !actual?.startsWith(value as string) : refuse("Unknown condition")) {
        refuse(`Condition on ${name} failed`);
      }
      covered.add(name);
    } else if (c && typeof c === "object") {
      const pairs = Object.entries(c);
      if (pairs.length !== 1 || typeof pairs[0]![1] !== "string") refuse("Malformed condition");
      const [name, value] = [pairs[0]![0].toLowerCase(), pairs[0]![1] as string];
      if (valueOf(name) !== value) refuse(`Condition on ${name} failed`);
      covered.add(name);
    } else {
      refuse("Malformed condition");
    }
  }
  // As S3: every field but the policy and signature (and x-ignore-*) must be named by a condition.
  for (const name of fields.keys()) {
    if (name !== "policy" && name !== "x-amz-signature" && !name.startsWith("x-ignore-") && !covered.has(name)) refuse(`Field ${name} not in the policy`);
  }
  if (!covered.has("key")) refuse("The policy names no key");
}

/**
 * The request handler of the guard: checks each request as above and passes what it accepts,
 * body and all, to s3rver listening on `socketPath` (a Unix socket in a private directory, which no
 * web page can reach); `origin` (the site) may read the refusals, so the back office can say so.
 */
export function s3Guard({ socketPath, bucket, origin, credentials }: { socketPath: string; bucket: string; origin: string; credentials: () => S3Credentials }) {
  const bucketPath = new RegExp(`^/${bucket.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/?(\\?.*)?$`);

  function forbid(req: IncomingMessage, res: ServerResponse, why: string) {
    const headers: Record<string, string> = { "content-type": "application/xml", "cache-control": "no-store", vary: "Origin" };
    if (req.headers.origin === origin) headers["access-control-allow-origin"] = origin;
    res.writeHead(403, headers);
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${why.replace(/[<>&]/g, "")}</Message></Error>`);
  }

  function pass(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const headers = { ...req.headers, "content-length": String(body.length) };
    delete headers["transfer-encoding"];
    const upstream = request({ socketPath, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("The local S3 did not answer");
    });
    upstream.end(body);
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? "GET").toUpperCase();
    const url = req.url ?? "/";
    try {
      if (method === "OPTIONS" && req.headers.origin && req.headers["access-control-request-method"] && url.startsWith(`/${bucket}`)) {
        return pass(req, res, Buffer.alloc(0));
      }
      // Far over any upload: not worth reading to the end.
      const body = await readCappedBody(req, MAX_BODY, 4 * MAX_BODY);
      if (body === undefined) return forbid(req, res, "Request body too large");
      if (req.headers.authorization !== undefined) await checkSignedRequest(req, body, credentials());
      else if (method === "POST" && bucketPath.test(url) && !url.includes("?")) await checkPostUpload(req, body, bucket, credentials());
      else refuse("Anonymous access is not allowed");
      pass(req, res, body);
    } catch (err) {
      if (!(err instanceof Refused)) console.error("Local S3 guard:", err);
      if (!res.headersSent) forbid(req, res, err instanceof Refused ? err.message : "Refused");
    }
  };
}
