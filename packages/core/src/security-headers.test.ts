import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bootScriptHash, contentSecurityPolicy } from "./security-headers";

describe("content security policy", () => {
  it("allows the page's inline boot script by the hash of web/src/boot.js as it is", () => {
    const boot = readFileSync(new URL("../../../web/src/boot.js", import.meta.url));
    const hash = `sha256-${createHash("sha256").update(boot).digest("base64")}`;
    expect(bootScriptHash, "web/src/boot.js changed: put its new hash in security-headers.ts").toBe(hash);
    expect(contentSecurityPolicy).toContain(`script-src 'self' '${hash}'`);
  });

  it("allows no other inline script, no eval and no plugins", () => {
    const scriptSrc = contentSecurityPolicy.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc.split(" ").slice(1)).toEqual(["'self'", `'${bootScriptHash}'`]);
    expect(contentSecurityPolicy).toContain("object-src 'none'");
  });
});
