import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";
import { afterEach, describe, expect, it } from "vitest";
import { config } from "../config";
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, DescribeTableCommand, DocumentClient, DynamoDBError, GetCommand, PutCommand, QueryCommand, UpdateCommand, dynamo } from "./client";

const TableName = () => config.tableName;

describe("the DynamoDB client against the local engine", () => {
  it("stores native values and reads them back as they were: strings, numbers, booleans, null, nested maps and lists, undefined left out", async () => {
    const { client } = dynamo();
    const Item = { pk: "client#1", sk: "a", text: "héllo", count: 42, ratio: 0.25, on: true, off: false, none: null, nested: { list: [1, "two", { three: 3 }], empty: {} }, gone: undefined };
    await client.send(new PutCommand({ TableName: TableName(), Item }));
    const { Item: read } = await client.send(new GetCommand({ TableName: TableName(), Key: { pk: "client#1", sk: "a" } }));
    const { gone: _gone, ...stored } = Item;
    expect(read).toEqual(stored);
    expect(read).not.toHaveProperty("gone");
  });

  it("answers an update's new values and a delete's old item as native values", async () => {
    const { client } = dynamo();
    const Key = { pk: "client#2", sk: "a" };
    await client.send(new PutCommand({ TableName: TableName(), Item: { ...Key, count: 1 } }));
    const updated = await client.send(
      new UpdateCommand({ TableName: TableName(), Key, UpdateExpression: "ADD #c :d SET #t = :t", ExpressionAttributeNames: { "#c": "count", "#t": "tags" }, ExpressionAttributeValues: { ":d": 2, ":t": ["x", "y"] }, ReturnValues: "ALL_NEW" }),
    );
    expect(updated.Attributes).toEqual({ ...Key, count: 3, tags: ["x", "y"] });
    const deleted = await client.send(new DeleteCommand({ TableName: TableName(), Key, ReturnValues: "ALL_OLD" }));
    expect(deleted.Attributes).toEqual({ ...Key, count: 3, tags: ["x", "y"] });
    expect((await client.send(new GetCommand({ TableName: TableName(), Key }))).Item).toBeUndefined();
  });

  it("pages a query: the last evaluated key comes back native and is taken as the next page's start", async () => {
    const { client } = dynamo();
    for (const sk of ["a", "b", "c"]) await client.send(new PutCommand({ TableName: TableName(), Item: { pk: "client#3", sk, n: sk.charCodeAt(0) } }));
    const query = { TableName: TableName(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "client#3" }, Limit: 2 };
    const first = await client.send(new QueryCommand(query));
    expect(first.Items?.map((i) => i.sk)).toEqual(["a", "b"]);
    expect(first.LastEvaluatedKey).toEqual({ pk: "client#3", sk: "b" });
    const second = await client.send(new QueryCommand({ ...query, ExclusiveStartKey: first.LastEvaluatedKey }));
    expect(second.Items).toEqual([{ pk: "client#3", sk: "c", n: 99 }]);
    expect(second.LastEvaluatedKey).toBeUndefined();
  });

  it("writes and reads in batches, every table's items converted both ways", async () => {
    const { client } = dynamo();
    const keys = [1, 2, 3].map((i) => ({ pk: "client#4", sk: `item-${i}` }));
    await client.send(new BatchWriteCommand({ RequestItems: { [TableName()]: keys.map((k, i) => ({ PutRequest: { Item: { ...k, i, meta: { even: i % 2 === 0 } } } })) } }));
    const got = await client.send(new BatchGetCommand({ RequestItems: { [TableName()]: { Keys: keys } } }));
    expect(got.Responses?.[TableName()]?.map((item) => item.i).sort()).toEqual([0, 1, 2]);
    expect(got.Responses?.[TableName()]?.find((item) => item.i === 0)).toEqual({ pk: "client#4", sk: "item-1", i: 0, meta: { even: true } });
    expect(got.UnprocessedKeys ?? {}).toEqual({});
    await client.send(new BatchWriteCommand({ RequestItems: { [TableName()]: keys.map((Key) => ({ DeleteRequest: { Key } })) } }));
    const after = await client.send(new BatchGetCommand({ RequestItems: { [TableName()]: { Keys: keys } } }));
    expect(after.Responses?.[TableName()]).toEqual([]);
  });

  it("throws a failed condition as ConditionalCheckFailedException with DynamoDB's message, and a missing table as ResourceNotFoundException", async () => {
    const { client } = dynamo();
    const Item = { pk: "client#5", sk: "a" };
    await client.send(new PutCommand({ TableName: TableName(), Item }));
    const failed = await client.send(new PutCommand({ TableName: TableName(), Item, ConditionExpression: "attribute_not_exists(pk)" })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DynamoDBError);
    expect(failed).toMatchObject({ name: "ConditionalCheckFailedException", statusCode: 400, message: "The conditional request failed" });
    const missing = await client.send(new DescribeTableCommand({ TableName: "no-such-table" })).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: "ResourceNotFoundException", statusCode: 400 });
  });
});

