import { describe, expect, it } from "vitest";
import { Messages } from "../../packages/core/src/messages/messages";
import { startDynalite } from "../../packages/local/src/dynamo";
import { call, freshIp } from "../support/http";
import { startRuntime } from "../support/runtime";

describe("the local runtime across restarts", () => {
  it("keeps data written before a restart and seeds nothing twice", async () => {
    const first = await startRuntime();
    const before = (await call("GET", "/api/services", { baseUrl: first.url })).json as { id: string }[];
    const message = `Restart check ${Date.now()}`;
    const sent = await call("POST", "/api/contact", {
      baseUrl: first.url,
      ip: freshIp(),
      body: { name: "Restart", email: "restart@example.com", message },
    });
    expect(sent.status).toBe(201);
    await first.stop();

    const second = await startRuntime({ dataDir: first.dataDir });
    const after = (await call("GET", "/api/services", { baseUrl: second.url })).json as { id: string }[];
    const posts = (await call("GET", "/api/blog-posts", { baseUrl: second.url })).json as { slug: string }[];
    await second.stop();

    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
    expect(new Set(posts.map((p) => p.slug)).size).toBe(posts.length);

    // The message is on disk: open the same data directory directly.
    const db = await startDynalite({ path: first.dataDir });
    const saved = { endpoint: process.env.DYNAMODB_ENDPOINT, table: process.env.TABLE_NAME };
    process.env.DYNAMODB_ENDPOINT = db.endpoint;
    process.env.TABLE_NAME = "agency-local";
    try {
      const messages = await Messages.listAll();
      expect(messages.map((m) => m.message)).toContain(message);
    } finally {
      process.env.DYNAMODB_ENDPOINT = saved.endpoint;
      process.env.TABLE_NAME = saved.table;
      await db.close();
    }
  });
});
