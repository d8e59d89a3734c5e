/// <reference path="./electrodb-modules.d.ts" />
import http from "node:http";
import https from "node:https";
import { marshall, unmarshall, type NativeAttributeValue } from "@aws-sdk/util-dynamodb";
import aws4 from "aws4";
import { DocumentClientV3Wrapper } from "electrodb/src/client.js";
import { config } from "../config";

/**
 * The DynamoDB client: DynamoDB's JSON protocol spoken directly (one signed POST per operation), with
 * the document client's conversions (native values in, native values out).
 *
 * Why not the AWS SDK's client: every function reads or writes DynamoDB on its first request, and the
 * SDK's DynamoDB client with its middleware stack, schema serde and endpoint rules is about 250 KB
 * that each cold start parses and runs (issue 22; README "Handler size and cold start"). The table
 * needs eight item operations, whose wire format is plain JSON; this module is what they take:
 * - signing with `aws4` (Signature V4),
 * - the conversions with `@aws-sdk/util-dynamodb` (the same `marshall`/`unmarshall`, with the same
 *   options, that `@aws-sdk/lib-dynamodb` applies, so the stored items are unchanged),
 * - the SDK's standard retry mode (`RetryPolicy` below): throttling, 5xx answers and dropped
 *   connections are tried again with a jittered exponential backoff,
 * - DynamoDB's error names (`ConditionalCheckFailedException`, ...) on the errors it throws.
 *
 * ElectroDB sends through its own v3 wrapper, handed the command classes below.
 */

type Doc = Record<string, NativeAttributeValue>;
type Wire = Record<string, unknown>;

/** The operations the app sends: the item operations, and the two the local runtime's table set-up uses. */
export type Operation = "GetItem" | "PutItem" | "UpdateItem" | "DeleteItem" | "Query" | "Scan" | "BatchGetItem" | "BatchWriteItem" | "DescribeTable" | "CreateTable";

export interface Command {
  readonly operation: Operation;
  readonly input: Wire;
}

const command = (operation: Operation) =>
  class implements Command {
    readonly operation = operation;
    constructor(readonly input: Wire) {}
  };

/** The document commands, named as `@aws-sdk/lib-dynamodb` names them (ElectroDB builds them by these names). */
export const GetCommand = command("GetItem");
export const PutCommand = command("PutItem");
export const UpdateCommand = command("UpdateItem");
export const DeleteCommand = command("DeleteItem");
export const QueryCommand = command("Query");
export const ScanCommand = command("Scan");
export const BatchGetCommand = command("BatchGetItem");
export const BatchWriteCommand = command("BatchWriteItem");
export const DescribeTableCommand = command("DescribeTable");
export const CreateTableCommand = command("CreateTable");
const electroCommands = { GetCommand, PutCommand, UpdateCommand, DeleteCommand, QueryCommand, ScanCommand, BatchGetCommand, BatchWriteCommand };

/** An error DynamoDB answered: `name` is its error type (e.g. ConditionalCheckFailedException). */
export class DynamoDBError extends Error {
  constructor(
    name: string,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = name;
  }
}

const toWireItem = (value: Wire): Wire => marshall(value as Doc, { removeUndefinedValues: true });
const fromWireItem = (value: Wire): Wire => unmarshall(value as never);
/** Maps a table-keyed object (RequestItems, Responses, Unprocessed...) by its own entries. */
const byTable = <T, U>(tables: Record<string, T> | undefined, fn: (value: T) => U) =>
  tables && Object.fromEntries(Object.entries(tables).map(([table, value]) => [table, fn(value)]));

type Convert = (value: Wire) => Wire;
type WriteRequest = { PutRequest?: { Item: Wire }; DeleteRequest?: { Key: Wire } };
/** A BatchGet's keys of each table (asked for, or left unprocessed), each converted. */
const batchKeys = (tables: unknown, convert: Convert) => byTable(tables as Record<string, { Keys: Wire[] }>, (t) => ({ ...t, Keys: t.Keys.map(convert) }));
/** A BatchWrite's puts and deletes of each table (asked for, or left unprocessed), each converted. */
const writeRequests = (tables: unknown, convert: Convert) =>
  byTable(tables as Record<string, WriteRequest[]>, (requests) =>
    requests.map((r) => (r.PutRequest ? { PutRequest: { Item: convert(r.PutRequest.Item) } } : { DeleteRequest: { Key: convert(r.DeleteRequest!.Key) } })),
  );

