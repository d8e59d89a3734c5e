import { afterEach, describe, expect, it } from "vitest";
import { KnownDevices } from "./known-devices";

const saved = process.env.DEVICE_COOKIE_SECRET;
afterEach(() => {
  if (saved === undefined) delete process.env.DEVICE_COOKIE_SECRET;
  else process.env.DEVICE_COOKIE_SECRET = saved;
});

describe("known-device tokens", () => {
  it("name the username and a fresh device id, signed: verify gives back the id", () => {
    process.env.DEVICE_COOKIE_SECRET = "unit-test-secret";
    const a = KnownDevices.issue("alice")!;
    const b = KnownDevices.issue("alice")!;
    expect(a).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(KnownDevices.verify(a, "alice")).toBe(a.split(".")[1]);
  });

  it("are bound to their username and to the secret, and refuse any edit", () => {
    process.env.DEVICE_COOKIE_SECRET = "unit-test-secret";
    const token = KnownDevices.issue("alice")!;
    const [user, id, mac] = token.split(".") as [string, string, string];
    expect(KnownDevices.verify(token, "bob")).toBeUndefined();
    expect(KnownDevices.verify(`${Buffer.from("bob").toString("base64url")}.${id}.${mac}`, "bob")).toBeUndefined();
    expect(KnownDevices.verify(`${user}.${id}A.${mac}`, "alice")).toBeUndefined();
    expect(KnownDevices.verify(`${user}.${id}.${mac}.x`, "alice")).toBeUndefined();
    for (const junk of ["", "a.b", "...", "x".repeat(5000), "__proto__.constructor.prototype"]) expect(KnownDevices.verify(junk, "alice")).toBeUndefined();
    process.env.DEVICE_COOKIE_SECRET = "another-secret";
    expect(KnownDevices.verify(token, "alice")).toBeUndefined();
  });

  it("do not exist without a secret: none issued, none accepted", () => {
    process.env.DEVICE_COOKIE_SECRET = "unit-test-secret";
    const token = KnownDevices.issue("alice")!;
    delete process.env.DEVICE_COOKIE_SECRET;
    expect(KnownDevices.issue("alice")).toBeUndefined();
    expect(KnownDevices.verify(token, "alice")).toBeUndefined();
  });
});
