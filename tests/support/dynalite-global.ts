import type { TestProject } from "vitest/node";
import { startDynalite } from "../../packages/local/src/dynamo";

/** One in-memory dynalite for the integration run; each test file makes its own table on it. */
export default async function setup(project: TestProject) {
  const db = await startDynalite();
  project.provide("dynamoEndpoint", db.endpoint);
  return () => db.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    baseUrl: string;
    runtimeDataDir: string;
    mailUrl: string;
  }
}
