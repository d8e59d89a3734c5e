import { describe, expect, it } from "vitest";
import { routeKeys } from "@agency/core/routes";
import { reachableDuringSetup } from "./guard";

describe("a session that must set up two-factor", () => {
  it("reaches who is signed in and the account's own routes, nothing else of the route table", () => {
    const reachable = routeKeys.filter((k) => k.includes(" /api/admin/") && reachableDuringSetup(k));
    expect(reachable).toEqual(
      expect.arrayContaining([
        "GET /api/admin/me",
        "GET /api/admin/account",
        "POST /api/admin/account/totp",
        "POST /api/admin/account/totp/confirm",
        "DELETE /api/admin/account/totp",
      ]),
    );
    // Only those and the account's other routes (passkeys, sessions): no content, leads, settings or team.
    expect(reachable.filter((k) => k !== "GET /api/admin/me" && !/^[A-Z]+ \/api\/admin\/account(\/|$)/.test(k))).toEqual([]);
    expect(reachableDuringSetup("GET /api/admin/users")).toBe(false);
    expect(reachableDuringSetup("PUT /api/admin/security-settings")).toBe(false);
    expect(reachableDuringSetup("GET /api/admin/accounts")).toBe(false);
    expect(reachableDuringSetup("GET /api/admin/account/passkeys")).toBe(true);
  });
});
