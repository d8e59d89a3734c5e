import { randomUUID } from "node:crypto";
import { beforeAll, inject } from "vitest";
import { ensureTable } from "../../packages/core/src/db/table";

// Every integration test file runs on a fresh table of the shared dynalite server.
process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
process.env.TABLE_NAME = `test-${randomUUID()}`;

beforeAll(async () => {
  await ensureTable(process.env.TABLE_NAME!);
});
