import type { SQSClient } from "@aws-sdk/client-sqs";
import { config } from "@agency/core/config";

/** SQS's longest DelaySeconds: a later retry waits in steps (the domain code hands back one not due yet). */
export const MAX_QUEUE_DELAY_SECONDS = 900;

let client: SQSClient | undefined;

/**
 * A retry of the function's own work (a webhook delivery, a mail): `body` as a message on the queue
 * named by the environment variable `queueUrlVariable`, delayed by `delayMs` (at most 15 minutes; a
 * longer wait is sent on again). The queue feeds the same function. The SQS client is loaded on the first send.
 */
export async function queueLater(queueUrlVariable: string, body: object, delayMs: number) {
  const queueUrl = process.env[queueUrlVariable];
  if (!queueUrl) throw new Error(`${queueUrlVariable} is not set: no queue for retries`);
  const { SQSClient, SendMessageCommand } = await import("@aws-sdk/client-sqs");
  client ??= new SQSClient({ region: config.region, maxAttempts: 3 });
  const DelaySeconds = Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000)));
  await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body), DelaySeconds }), { abortSignal: AbortSignal.timeout(3_000) });
}
