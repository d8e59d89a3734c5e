import { sendRenderRequest } from "./queue";

/**
 * Runs at every deploy (a Script in infra/api.ts, once the new site's files are in the bucket):
 * asks the render function for every page, so pages carry the new build's asset hashes and markup.
 */
export const handler = async (): Promise<void> => {
  if (!(await sendRenderRequest({ all: true }))) throw new Error("RENDER_QUEUE_URL is not set: no render queue to ask for the pages");
};
