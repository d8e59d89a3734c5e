import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminAccounts } from "@agency/core/auth/admin-accounts";
import { SecuritySettings } from "@agency/core/auth/security-settings";
import { Sessions, subjectOf } from "@agency/core/auth/sessions";
import { dynamo } from "@agency/core/db/client";
import { handler } from "../admin-audit/handler";
import { sessionCookieName } from "./cookies";

/** An API Gateway (payload 2.0) event of the audit log's first page, with a session cookie. */
const auditLogGet = (cookie: string) => ({
  version: "2.0",
  routeKey: "GET /api/admin/audit-log",
  rawPath: "/api/admin/audit-log",
  rawQueryString: "",
  cookies: [cookie],
  headers: { host: "localhost:3000", "user-agent": "test" },
  requestContext: {
    http: { method: "GET", path: "/api/admin/audit-log", protocol: "HTTP/1.1", sourceIp: "10.29.0.1", userAgent: "test" },
    requestId: "guard-calls",
    routeKey: "GET /api/admin/audit-log",
    stage: "$default",
  },
  isBase64Encoded: false,
});

async function signedInAccount() {
  const username = `guard${Date.now().toString(36)}`;
  await AdminAccounts.create({ username, password: "guard-password-0123456789", full_name: "Guard Test", role: "owner" });
  const { token } = await Sessions.start({ kind: "admin", subject: subjectOf.admin(username), is_admin: true });
  return `${sessionCookieName()}=${token}`;
}

const commandsOf = (send: { mock: { calls: unknown[][] } }) => send.mock.calls.map(([command]) => (command as object).constructor.name);

describe("the guard of an admin route", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads the session, its account and the security settings in one BatchGet before the route's own reads", async () => {
    const cookie = await signedInAccount();
    const send = vi.spyOn(dynamo().client, "send");
    const res = (await handler(auditLogGet(cookie) as never)) as { statusCode: number };
    expect(res.statusCode).toBe(200);
    expect(commandsOf(send)).toEqual(["BatchGetCommand", "QueryCommand"]);
  });

  it("still holds an account without a second factor to set one up when the settings require it, from that same read", async () => {
    const cookie = await signedInAccount();
    await SecuritySettings.update({ require_two_factor: true });
    try {
      const send = vi.spyOn(dynamo().client, "send");
      const res = (await handler(auditLogGet(cookie) as never)) as { statusCode: number; body: string };
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ code: "two_factor_setup_required" });
      expect(commandsOf(send)).toEqual(["BatchGetCommand"]);
    } finally {
      await SecuritySettings.update({ require_two_factor: false });
    }
  });
});
