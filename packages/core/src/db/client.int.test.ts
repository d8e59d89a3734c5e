import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ConditionalCheckFailedException, GetItemCommand } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { config } from "../config";
import { createDynamo, deployedSettings, dynamo } from "./client";
import { isConditionalFailure } from "./errors";

const TableName = () => config.tableName;

describe("the DynamoDB document client against the local engine", () => {
  it("stores native values in the typed form the table has always held: undefined left out, numbers as N, nested maps and lists", async () => {
    const { client, raw } = dynamo();
    const Item = { pk: "client#1", sk: "a", text: "héllo", count: 42, ratio: 0.25, on: true, none: null, nested: { list: [1, "two", { three: 3 }], empty: {} }, gone: undefined };
    await client.send(new PutCommand({ TableName: TableName(), Item }));
    const { gone: _gone, ...stored } = Item;
    expect((await client.send(new GetCommand({ TableName: TableName(), Key: { pk: "client#1", sk: "a" } }))).Item).toEqual(stored);
    // The wire form, as DynamoDB holds it (what the hand-written client and lib-dynamodb before it wrote).
    const { Item: typed } = await raw.send(new GetItemCommand({ TableName: TableName(), Key: { pk: { S: "client#1" }, sk: { S: "a" } } }));
    expect(typed).toEqual({
      pk: { S: "client#1" },
      sk: { S: "a" },
      text: { S: "héllo" },
      count: { N: "42" },
      ratio: { N: "0.25" },
      on: { BOOL: true },
      none: { NULL: true },
      nested: { M: { list: { L: [{ N: "1" }, { S: "two" }, { M: { three: { N: "3" } } }] }, empty: { M: {} } } },
    });
  });

  it("answers an update's new values and a delete's old item as native values, and pages a query by its native last key", async () => {
    const { client } = dynamo();
    const Key = { pk: "client#2", sk: "a" };
    await client.send(new PutCommand({ TableName: TableName(), Item: { ...Key, count: 1 } }));
    const updated = await client.send(
      new UpdateCommand({
        TableName: TableName(),
        Key,
        UpdateExpression: "ADD #c :d",
        ExpressionAttributeNames: { "#c": "count" },
        ExpressionAttributeValues: { ":d": 2 },
        ReturnValues: "ALL_NEW",
      }),
    );
    expect(updated.Attributes).toEqual({ ...Key, count: 3 });
    expect((await client.send(new DeleteCommand({ TableName: TableName(), Key, ReturnValues: "ALL_OLD" }))).Attributes).toEqual({ ...Key, count: 3 });

    for (const sk of ["a", "b", "c"]) await client.send(new PutCommand({ TableName: TableName(), Item: { pk: "client#3", sk } }));
    const query = { TableName: TableName(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "client#3" }, Limit: 2 };
    const first = await client.send(new QueryCommand(query));
    expect(first.LastEvaluatedKey).toEqual({ pk: "client#3", sk: "b" });
    expect((await client.send(new QueryCommand({ ...query, ExclusiveStartKey: first.LastEvaluatedKey }))).Items).toEqual([{ pk: "client#3", sk: "c" }]);
  });

  it("throws a failed condition as the SDK's ConditionalCheckFailedException, with the request id, which isConditionalFailure recognises", async () => {
    const { client } = dynamo();
    const Item = { pk: "client#4", sk: "a" };
    await client.send(new PutCommand({ TableName: TableName(), Item }));
    const failed = await client.send(new PutCommand({ TableName: TableName(), Item, ConditionExpression: "attribute_not_exists(pk)" })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ConditionalCheckFailedException);
    expect((failed as ConditionalCheckFailedException).$metadata.httpStatusCode).toBe(400);
    expect(isConditionalFailure(failed)).toBe(true);
  });
});

