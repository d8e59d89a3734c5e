import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type { AdminWebhookDelivery, CreatedWebhook } from "@agency/core/contract/webhooks";
import { verifySignature } from "@agency/core/webhooks/send";
import { Visitor } from "../support/auth-flow";
import { until } from "../support/mailbox";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * A delivery waiting for its retry when the local runtime stops has lost its timer: the next start
 * picks it up again (sweepWebhookDeliveries) and sends it when due. Without the sweep it would stay
 * "pending" for ever. Runtimes of its own, on one data directory; the first retry waits long enough
 * (WEBHOOK_RETRY_MS) for the first runtime to be stopped before it.
 */
const RETRY_MS = "6000";
const running: RunningRuntime[] = [];
afterAll(async () => {
  for (const r of running) await r.stop();
});

async function signedIn(runtime: RunningRuntime) {
  const owner = new Visitor(runtime.url);
  expect((await owner.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
  return owner;
}

describe("webhook deliveries across a restart of the local runtime", () => {
  it("sends a delivery that was waiting for its retry when the runtime stopped, once, after the next start", async () => {
    // The receiver fails the first attempt and takes every later one.
    const received: { body: string; signature: string }[] = [];
    const server: Server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ body, signature: String(req.headers["x-arcline-signature"] ?? "") });
        res.writeHead(received.length === 1 ? 500 : 200).end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const first = await startRuntime({ env: { WEBHOOK_RETRY_MS: RETRY_MS } });
      running.push(first);
      let owner = await signedIn(first);
      const created = await owner.call("POST", "/api/admin/webhooks", { body: { url, events: ["lead.created"] } });
      expect(created.status, created.text).toBe(201);
      const hook = created.json as CreatedWebhook;
      const test = await owner.call("POST", `/api/admin/webhooks/${hook.id}/test`, { body: {} });
      expect(test.status, test.text).toBe(202);
      const deliveryId = (test.json as AdminWebhookDelivery).id;
      const log = async (o: Visitor) => ((await o.call("GET", `/api/admin/webhooks/${hook.id}/deliveries`)).json as AdminWebhookDelivery[]).find((d) => d.id === deliveryId);

      const failed = await until(
        "the first, failed attempt",
        () => log(owner),
        (d) => d?.attempts === 1 && d.status === "pending",
      );
      expect(failed).toMatchObject({ response_status: 500 });
      await first.stop();
      running.splice(running.indexOf(first), 1);
      expect(received).toHaveLength(1);

      const second = await startRuntime({ dataDir: first.dataDir, env: { WEBHOOK_RETRY_MS: RETRY_MS } });
      running.push(second);
      owner = await signedIn(second);
      const delivered = await until(
        "the retry after the restart",
        () => log(owner),
        (d) => d?.status === "delivered",
        45_000,
      );
      expect(delivered).toMatchObject({ attempts: 2, response_status: 200 });
      expect(received).toHaveLength(2);
      expect(received[1]!.body).toBe(received[0]!.body);
      expect(verifySignature(hook.secret, received[1]!.body, received[1]!.signature)).toBe(true);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  }, 150_000);
});
