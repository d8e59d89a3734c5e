import type { TestProject } from "vitest/node";
import { startRuntime } from "./runtime";

/** The black-box API tests talk HTTP to one started local runtime on a fresh data directory. */
export default async function setup(project: TestProject) {
  const runtime = await startRuntime({ env: { ...(process.env.API_TEST_ENV ? JSON.parse(process.env.API_TEST_ENV) : {}) } });
  project.provide("baseUrl", runtime.url);
  return () => runtime.stop();
}
