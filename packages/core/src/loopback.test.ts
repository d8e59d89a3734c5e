import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost } from "./loopback";

describe("loopback addresses", () => {
  it("are 127.0.0.0/8 and ::1, in any spelling, including IPv4-mapped IPv6", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "0::1", "::ffff:127.0.0.1", "::FFFF:127.9.9.9"]) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
  });

  it("are not any other address, nor anything that is not an address", () => {
    for (const a of [
      "192.0.2.2",
      "10.0.0.1",
      "0.0.0.0",
      "::",
      "fd00::2",
      "fe80::1",
      "::ffff:192.0.2.2",
      "1::1",
      "::1:0",
      "128.0.0.1",
      "127.0.0.1.evil",
      "localhost",
      "",
      "unknown",
    ]) {
      expect(isLoopbackAddress(a), a).toBe(false);
    }
  });
});

describe("loopback host names", () => {
  it("are localhost and loopback addresses as URLs write them", () => {
    for (const h of ["localhost", "LOCALHOST", "127.0.0.1", "127.0.0.2", "[::1]"]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["example.com", "localhost.example.com", "app.localhost", "192.0.2.2", "[fd00::2]", "0.0.0.0"]) expect(isLoopbackHost(h), h).toBe(false);
  });
});
