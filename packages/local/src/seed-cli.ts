import { config } from "@agency/core/config";
import { ensureTable } from "@agency/core/db/table";
import { ensureCounters, seedDefaults } from "@agency/core/seed/seed";
import { startDynalite } from "./dynamo";
import { resolve } from "node:path";
import { repoRoot } from "./paths";

// `npm run seed`: seeds the configured table (DYNAMODB_ENDPOINT), or the local data directory.
const db = config.dynamoEndpoint ? undefined : await startDynalite({ path: resolve(repoRoot, process.env.DATA_DIR ?? ".data") });
if (db) process.env.DYNAMODB_ENDPOINT = db.endpoint;
await ensureTable(config.tableName);
console.log(`Seed: ${await seedDefaults()}`);
console.log(`Counters: ${await ensureCounters()}`);
await db?.close();
