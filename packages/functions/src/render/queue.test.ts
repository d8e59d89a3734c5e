import { SQSClient, type SendMessageCommand } from "@aws-sdk/client-sqs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicPaths } from "../invalidate";
import { pagesOfBatch, sendRenderRequest } from "./queue";

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.RENDER_QUEUE_URL;
});

const message = (apiPaths: string[]) => JSON.stringify({ apiPaths });

describe("pagesOfBatch", () => {
  it("merges a burst of saves into one render per page", () => {
    // What saves of posts a, a again and b invalidate (invalidate.ts).
    const { pages, rejected } = pagesOfBatch([message(publicPaths.blogPost(["a"])), message(publicPaths.blogPost(["a"])), message(publicPaths.blogPost(["b"]))]);
    expect(pages).toEqual(["readers-of-changed:/api/blog-categories", "/blog", "/blog/a", "readers-of:/api/blog-posts/a", "/blog/b", "readers-of:/api/blog-posts/b"]);
    expect(rejected).toEqual([]);
  });

  it("renders every page once when any message asks for all: a deploy, or a change shown on every page", () => {
    expect(pagesOfBatch([message(["/api/blog-posts/a"]), JSON.stringify({ all: true })]).pages).toBe("all");
    expect(pagesOfBatch([message(["/api/site-settings"]), message(["/api/blog-posts/a"])]).pages).toBe("all");
  });

  it("skips what is not a render request, and reports it", () => {
    const { pages, rejected } = pagesOfBatch(["not json", JSON.stringify({ apiPaths: "/api/x" }), JSON.stringify({ all: "yes" }), message(publicPaths.blogPost(["a"]))]);
    expect(pages).toEqual(["readers-of-changed:/api/blog-categories", "/blog", "/blog/a", "readers-of:/api/blog-posts/a"]);
    expect(rejected).toEqual(["not json", JSON.stringify({ apiPaths: "/api/x" }), JSON.stringify({ all: "yes" })]);
  });
});

describe("sendRenderRequest", () => {
  it("sends nothing without a queue (locally)", async () => {
    const send = vi.spyOn(SQSClient.prototype, "send");
    await expect(sendRenderRequest({ all: true })).resolves.toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it("puts the request on the configured FIFO queue as JSON, in the one group, each request its own message", async () => {
    process.env.RENDER_QUEUE_URL = "https://sqs.us-east-1.amazonaws.com/123456789012/render.fifo";
    const send = vi.spyOn(SQSClient.prototype, "send").mockResolvedValue({} as never);
    await expect(sendRenderRequest({ apiPaths: ["/api/services"] })).resolves.toBe(true);
    await expect(sendRenderRequest({ apiPaths: ["/api/services"] })).resolves.toBe(true);
    const [first, second] = send.mock.calls.map((c) => (c[0] as SendMessageCommand).input);
    expect(first).toMatchObject({ QueueUrl: process.env.RENDER_QUEUE_URL, MessageBody: '{"apiPaths":["/api/services"]}', MessageGroupId: "pages" });
    // The same save twice is two renders: FIFO would drop a repeated deduplication id for 5 minutes.
    expect(first!.MessageDeduplicationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.MessageDeduplicationId).not.toBe(first!.MessageDeduplicationId);
  });
});
