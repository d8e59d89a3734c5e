import type { SQSEvent } from "aws-lambda";
import { renderPage } from "@agency/web/entry-server";
import { config } from "@agency/core/config";
import { renderBatch } from "./batch";
import { s3PageStore } from "./s3-store";

/**
 * The render function (infra/api.ts): fed by the render queue in batches, it renders the pages the
 * batch's messages ask for, once each, into the web bucket's `pages/`, then invalidates them on
 * CloudFront. The web app's server entry (web/dist-server, built with the site) is bundled in. It
 * reads the public API through API Gateway's own URL: uncached, so a page never renders from a copy
 * CloudFront has not dropped yet. A failed page keeps its previous file; the batch then throws, so
 * SQS retries it and finally moves it to the dead-letter queue, and the render-failures alarm fires.
 */
export const handler = async (event: SQSEvent): Promise<void> => {
  const apiUrl = config.apiUrl;
  if (!apiUrl) throw new Error("API_URL is not set: the render function cannot read the public API");
  await renderBatch(
    event.Records.map((r) => r.body),
    {
      entry: { renderPage },
      store: s3PageStore(),
      origin: config.publicUrl,
      api: (path, init) => fetch(new URL(path, apiUrl), { ...init, signal: AbortSignal.timeout(8_000) }),
    },
  );
};
