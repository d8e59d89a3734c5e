import type { TestProject } from "vitest/node";
import { startDynalite } from "../../packages/local/src/dynamo";
import { startRuntime } from "./runtime";

/**
 * The black-box API tests talk HTTP to one started local runtime. Its database is a dynalite
 * server started here, so tests can also look at what was (or was not) stored.
 */
export default async function setup(project: TestProject) {
  const db = await startDynalite();
  const runtime = await startRuntime({ env: { DYNAMODB_ENDPOINT: db.endpoint, TABLE_NAME: "api-tests", RECORDS_SINCE: String(project.config.env.RECORDS_SINCE ?? "") } });
  project.provide("baseUrl", runtime.url);
  project.provide("dynamoEndpoint", db.endpoint);
  // Where the runtime keeps its generated secrets: a test can sign with the runtime's own key.
  project.provide("runtimeDataDir", runtime.dataDir);
  // Its mail catcher's REST API: the mails the runtime sent (`${mailUrl}/api/email`).
  project.provide("mailUrl", runtime.mailUrl);
  return async () => {
    await runtime.stop();
    await db.close();
  };
}