/** A stand-in DynamoDB that answers each request with the next of `answers` (the last one repeats). */
type Answer = (res: ServerResponse) => void;
const json =
  (status: number, body: unknown): Answer =>
  (res) => {
    res.writeHead(status, { "Content-Type": "application/x-amz-json-1.0" });
    res.end(JSON.stringify(body));
  };
const servers: Server[] = [];
const endpoint = process.env.DYNAMODB_ENDPOINT;
/** As a function runs: Lambda's environment, its role's keys in it. */
const lambdaEnv = { AWS_LAMBDA_FUNCTION_NAME: "agency-test", AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret", AWS_SESSION_TOKEN: "session-token" };
async function standIn(answers: Answer[]) {
  const received: string[] = [];
  const signed: Array<[string | undefined, string | string[] | undefined]> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(String(req.headers["x-amz-target"]));
      signed.push([req.headers.authorization, req.headers["x-amz-security-token"]]);
      answers[Math.min(received.length, answers.length) - 1]!(res);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  Object.assign(process.env, lambdaEnv, { DYNAMODB_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  return { received, signed };
}
afterEach(async () => {
  process.env.DYNAMODB_ENDPOINT = endpoint;
  for (const name of Object.keys(lambdaEnv)) delete process.env[name];
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});
const get = () => dynamo().client.send(new GetCommand({ TableName: "t", Key: { pk: "a", sk: "b" } }));

describe("the DynamoDB client of a function: retries and time limits", () => {
  it("tries throttling and 5xx answers again, three attempts in all", async () => {
    const throttled = json(400, { __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", message: "Rate exceeded" });
    const recovering = await standIn([
      throttled,
      json(500, { __type: "com.amazonaws.dynamodb.v20120810#InternalServerError", message: "busy" }),
      json(200, { Item: { pk: { S: "a" } } }),
    ]);
    expect((await get()).Item).toEqual({ pk: "a" });
    expect(recovering.received).toEqual(Array(3).fill("DynamoDB_20120810.GetItem"));
    // Signed with the role's keys that Lambda puts in the environment.
    for (const [authorization, token] of recovering.signed) {
      expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=/);
      expect(token).toBe("session-token");
    }
  });

  it("throws what DynamoDB refused at once: a validation error is not sent again", async () => {
    const refused = await standIn([json(400, { __type: "com.amazon.coral.validate#ValidationException", message: "One or more parameter values were invalid" })]);
    expect(await get().catch((e: unknown) => e)).toMatchObject({ name: "ValidationException", message: "One or more parameter values were invalid" });
    expect(refused.received).toHaveLength(1);
  });

  it("abandons an answer that does not come within the request timeout and gives up after three attempts", async () => {
    const silent = await standIn([() => {}]);
    // The deployed limits with a request timeout of 200 ms instead of 2.5 s (the test's only change).
    const short = { ...deployedSettings, requestHandler: { ...deployedSettings.requestHandler, requestTimeout: 200 } };
    const { client } = createDynamo(short);
    expect(await client.send(new GetCommand({ TableName: "t", Key: { pk: "a", sk: "b" } })).catch((e: unknown) => e)).toMatchObject({ name: "TimeoutError" });
    expect(silent.received).toHaveLength(3);
  });

  it("is configured with a connection timeout, a request timeout that throws, and three attempts; a local engine outside Lambda waits longer", async () => {
    const handlerConfig = async () => {
      await get();
      const { raw } = dynamo();
      return { maxAttempts: await raw.config.maxAttempts(), ...(raw.config.requestHandler as unknown as { httpHandlerConfigs(): object }).httpHandlerConfigs() };
    };
    await standIn([json(200, {})]);
    expect(await handlerConfig()).toMatchObject({ maxAttempts: 3, connectionTimeout: 2_000, requestTimeout: 2_500, throwOnRequestTimeout: true });
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    expect(await handlerConfig()).toMatchObject({ maxAttempts: 3, connectionTimeout: 10_000, requestTimeout: 30_000, throwOnRequestTimeout: true });
  });
});
