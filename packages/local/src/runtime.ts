import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { config } from "@agency/core/config";
import { dynamo } from "@agency/core/db/client";
import { ensureTable } from "@agency/core/db/table";
import { seedDefaults } from "@agency/core/seed/seed";
import { startDynalite } from "./dynamo";
import { createGateway } from "./gateway";
import { repoRoot, webDist } from "./paths";

export interface LocalOptions {
  port?: number;
  /** Where dynalite keeps its data; ignored when DYNAMODB_ENDPOINT points elsewhere. */
  dataDir?: string;
  /** Serve the built SPA too (default true). */
  web?: boolean;
}

/**
 * The whole product on one machine: the embedded database (or DYNAMODB_ENDPOINT), the table,
 * seed content, and the gateway serving the SPA and the API from the same handler modules Lambda runs.
 */
export async function startLocal(options: LocalOptions = {}) {
  const dataDir = resolve(repoRoot, options.dataDir ?? process.env.DATA_DIR ?? ".data");
  let db: Awaited<ReturnType<typeof startDynalite>> | undefined;
  if (!config.dynamoEndpoint) {
    db = await startDynalite({ path: dataDir });
    process.env.DYNAMODB_ENDPOINT = db.endpoint;
  }
  const table = await ensureTable(dynamo().raw, config.tableName);
  const seeded = await seedDefaults();

  const server = createGateway({ webRoot: options.web === false ? undefined : webDist });
  await new Promise<void>((res, rej) => {
    server.once("error", rej);
    server.listen(options.port ?? 3000, "0.0.0.0", () => res());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  process.env.PUBLIC_URL ??= url;

  return {
    url,
    port,
    dataDir: db ? dataDir : undefined,
    table,
    seeded,
    async close() {
      await new Promise<void>((res) => {
        server.close(() => res());
        server.closeAllConnections();
      });
      await db?.close();
    },
  };
}
