// @vitest-environment node
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sstBundle, type Built } from "../../bench/sst-bundle";
import { ensureTable } from "../../packages/core/src/db/table";
import { startDynalite } from "../../packages/local/src/dynamo";

/**
 * What only a deployed function runs, run here: a handler bundled as `sst deploy` bundles it
 * (tests/infra/fixtures/electrodb-in-lambda.ts through SST's esbuild with infra/bundling.ts), in a
 * Node process with Lambda's environment, against dynalite: ElectroDB's `require` of lib-dynamodb
 * answered by the app's eight commands and its JSON-schema validator stubbed (`electrodbTrims`), the
 * entity built on first use with its model check skipped (db/entity.ts), the SDK's document client
 * with the environment's credentials (db/client.ts).
 */
const run = promisify(execFile);
let built: Built;
let engine: Awaited<ReturnType<typeof startDynalite>>;

beforeAll(async () => {
  engine = await startDynalite();
  Object.assign(process.env, { DYNAMODB_ENDPOINT: engine.endpoint, TABLE_NAME: "bundle-test" });
  await ensureTable("bundle-test");
  built = await sstBundle("tests/infra/fixtures/electrodb-in-lambda.ts", path.resolve(".build/test/electrodb-in-lambda"));
});
afterAll(() => engine?.close());

const lambdaEnv = () => ({
  PATH: process.env.PATH,
  AWS_LAMBDA_FUNCTION_NAME: "bundle-test",
  AWS_REGION: "us-east-1",
  AWS_ACCESS_KEY_ID: "bundle",
  AWS_SECRET_ACCESS_KEY: "bundle",
  AWS_SESSION_TOKEN: "bundle",
  TABLE_NAME: "bundle-test",
  DYNAMODB_ENDPOINT: engine.endpoint,
});
const PROBE = `const { handler } = await import(process.argv[1]); process.stdout.write(JSON.stringify(await handler()));`;
const invoke = (env: NodeJS.ProcessEnv) => run(process.execPath, ["--input-type=module", "-e", PROBE, built.entry], { env });

describe("ElectroDB in a function's bundle", () => {
  it("sends every kind of request the entities send, with the app's commands, in Lambda's environment", async () => {
    const { stdout } = await invoke(lambdaEnv());
    expect(JSON.parse(stdout)).toEqual({
      duplicate: "conditional failure",
      patched: "A2",
      got: { id: "a", year: "2026", title: "A2", tags: ["x"] },
      batch: ["b", "c"],
      queried: ["a", "b", "c"],
      scanned: ["a", "b", "c"],
      left: 0,
    });
  });

  it("carries only the commands the entities send, and no JSON-schema validator: outside Lambda the model check fails", async () => {
    const code = [...built.outputs.keys()].map((f) => fs.readFileSync(f, "utf8")).join("\n");
    for (const name of ["GetCommand", "QueryCommand", "BatchWriteCommand"]) expect(code).toContain(`"${name}"`);
    for (const name of ["TransactWriteCommand", "TransactWriteItemsCommand", "ExecuteStatementCommand", "ValidatorResult"]) expect(code).not.toContain(`"${name}"`);
    const { AWS_LAMBDA_FUNCTION_NAME: _, ...notLambda } = lambdaEnv();
    await expect(invoke(notLambda)).rejects.toMatchObject({ stderr: expect.stringContaining("ElectroDB's model check is not bundled") });
  });
});
