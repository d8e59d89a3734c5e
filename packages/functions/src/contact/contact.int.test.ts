import { afterEach, describe, expect, it, vi } from "vitest";
import { dynamo } from "@agency/core/db/client";
import { handler } from "./handler";

/** An API Gateway (payload 2.0) event of a contact form sent from the site, from its own address (rate limits). */
const contactPost = (n: number) => ({
  version: "2.0",
  routeKey: "POST /api/contact",
  rawPath: "/api/contact",
  rawQueryString: "",
  headers: { host: "localhost:3000", origin: "http://localhost:3000", "content-type": "application/json", "user-agent": "test" },
  requestContext: {
    http: { method: "POST", path: "/api/contact", protocol: "HTTP/1.1", sourceIp: `10.28.0.${n}`, userAgent: "test" },
    requestId: `contact-${n}`,
    routeKey: "POST /api/contact",
    stage: "$default",
  },
  body: JSON.stringify({ name: "Calls Counted", email: "calls@example.com", message: "How many calls does this take?", inquiryType: "general" }),
  isBase64Encoded: false,
});

describe("a contact form's first request", () => {
  afterEach(() => vi.restoreAllMocks());

  it("takes five DynamoDB calls: the rate limit, the message, its kind's counters, its day's counter and the webhooks listening for new leads", async () => {
    const send = vi.spyOn(dynamo().client, "send");
    const res = (await handler(contactPost(1) as never)) as { statusCode: number };
    expect(res.statusCode).toBe(201);
    const calls = send.mock.calls.map(([command]) => ({ name: command.constructor.name, update: (command.input as { UpdateExpression?: string }).UpdateExpression ?? "" }));
    expect(calls.map((c) => c.name)).toEqual(["UpdateCommand", "PutCommand", "UpdateCommand", "UpdateCommand", "QueryCommand"]);
    // The message's total, unread and type in one ADD; its day in the other.
    expect(
      calls
        .slice(2, 4)
        .map((c) => c.update.split(",").length)
        .sort(),
    ).toEqual([1, 3]);
  });
});