/** The request's native values in DynamoDB's typed form, where lib-dynamodb converts them. */
function toWire({ operation, input }: Command): Wire {
  const out: Wire = { ...input };
  for (const field of ["Key", "Item", "ExpressionAttributeValues", "ExclusiveStartKey"] as const) {
    if (input[field] !== undefined) out[field] = toWireItem(input[field] as Wire);
  }
  if (operation === "BatchGetItem") out.RequestItems = batchKeys(input.RequestItems, toWireItem);
  if (operation === "BatchWriteItem") out.RequestItems = writeRequests(input.RequestItems, toWireItem);
  return out;
}

/** The answer's typed values as native ones. */
function fromWire(output: Wire): Wire {
  const out: Wire = { ...output };
  for (const field of ["Item", "Attributes", "LastEvaluatedKey"] as const) {
    if (output[field] !== undefined) out[field] = fromWireItem(output[field] as Wire);
  }
  if (Array.isArray(output.Items)) out.Items = output.Items.map(fromWireItem);
  if (output.Responses) out.Responses = byTable(output.Responses as Record<string, Wire[]>, (items) => items.map(fromWireItem));
  if (output.UnprocessedKeys) out.UnprocessedKeys = batchKeys(output.UnprocessedKeys, fromWireItem);
  if (output.UnprocessedItems) out.UnprocessedItems = writeRequests(output.UnprocessedItems, fromWireItem);
  return out;
}

interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * Credentials: in Lambda, the role's keys that the runtime puts in the environment; at a local
 * endpoint, fixed dummy keys; anywhere else (an `sst bind` command) the SDK's default chain
 * (profiles, SSO, ...), loaded only there.
 */
function credentialsFor(local: boolean): () => Promise<Credentials> {
  if (config.inLambda) {
    return async () => {
      const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
      if (!accessKeyId || !secretAccessKey) throw new Error("No AWS credentials in the environment");
      return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    };
  }
  if (local) return async () => ({ accessKeyId: "local", secretAccessKey: "local" });
  let chain: Promise<() => Promise<Credentials>> | undefined;
  return async () => {
    chain ??= import("@aws-sdk/credential-provider-node").then(({ defaultProvider }) => defaultProvider());
    return (await chain)();
  };
}

/**
 * How failures are tried again: the AWS SDK's standard retry mode (3 attempts; a jittered
 * exponential backoff from 100 ms, from 500 ms after throttling, at most 20 s). Throttling, 5xx
 * answers and dropped connections are tried again; anything else DynamoDB answered (a failed
 * condition, a validation error) is thrown at once. As in the SDK, a request has no time limit of its
 * own (the function's timeout bounds it): abandoning a slow write and sending it again could apply an
 * ADD twice (a rate limit, a counter).
 */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
  throttledBackoffMs: number;
}
const standardRetries: RetryPolicy = { attempts: 3, backoffMs: 100, throttledBackoffMs: 500 };
const BACKOFF_CAP_MS = 20_000;
const THROTTLING = new Set(["ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded", "Throttling", "TooManyRequestsException"]);
const TRANSIENT_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EAI_AGAIN", "ERR_STREAM_PREMATURE_CLOSE"]);
const transient = (err: unknown) =>
  err instanceof DynamoDBError ? err.statusCode >= 500 || THROTTLING.has(err.name) : TRANSIENT_CODES.has(String((err as { code?: unknown }).code));

/** Where requests go and with which keys. */
interface Target {
  url: URL;
  region: string;
  transport: typeof http | typeof https;
  agent: http.Agent;
  retries: RetryPolicy;
  credentials(): Promise<Credentials>;
}

