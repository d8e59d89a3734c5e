import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blockedAddress, refusedUrl, sendDelivery, signature, verifySignature } from "./send";

afterEach(() => vi.unstubAllEnvs());

// A DNS name that resolves to loopback or the metadata address (as an attacker's name would):
// answered here, every other name by the real resolver.
vi.mock("node:dns", async (importOriginal) => {
  const dns = await importOriginal<typeof import("node:dns")>();
  const planted: Record<string, string> = { "loopback.attacker.test": "127.0.0.1", "metadata.attacker.test": "169.254.169.254" };
  const lookup = ((host: string, options: object, callback: (...a: unknown[]) => void) =>
    Object.hasOwn(planted, host) ? callback(null, [{ address: planted[host], family: 4 }]) : dns.lookup(host, options as never, callback as never)) as typeof dns.lookup;
  return { ...dns, default: { ...dns, lookup }, lookup };
});

/** A deployed stage: WEBHOOKS_ALLOW_LOOPBACK is not set (only the local runtime sets it). */
const deployed = () => vi.stubEnv("WEBHOOKS_ALLOW_LOOPBACK", "");

describe("the webhook SSRF guard in a deployed stage", () => {
  it("refuses private, loopback, link-local and reserved addresses, IPv4 and IPv6, and IPv4 written as IPv6", () => {
    for (const a of [
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "127.0.0.1",
      "127.8.8.8",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc00::abcd",
      "::ffff:10.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:169.254.169.254",
    ]) {
      expect(blockedAddress(a, false), a).toBeTruthy();
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111"]) expect(blockedAddress(a, false), a).toBeUndefined();
  });

  it("allows loopback only where the local runtime allows it, and never the private ranges", () => {
    expect(blockedAddress("127.0.0.1", true)).toBeUndefined();
    expect(blockedAddress("::1", true)).toBeUndefined();
    expect(blockedAddress("10.0.0.1", true)).toBeTruthy();
    expect(blockedAddress("169.254.169.254", true)).toBeTruthy();
  });

  it("takes https addresses only, and no literal private address or localhost", () => {
    deployed();
    expect(refusedUrl("http://hooks.example.com/x")).toBe("Use an https:// address");
    expect(refusedUrl("https://hooks.example.com/x")).toBeUndefined();
    for (const u of ["https://127.0.0.1/x", "https://[::1]/x", "https://10.0.0.8/x", "https://169.254.169.254/latest/meta-data", "https://localhost/x", "https://a.localhost/x"]) {
      expect(refusedUrl(u), u).toBe("This address is not reachable from the internet");
    }
  });

  it("refuses to connect to a name that resolves to loopback, checking the address after DNS resolution", async () => {
    deployed();
    for (const name of ["loopback.attacker.test", "metadata.attacker.test"]) {
      const result = await sendDelivery(`https://${name}/hook`, "{}", "secret");
      expect(result.ok, name).toBe(false);
      expect(result.error, name).toMatch(/is a private, loopback or reserved address/);
    }
  });

  it("sends nothing to a loopback receiver in a deployed stage, and signs and delivers to it locally", async () => {
    let hits = 0;
    let header = "";
    const server = createServer((req, res) => {
      hits++;
      header = String(req.headers["x-arcline-signature"]);
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      deployed();
      expect(await sendDelivery(url, '{"a":1}', "s3cret")).toEqual({ ok: false, error: "Use an https:// address" });
      expect(hits).toBe(0);
      vi.stubEnv("WEBHOOKS_ALLOW_LOOPBACK", "1");
      expect(await sendDelivery(url, '{"a":1}', "s3cret")).toEqual({ ok: true, status: 204 });
      expect(hits).toBe(1);
      expect(verifySignature("s3cret", '{"a":1}', header)).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe("the delivery signature", () => {
  it("is t=<unix seconds>,v1=<hex HMAC-SHA256(secret, '<t>.<raw body>')>", () => {
    // Computed independently: printf '1700000000.{"id":"1"}' | openssl dgst -sha256 -hmac whsec_x
    expect(signature("whsec_x", '{"id":"1"}', 1_700_000_000)).toBe("t=1700000000,v1=2a4c358c007b6b48ca32f3ede65847ce076037deee0c16a6c4538015532d62c1");
    expect(verifySignature("whsec_x", '{"id":"1"}', signature("whsec_x", '{"id":"1"}', 1_700_000_000))).toBe(true);
    expect(verifySignature("whsec_x", '{"id":"2"}', signature("whsec_x", '{"id":"1"}', 1_700_000_000))).toBe(false);
    expect(verifySignature("whsec_x", "{}", "nonsense")).toBe(false);
  });
});