/** A stand-in DynamoDB that answers each request with the next of `answers` (the last one repeats). */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = (res: ServerResponse) => void;
const json = (status: number, body: unknown): Answer => (res) => {
  res.writeHead(status, { "Content-Type": "application/x-amz-json-1.0" });
  res.end(JSON.stringify(body));
};
const servers: Server[] = [];
async function standIn(answers: Answer[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      answers[Math.min(received.length, answers.length) - 1]!(res);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  for (const name of ["AWS_LAMBDA_FUNCTION_NAME", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"]) delete process.env[name];
});
const quick = { backoffMs: 1, throttledBackoffMs: 1 };
const get = new GetCommand({ TableName: "t", Key: { pk: "a", sk: "b" } });

describe("the DynamoDB client's requests and failures", () => {
  it("sends DynamoDB's JSON protocol with a Signature V4 that the AWS SDK's own signer computes the same, with Lambda's session token", async () => {
    const { endpoint, received } = await standIn([json(200, { Item: { pk: { S: "a" }, sk: { S: "b" }, n: { N: "7" } } })]);
    Object.assign(process.env, { AWS_LAMBDA_FUNCTION_NAME: "test", AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", AWS_SESSION_TOKEN: "session-token" });
    const client = new DocumentClient({ endpoint, region: "eu-west-2", retries: quick });
    expect((await client.send(get)).Item).toEqual({ pk: "a", sk: "b", n: 7 });

    const [{ headers, body }] = received as [Received];
    expect(JSON.parse(body)).toEqual({ TableName: "t", Key: { pk: { S: "a" }, sk: { S: "b" } } });
    expect(headers["x-amz-target"]).toBe("DynamoDB_20120810.GetItem");
    expect(headers["content-type"]).toBe("application/x-amz-json-1.0");
    expect(headers["x-amz-security-token"]).toBe("session-token");
    const authorization = String(headers.authorization);
    expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-2\/dynamodb\/aws4_request, SignedHeaders=/);

    // The SDK's signer, given the same request and instant, must arrive at the same signature.
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)![1]!.split(";");
    const amzDate = String(headers["x-amz-date"]);
    const signer = new SignatureV4({
      service: "dynamodb",
      region: "eu-west-2",
      sha256: Hash.bind(null, "sha256"),
      applyChecksum: false,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken: "session-token" },
    });
    const expected = await signer.sign(
      {
        method: "POST",
        protocol: "http:",
        hostname: "127.0.0.1",
        path: "/",
        headers: Object.fromEntries(signedHeaders.map((h) => [h, String(headers[h])])),
        body,
      },
      { signingDate: new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`) },
    );
    expect(/Signature=([0-9a-f]+)/.exec(authorization)![1]).toBe(/Signature=([0-9a-f]+)/.exec(String(expected.headers.authorization))![1]);
  });

  it("tries throttling and 5xx answers again, three attempts in all", async () => {
    const throttled = json(400, { __type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", message: "Rate exceeded" });
    const ok = json(200, { Item: { pk: { S: "a" } } });
    const recovering = await standIn([throttled, json(503, { __type: "ServiceUnavailable", message: "busy" }), ok]);
    expect((await new DocumentClient({ endpoint: recovering.endpoint, region: "us-east-1", retries: quick }).send(get)).Item).toEqual({ pk: "a" });
    expect(recovering.received).toHaveLength(3);

    const down = await standIn([json(500, { __type: "com.amazonaws.dynamodb.v20120810#InternalServerError", message: "Internal server error" })]);
    const err = await new DocumentClient({ endpoint: down.endpoint, region: "us-east-1", retries: quick }).send(get).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "InternalServerError", statusCode: 500 });
    expect(down.received).toHaveLength(3);
  });

  it("throws what DynamoDB refused at once: a failed condition or a validation error is not sent again", async () => {
    const refused = await standIn([json(400, { __type: "com.amazon.coral.validate#ValidationException", message: "One or more parameter values were invalid" })]);
    const err = await new DocumentClient({ endpoint: refused.endpoint, region: "us-east-1", retries: quick }).send(get).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "ValidationException", message: "One or more parameter values were invalid", statusCode: 400 });
    expect(refused.received).toHaveLength(1);
  });

  it("sends a request again when its connection drops", async () => {
    const flaky = await standIn([(res) => res.socket?.destroy(), json(200, { Item: { pk: { S: "a" } } })]);
    expect((await new DocumentClient({ endpoint: flaky.endpoint, region: "us-east-1", retries: quick }).send(get)).Item).toEqual({ pk: "a" });
    expect(flaky.received).toHaveLength(2);
  });

  it("waits for a slow answer rather than sending a write again", async () => {
    const slow = await standIn([(res) => setTimeout(() => json(200, { Attributes: { count: { N: "1" } } })(res), 3_200)]);
    const update = new UpdateCommand({ TableName: "t", Key: { pk: "a", sk: "b" }, UpdateExpression: "ADD #c :one", ExpressionAttributeNames: { "#c": "count" }, ExpressionAttributeValues: { ":one": 1 }, ReturnValues: "ALL_NEW" });
    expect((await new DocumentClient({ endpoint: slow.endpoint, region: "us-east-1", retries: quick }).send(update)).Attributes).toEqual({ count: 1 });
    expect(slow.received).toHaveLength(1);
  });

  it("names an answer that is not JSON, and a 5xx of it is tried again", async () => {
    const garbled = await standIn([(res) => res.writeHead(502).end("<html>Bad gateway</html>")]);
    const err = await new DocumentClient({ endpoint: garbled.endpoint, region: "us-east-1", retries: quick }).send(get).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "InternalServerError", statusCode: 502 });
    expect(garbled.received).toHaveLength(3);
  });
});
