import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_MESSAGE, UNKNOWN_EVENT_MESSAGE, URL_MESSAGE, type AdminWebhookDelivery, type CreatedWebhook } from "@agency/core/contract/webhooks";
import { verifySignature } from "@agency/core/webhooks/send";
import { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";
import { until } from "../support/mailbox";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Webhooks (issue 32) against a runtime of its own (short retry waits: WEBHOOK_RETRY_MS), each
 * endpoint pointing at a receiver this test runs on loopback, which checks every delivery's
 * signature with the endpoint's secret. Events are caused through the real API.
 */
const RETRY_MS = [300, 300];
let runtime: RunningRuntime;
let owner: Visitor;

interface Received {
  body: string;
  json: { id: string; event: string; created_at: string; data: Record<string, unknown> };
  signature: string;
}

/** A receiver on loopback answering the statuses of `answers` in turn (the last one thereafter). */
async function receiver(answers: number[] = [200]) {
  const received: Received[] = [];
  let n = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ body, json: JSON.parse(body), signature: String(req.headers["x-arcline-signature"] ?? "") });
      res.writeHead(answers[Math.min(n++, answers.length - 1)]!).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function endpoint(url: string, events: string[]): Promise<CreatedWebhook> {
  const res = await owner.call("POST", "/api/admin/webhooks", { body: { url, events } });
  expect(res.status, res.text).toBe(201);
  return res.json;
}
const deliveries = async (id: string): Promise<AdminWebhookDelivery[]> => {
  const res = await owner.call("GET", `/api/admin/webhooks/${id}/deliveries`);
  expect(res.status, res.text).toBe(200);
  return res.json;
};
const tag = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  runtime = await startRuntime({ env: { WEBHOOK_RETRY_MS: RETRY_MS.join(",") } });
  owner = new Visitor(runtime.url);
  expect((await owner.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await runtime?.stop();
});

