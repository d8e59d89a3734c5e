import { createHmac, timingSafeEqual } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP } from "node:net";
import { WEBHOOK_SIGNATURE_HEADER } from "../contract/webhooks";
import { isLoopbackAddress } from "../loopback";

/** A receiver that has not answered in this long has failed this attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}

/** A receiver's check of a signature header (what the docs tell receivers to do; the tests use it). */
export function verifySignature(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  const expected = Buffer.from(signature(secret, body, t).split("v1=")[1]!, "hex");
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Addresses no webhook may reach (SSRF): private, shared, loopback, link-local (the cloud metadata
 * service, 169.254.169.254), multicast, reserved and documentation ranges, and their IPv6 kin.
 * Loopback is allowed only where WEBHOOKS_ALLOW_LOOPBACK=1, which the local runtime sets so its
 * tests can run receivers on this machine.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** Where this process runs its receivers too (the local runtime): loopback allowed, http allowed. */
export const localDeliveries = () => process.env.WEBHOOKS_ALLOW_LOOPBACK === "1";

/** Why an address may not be reached, or undefined when it may. */
export function blockedAddress(address: string, allowLoopback = localDeliveries()): string | undefined {
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (!family) return `${address} is not an IP address`;
  if (allowLoopback && isLoopbackAddress(ip)) return undefined;
  if (blocked.check(ip, family === 4 ? "ipv4" : "ipv6")) return `${address} is a private, loopback or reserved address`;
  return undefined;
}

/** Why a URL may not be a webhook's (https only in a deployed stage; no literal blocked address), or undefined. */
export function refusedUrl(raw: string, allowLocal = localDeliveries()): string | undefined {
  const url = new URL(raw);
  if (url.protocol !== "https:" && !(allowLocal && url.protocol === "http:")) return "Use an https:// address";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return allowLocal ? undefined : "This address is not reachable from the internet";
  if (isIP(host) && blockedAddress(host, allowLocal)) return "This address is not reachable from the internet";
  return undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The resolver the request connects through: it resolves the name, refuses it when any address it
 * resolved to is blocked, and hands the checked addresses to the socket, so the address connected to
 * is the one checked (no second lookup a rebinding DNS server could answer differently).
 */
function guardedLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.map((a) => blockedAddress(a.address)).find(Boolean);
    if (refused || !addresses.length) return callback(Object.assign(new Error(refused ?? `${hostname} has no address`), { code: "EBLOCKED" }), []);
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export interface SendResult {
  /** The receiver's status, when it answered. */
  status?: number;
  ok: boolean;
  error?: string;
}

/**
 * POSTs one signed delivery. Ok only for a 2xx within DELIVERY_TIMEOUT_MS; never follows redirects;
 * reads (and drops) at most 64 KB of the answer. Never throws.
 */
export function sendDelivery(rawUrl: string, body: string, secret: string, now = new Date()): Promise<SendResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve({ ok: false, error: "The address is not a URL" });
  }
  const refused = refusedUrl(rawUrl);
  if (refused) return Promise.resolve({ ok: false, error: refused });
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // A literal address was checked above; the socket skips the resolver for one.
  const options: RequestOptions = {
    method: "POST",
    lookup: guardedLookup as never,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "user-agent": "Arcline-Webhooks/1",
      [WEBHOOK_SIGNATURE_HEADER]: signature(secret, body, Math.floor(now.getTime() / 1000)),
    },
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  };
  if (isIP(host) && blockedAddress(host)) return Promise.resolve({ ok: false, error: `${host} is a private, loopback or reserved address` });
  return new Promise((resolve) => {
    const req = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, options, (res) => {
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > 64 * 1024) res.destroy();
      });
      const status = res.statusCode ?? 0;
      const done = () => resolve({ status, ok: status >= 200 && status < 300, ...(status >= 200 && status < 300 ? {} : { error: `The receiver answered ${status}` }) });
      res.on("end", done);
      res.on("close", done);
      res.on("error", done);
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      const timedOut = err.name === "AbortError" || err.name === "TimeoutError";
      resolve({ ok: false, error: timedOut ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : err.message });
    });
    req.end(body);
  });
}
