import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BlogEditor } from "../../packages/core/src/blog/editor";
import { blogPostInput } from "../../packages/core/src/contract/blog";
import { ensureTable } from "../../packages/core/src/db/table";
import { seedDefaults } from "../../packages/core/src/seed/seed";
import { Visitor } from "../support/auth-flow";
import { photo } from "../support/photo";
import { settled, uploadJpeg } from "../support/upload";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * The local runtime answers its API as soon as it listens, while it renders every public page for
 * the first time (minutes on a big blog). An image uploaded in that window must get its sizes like
 * any other: its derivation listens from the start (it was registered after the first render, and
 * such an upload stayed "processing" for good).
 */
const TABLE = "upload-during-first-render";
const POSTS = 400;
let runtime: RunningRuntime;

beforeAll(async () => {
  process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
  process.env.TABLE_NAME = TABLE;
  await ensureTable(TABLE);
  await seedDefaults();
  // Enough posts that the first render takes seconds on any machine (each post is a page).
  const jobs = Array.from({ length: POSTS }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = jobs.shift(); i !== undefined; i = jobs.shift())
        await BlogEditor.create(
          blogPostInput.parse({
            title: `Long blog post ${i}`,
            slug: `long-blog-${i}`,
            content: `<p>${"Words about automation. ".repeat(80)}</p>`,
            category: "automation",
            is_published: true,
          }),
        );
    }),
  );
  runtime = await startRuntime({ web: true, env: { DYNAMODB_ENDPOINT: inject("dynamoEndpoint"), TABLE_NAME: TABLE, RENDER_LOG: "1" } });
}, 300_000);
afterAll(() => runtime?.stop());

describe("an image uploaded while the runtime renders its pages for the first time", () => {
  it("gets its sizes", async () => {
    const admin = new Visitor(runtime.url);
    expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
    const item = await uploadJpeg(admin, runtime.url, await (await photo(800, 600)).jpeg({ quality: 85 }).toBuffer(), "early.jpg");
    // The upload completed inside the window: the first render had not finished.
    expect(runtime.output()).not.toMatch(/^pages: \d+ rendered/m);
    const ready = await settled(admin, item.id);
    expect(ready.status).toBe("ready");
    expect((await fetch(`${runtime.url}/api/images/${item.id}`)).status).toBe(200);
  }, 150_000);
});