describe("webhook deliveries", () => {
  it("sends each of the four events, caused through the real API, signed with the endpoint's secret", async () => {
    const r = await receiver();
    try {
      const hook = await endpoint(r.url, ["lead.created", "registration.created", "subscriber.confirmed", "post.published"]);
      expect(hook.secret).toMatch(/^whsec_/);
      const who = tag();

      expect(
        (
          await call("POST", "/api/contact", {
            baseUrl: runtime.url,
            ip: freshIp(),
            body: { name: `Ada ${who}`, email: "ada@example.com", message: "Hello there, we need help.", inquiryType: "automation" },
          })
        ).status,
      ).toBe(201);
      const course = (await call("GET", "/api/courses", { baseUrl: runtime.url })).json as { title: string; is_active: boolean }[];
      const reg = await call("POST", "/api/course-registrations", {
        baseUrl: runtime.url,
        ip: freshIp(),
        body: { name: `Bo ${who}`, email: "bo@example.com", course_interest: course.find((c) => c.is_active)!.title },
      });
      expect(reg.status, reg.text).toBe(201);
      const email = `reader-${who}@example.com`;
      expect((await call("POST", "/api/newsletter/subscriptions", { baseUrl: runtime.url, ip: freshIp(), body: { email } })).status).toBe(202);
      const mail = await until(
        "the confirmation mail",
        async () =>
          ((await (await fetch(`${runtime.mailUrl}/api/email`)).json()) as { text: string; to: { address: string }[] }[]).find((m) => m.to.some((t) => t.address === email)),
        Boolean,
      );
      const token = decodeURIComponent(/\/newsletter\/confirm\?token=(\S+)/.exec(mail!.text)![1]!);
      expect((await call("POST", "/api/newsletter/confirmations", { baseUrl: runtime.url, ip: freshIp(), body: { token } })).status).toBe(200);
      const post = await owner.call("POST", "/api/admin/blog-posts", { body: { title: `Hooked ${who}`, slug: `hooked-${who}`, content: "<p>x</p>" } });
      expect(post.status, post.text).toBe(201);
      expect((await owner.call("PUT", `/api/admin/blog-posts/${post.json.id}/publish`, { body: { is_published: true } })).status).toBe(200);

      await until(
        "four deliveries",
        () => r.received.length,
        (n) => n >= 4,
      );
      const byEvent = Object.fromEntries(r.received.map((d) => [d.json.event, d]));
      expect(Object.keys(byEvent).sort()).toEqual(["lead.created", "post.published", "registration.created", "subscriber.confirmed"]);
      for (const d of r.received) {
        expect(verifySignature(hook.secret, d.body, d.signature), d.json.event).toBe(true);
        expect(verifySignature("whsec_wrong", d.body, d.signature)).toBe(false);
        expect(d.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(Object.keys(d.json).sort()).toEqual(["created_at", "data", "event", "id"]);
      }
      expect(byEvent["lead.created"]!.json.data).toMatchObject({ name: `Ada ${who}`, email: "ada@example.com" });
      expect(byEvent["lead.created"]!.json.data).not.toHaveProperty("mail_status");
      expect(byEvent["registration.created"]!.json.data).toMatchObject({ name: `Bo ${who}` });
      expect(byEvent["subscriber.confirmed"]!.json.data).toMatchObject({ email });
      expect(byEvent["post.published"]!.json.data).toMatchObject({ id: post.json.id, slug: `hooked-${who}`, url: `${runtime.url}/blog/hooked-${who}` });

      const log = await until(
        "the log to show four delivered",
        () => deliveries(hook.id),
        (l) => l.filter((d) => d.status === "delivered").length === 4,
      );
      expect(log.map((d) => d.id).sort()).toEqual(r.received.map((d) => d.json.id).sort());
      for (const d of log) expect(d).toMatchObject({ status: "delivered", attempts: 1, response_status: 200 });
      // Newest first.
      expect(log.map((d) => d.created_at)).toEqual([...log.map((d) => d.created_at)].sort().reverse());
    } finally {
      await r.close();
    }
  });

  it("sends an endpoint only the events it chose", async () => {
    const r = await receiver();
    try {
      const hook = await endpoint(r.url, ["post.published"]);
      expect(
        (
          await call("POST", "/api/contact", {
            baseUrl: runtime.url,
            ip: freshIp(),
            body: { name: "Only Posts", email: "op@example.com", message: "Not for that hook.", inquiryType: "automation" },
          })
        ).status,
      ).toBe(201);
      const test = await owner.call("POST", `/api/admin/webhooks/${hook.id}/test`, { body: {} });
      expect(test.status, test.text).toBe(202);
      await until(
        "the test delivery",
        () => r.received.length,
        (n) => n >= 1,
      );
      await until(
        "the log",
        () => deliveries(hook.id),
        (l) => l.length === 1 && l[0]!.status === "delivered",
      );
      expect(r.received.map((d) => d.json.event)).toEqual(["webhook.test"]);
    } finally {
      await r.close();
    }
  });

  it("retries a delivery the receiver answered 500, and records it delivered on the next 200", async () => {
    const r = await receiver([500, 200]);
    try {
      const hook = await endpoint(r.url, ["lead.created"]);
      expect((await owner.call("POST", `/api/admin/webhooks/${hook.id}/test`, { body: {} })).status).toBe(202);
      const [d] = await until(
        "delivered after a retry",
        () => deliveries(hook.id),
        (l) => l[0]?.status === "delivered",
      );
      expect(d).toMatchObject({ status: "delivered", attempts: 2, response_status: 200 });
      expect(r.received).toHaveLength(2);
      // The same delivery both times: the same id and body, each attempt signed.
      expect(r.received[1]!.body).toBe(r.received[0]!.body);
      for (const x of r.received) expect(verifySignature(hook.secret, x.body, x.signature)).toBe(true);
    } finally {
      await r.close();
    }
  });

  it("gives a delivery up after its last retry, and says why", async () => {
    const r = await receiver([500]);
    try {
      const hook = await endpoint(r.url, ["lead.created"]);
      expect((await owner.call("POST", `/api/admin/webhooks/${hook.id}/test`, { body: {} })).status).toBe(202);
      const [d] = await until(
        "given up",
        () => deliveries(hook.id),
        (l) => l[0]?.status === "failed",
      );
      expect(d).toMatchObject({ status: "failed", attempts: RETRY_MS.length + 1, response_status: 500, error: "The receiver answered 500", next_attempt_at: null });
      expect(r.received).toHaveLength(RETRY_MS.length + 1);
    } finally {
      await r.close();
    }
  });
});

describe("webhook endpoints", () => {
  it("show the secret once, list, edit and delete an endpoint", async () => {
    const hook = await endpoint("http://127.0.0.1:9/a", ["lead.created"]);
    const listed = (await owner.call("GET", "/api/admin/webhooks")).json as Record<string, unknown>[];
    const mine = listed.find((h) => h.id === hook.id)!;
    expect(mine).toMatchObject({ url: "http://127.0.0.1:9/a", events: ["lead.created"] });
    expect(mine).not.toHaveProperty("secret");
    const put = await owner.call("PUT", `/api/admin/webhooks/${hook.id}`, { body: { url: "http://127.0.0.1:9/b", events: ["post.published", "lead.created"] } });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ id: hook.id, url: "http://127.0.0.1:9/b", events: ["post.published", "lead.created"] });
    expect(put.json).not.toHaveProperty("secret");
    expect((await owner.call("DELETE", `/api/admin/webhooks/${hook.id}`, { body: {} })).status).toBe(200);
    expect(((await owner.call("GET", "/api/admin/webhooks")).json as { id: string }[]).some((h) => h.id === hook.id)).toBe(false);
    for (const [method, path] of [
      ["PUT", `/api/admin/webhooks/${hook.id}`],
      ["DELETE", `/api/admin/webhooks/${hook.id}`],
      ["GET", `/api/admin/webhooks/${hook.id}/deliveries`],
      ["POST", `/api/admin/webhooks/${hook.id}/test`],
    ] as const) {
      const res = await owner.call(method, path, { body: method === "PUT" ? { url: "http://127.0.0.1:9/c", events: ["lead.created"] } : method === "GET" ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it("answer 400 naming the field for a bad URL, an unknown event or no events", async () => {
    const bad = async (body: unknown) => {
      const res = await owner.call("POST", "/api/admin/webhooks", { body });
      expect(res.status, res.text).toBe(400);
      return res.json.fields as Record<string, string>;
    };
    expect((await bad({ url: "not a url", events: ["lead.created"] })).url).toBe(URL_MESSAGE);
    expect((await bad({ url: "ftp://example.com/x", events: ["lead.created"] })).url).toBe(URL_MESSAGE);
    expect((await bad({ url: "https://user:pw@example.com/x", events: ["lead.created"] })).url).toBe(URL_MESSAGE);
    expect((await bad({ events: ["lead.created"] })).url).toBe(URL_MESSAGE);
    expect(Object.keys(await bad({ url: "https://example.com/x", events: ["lead.deleted"] }))[0]).toMatch(/^events/);
    expect(Object.values(await bad({ url: "https://example.com/x", events: ["lead.deleted"] }))[0]).toBe(UNKNOWN_EVENT_MESSAGE);
    expect((await bad({ url: "https://example.com/x", events: [] })).events).toBe(EVENTS_MESSAGE);
    expect((await bad({ url: "https://example.com/x" })).events).toBe(EVENTS_MESSAGE);
    // A private address is refused even here, where loopback is allowed for the tests' receivers.
    expect((await bad({ url: "http://10.0.0.5/x", events: ["lead.created"] })).url).toBe("This address is not reachable from the internet");
    expect((await bad({ url: "http://169.254.169.254/latest", events: ["lead.created"] })).url).toBe("This address is not reachable from the internet");
    const bigCursor = await owner.call("GET", `/api/admin/webhooks/x/deliveries?limit=0`);
    expect(bigCursor.status).toBe(400);
  });

  it("are refused without a session (401) and to an editor (403)", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/webhooks"],
      ["POST", "/api/admin/webhooks"],
      ["PUT", "/api/admin/webhooks/x"],
      ["DELETE", "/api/admin/webhooks/x"],
      ["GET", "/api/admin/webhooks/x/deliveries"],
      ["POST", "/api/admin/webhooks/x/test"],
    ] as const) {
      const res = await call(method, path, { baseUrl: runtime.url, ip: freshIp(), body: method === "GET" ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const username = `ed-${tag()}`;
    const invite = await owner.call("POST", "/api/admin/team/invitations", { body: { username, role: "editor" } });
    expect(invite.status, invite.text).toBe(201);
    const token = new URL(invite.json.url).pathname.split("/").pop()!;
    expect((await call("POST", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: `${username}-password` } })).status).toBe(200);
    const editor = new Visitor(runtime.url);
    expect((await editor.call("POST", "/api/admin/login", { body: { username, password: `${username}-password` } })).status).toBe(200);
    expect((await editor.call("GET", "/api/admin/webhooks")).status).toBe(403);
    expect((await editor.call("POST", "/api/admin/webhooks", { body: { url: "https://example.com/x", events: ["lead.created"] } })).status).toBe(403);
  });
});
