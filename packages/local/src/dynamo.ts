import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import dynalite from "dynalite";

/**
 * The embedded DynamoDB-compatible server. With `path` its data lives in LevelDB on disk and
 * survives restarts; without it, in memory (tests).
 */
export async function startDynalite(options: { path?: string; port?: number } = {}) {
  if (options.path) mkdirSync(options.path, { recursive: true });
  const server = dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
