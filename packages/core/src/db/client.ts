import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import electrodbLib from "./electrodb-lib.cjs";
import { config } from "../config";

/**
 * The commands ElectroDB builds for the app's entities (get, put, update, delete, query, scan, the
 * two batches; no transactions: the table has none). ElectroDB wraps the document client it is given
 * with whatever its `require("@aws-sdk/lib-dynamodb")` answers: the whole package in tests and
 * `npm start`, and in a Lambda bundle this object (electrodb-lib.cjs, infra/bundling.ts), so a
 * function carries just these commands.
 */
Object.assign(electrodbLib, { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand });

/**
 * How long a DynamoDB call may take, and how often it is tried. A function has 10 s to answer
 * (infra/bundling.ts; API Gateway gives up at 30 s), and a request makes a few calls in turn, so one
 * call must fail well inside that budget for the handler to answer its own 500 with a request id
 * rather than be cut off by Lambda:
 * - connecting: DynamoDB's regional endpoint connects in milliseconds; a connection not made in 2 s
 *   is a broken path, better abandoned and tried on a fresh socket;
 * - the whole attempt (the request timeout runs from the same moment as the connection's): an item
 *   operation takes milliseconds and a 1 MB Query page (the most the app reads at once) a few
 *   hundred; 2.5 s is several times that. The SDK only warns at its request timeout unless told to
 *   throw;
 * - 3 attempts (the SDK's standard retry mode: throttling, 5xx, timeouts and dropped connections,
 *   with jittered backoff): at most about 3 × 2.5 s and the backoff, 8 s, inside the 10 s.
 * A write abandoned after its timeout and sent again may have been applied the first time: a
 * conditional create then fails as a duplicate, and an ADD (a counter, a rate-limit window) counts
 * twice — the price of answering at all, and only after a 2.5 s stall.
 */
export const deployedSettings = {
  maxAttempts: 3,
  // The SDK builds its NodeHttpHandler (@smithy/node-http-handler) from these options.
  requestHandler: { connectionTimeout: 2_000, requestTimeout: 2_500, throwOnRequestTimeout: true },
} as const;

/**
 * At a local engine (dynalite under `npm start` and the tests, on the same machine) a slow answer
 * means a busy machine, not a lost request: waiting is right (a loaded test machine was measured
 * taking over a second to connect on loopback), and sending a write again would apply it twice. The
 * same attempts; 10 s to connect and 30 s for an answer (a test's own limit). A function always runs
 * with the deployed settings, even against a local engine (the bundle tests).
 */
export const localSettings = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 10_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
} as const;

/**
 * The document client's conversions, as the table's items have always been stored: undefined
 * attributes left out (ElectroDB's optional attributes), numbers read as numbers.
 */
export const translateConfig = { marshallOptions: { removeUndefinedValues: true } } as const;

let cached: { key: string; client: DynamoDBDocumentClient; raw: DynamoDBClient } | undefined;

/**
 * The DynamoDB clients for the configured endpoint: the SDK's DynamoDBClient and lib-dynamodb's
 * document client on it (native values in and out), which ElectroDB's entities are given
 * (db/service.ts). Created lazily and re-created when the endpoint changes (tests point the same
 * process at several servers). A local endpoint (dynalite) gets fixed dummy keys; a function, or a
 * command run against AWS (`sst bind`), the SDK's default credential chain, whose first link reads
 * the keys Lambda puts in the environment.
 */
export function dynamo() {
  const endpoint = config.dynamoEndpoint;
  const local = endpoint !== undefined && !config.inLambda;
  const key = `${endpoint ?? "aws"}|${config.region}|${local}`;
  if (!cached || cached.key !== key) cached = { key, ...createDynamo(local ? localSettings : deployedSettings) };
  return cached;
}

/** The limits a client is made with: deployedSettings or localSettings (a test may give shorter ones). */
export type ClientSettings = { maxAttempts: number; requestHandler: { connectionTimeout: number; requestTimeout: number; throwOnRequestTimeout: boolean } };

/** A new pair of clients for the configured endpoint with these limits (dynamo() keeps one). */
export function createDynamo(settings: ClientSettings): { client: DynamoDBDocumentClient; raw: DynamoDBClient } {
  const endpoint = config.dynamoEndpoint;
  const local = endpoint !== undefined && !config.inLambda;
  const raw = new DynamoDBClient({
    region: config.region,
    ...settings,
    ...(endpoint ? { endpoint } : {}),
    ...(local ? { credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
  });
  return { raw, client: DynamoDBDocumentClient.from(raw, translateConfig) };
}