function post(target: Target, operation: Operation, body: string, credentials: Credentials, signal?: AbortSignal): Promise<Wire> {
  const { url } = target;
  const signed = aws4.sign(
    {
      host: url.host,
      path: "/",
      method: "POST",
      service: "dynamodb",
      region: target.region,
      headers: { "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": `DynamoDB_20120810.${operation}`, "Content-Length": String(Buffer.byteLength(body)) },
      body,
    },
    credentials,
  );
  return new Promise((resolve, reject) => {
    const req = target.transport.request(
      { hostname: url.hostname, port: url.port || undefined, path: "/", method: "POST", headers: signed.headers as http.OutgoingHttpHeaders, agent: target.agent, signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          let parsed: Wire;
          try {
            const text = Buffer.concat(chunks).toString("utf8");
            parsed = text ? (JSON.parse(text) as Wire) : {};
          } catch {
            return reject(new DynamoDBError(status >= 500 ? "InternalServerError" : "SerializationException", `DynamoDB answered ${status} with a body that is not JSON`, status));
          }
          if (status === 200) return resolve(parsed);
          // "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException" (or the error-type header's "Name:...")
          const type = String(parsed.__type ?? res.headers["x-amzn-errortype"] ?? "UnknownError");
          const name = type.split("#").pop()!.split(":")[0]!;
          reject(new DynamoDBError(name, String(parsed.message ?? parsed.Message ?? `DynamoDB answered ${status}`), status));
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** One operation: signed, sent, and sent again while the failure is transient. */
async function call(target: Target, operation: Operation, payload: Wire, signal?: AbortSignal): Promise<Wire> {
  const body = JSON.stringify(payload);
  const { attempts, backoffMs, throttledBackoffMs } = target.retries;
  for (let attempt = 1; ; attempt++) {
    try {
      return await post(target, operation, body, await target.credentials(), signal);
    } catch (err) {
      if (attempt >= attempts || signal?.aborted || !transient(err)) throw err;
      const base = err instanceof DynamoDBError && THROTTLING.has(err.name) ? throttledBackoffMs : backoffMs;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(BACKOFF_CAP_MS, base * 2 ** (attempt - 1))));
    }
  }
}

/** What an operation answers, its values native (the fields the app reads). */
export interface DocumentOutput {
  Item?: Doc;
  Items?: Doc[];
  Attributes?: Doc;
  LastEvaluatedKey?: Doc;
  Responses?: Record<string, Doc[]>;
  UnprocessedKeys?: Record<string, { Keys: Doc[] }>;
  UnprocessedItems?: Record<string, Array<{ PutRequest?: { Item: Doc }; DeleteRequest?: { Key: Doc } }>>;
  Table?: { TableStatus?: string };
}

/** Sends document commands: native values in and out, as `@aws-sdk/lib-dynamodb`'s client does. */
export class DocumentClient {
  private readonly target: Target;
  /** `endpoint`: any DynamoDB-compatible server; unset, DynamoDB itself in `region`. */
  constructor(options: { endpoint?: string; region: string; retries?: Partial<RetryPolicy> }) {
    const { endpoint, region } = options;
    const url = new URL(endpoint ?? `https://dynamodb.${region}.amazonaws.com${region.startsWith("cn-") ? ".cn" : ""}`);
    const transport = url.protocol === "http:" ? http : https;
    this.target = {
      url,
      region,
      transport,
      agent: new transport.Agent({ keepAlive: true }),
      retries: { ...standardRetries, ...options.retries },
      credentials: credentialsFor(endpoint !== undefined),
    };
  }
  async send(command: Command, options: { abortSignal?: AbortSignal } = {}): Promise<DocumentOutput> {
    return fromWire(await call(this.target, command.operation, toWire(command), options.abortSignal)) as DocumentOutput;
  }
}

let cached: { key: string; client: DocumentClient; electro: DocumentClientV3Wrapper } | undefined;

/**
 * The DynamoDB client for the configured endpoint. Created lazily and re-created when the endpoint
 * changes (tests point the same process at several servers).
 */
export function dynamo() {
  const endpoint = config.dynamoEndpoint;
  const key = `${endpoint ?? "aws"}|${config.region}`;
  if (!cached || cached.key !== key) {
    const client = new DocumentClient({ endpoint, region: config.region });
    cached = { key, client, electro: new DocumentClientV3Wrapper(client, electroCommands) };
  }
  return cached;
}
