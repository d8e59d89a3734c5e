import { randomUUID } from "node:crypto";
import type { SQSClient } from "@aws-sdk/client-sqs";
import { config } from "@agency/core/config";
import { pagesFor } from "./render";

/**
 * The render queue in AWS (infra/api.ts): a save that changes public content sends the public API
 * paths it changed (invalidate.ts), a deploy sends "all" (deploy.ts), and the render function
 * (handler.ts) takes them in batches. The message carries API paths, not pages: which pages they
 * affect is render.ts's `pagesFor`, decided when the batch is rendered.
 */
/** The render queue is FIFO with every message in this one group: one render at a time, in order. */
export const RENDER_MESSAGE_GROUP = "pages";
/**
 * What changed (`apiPaths`, a save: which pages that affects is decided when the batch renders),
 * every page (`all`, a deploy), or the site addresses a bounded render left for later (`pages`,
 * render/batch.ts).
 */
export type RenderRequest = { apiPaths: string[] } | { all: true } | { pages: string[] };

let client: SQSClient | undefined;

/**
 * Puts a render request on the queue. Returns false when there is no queue (locally, where the
 * runtime renders in-process). The SQS client is loaded on the first send, like the CloudFront
 * client: a cold admin function serving a read never loads it.
 */
export async function sendRenderRequest(request: RenderRequest): Promise<boolean> {
  const queueUrl = config.renderQueueUrl;
  if (!queueUrl) return false;
  const { SQSClient, SendMessageCommand } = await import("@aws-sdk/client-sqs");
  client ??= new SQSClient({ region: config.region, maxAttempts: 3 });
  // Each request is its own message: FIFO's deduplication must not drop a second save's render.
  const message = { QueueUrl: queueUrl, MessageBody: JSON.stringify(request), MessageGroupId: RENDER_MESSAGE_GROUP, MessageDeduplicationId: randomUUID() };
  await client.send(new SendMessageCommand(message), {
    abortSignal: AbortSignal.timeout(3_000),
  });
  return true;
}

const isPathList = (v: unknown): v is string[] => Array.isArray(v) && v.every((p) => typeof p === "string" && p.startsWith("/"));

/**
 * The pages a batch of messages asks for, merged: one render per page however many saves touched
 * it, and every page once if any message asks for all (a deploy, a settings or footer change). A
 * message that is not a render request is reported and skipped: no retry would make it one.
 */
export function pagesOfBatch(bodies: readonly string[]): { pages: string[] | "all"; rejected: string[] } {
  const pages = new Set<string>();
  const rejected: string[] = [];
  let all = false;
  for (const body of bodies) {
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      message = undefined;
    }
    const m = message as Partial<{ all: unknown; apiPaths: unknown; pages: unknown }> | undefined;
    if (m && typeof m === "object" && Object.hasOwn(m, "all") && m.all === true) {
      all = true;
      continue;
    }
    if (m && typeof m === "object" && Object.hasOwn(m, "pages") && isPathList(m.pages) && !m.pages.some((p) => p.startsWith("/api/"))) {
      for (const p of m.pages) pages.add(p);
      continue;
    }
    if (!m || typeof m !== "object" || !Object.hasOwn(m, "apiPaths") || !isPathList(m.apiPaths)) {
      rejected.push(body.slice(0, 200));
      continue;
    }
    const affected = pagesFor(m.apiPaths);
    if (affected === "all") all = true;
    else for (const p of affected) pages.add(p);
  }
  return { pages: all ? "all" : [...pages], rejected };
}
