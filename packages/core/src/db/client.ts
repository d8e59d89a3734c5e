/// <reference path="./electrodb-modules.d.ts" />
// The machine runs Node 20 by design; the SDK's notice about its future Node 22 floor is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { fromEnv } from "@aws-sdk/credential-provider-env";
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { DocumentClientV3Wrapper } from "electrodb/src/client.js";
import { config } from "../config";

/**
 * What ElectroDB sends with: its own wrapper of a v3 document client, given only the commands our
 * entities use (no transactions: the table has none). ElectroDB would otherwise wrap the client with
 * a `require` of the whole of @aws-sdk/lib-dynamodb, which a bundler cannot trim (ElectroDB is
 * CommonJS); handed over through this ES import it keeps just these, and the Lambda bundles resolve
 * ElectroDB's own `require` of it to nothing (infra/bundling.ts: `electrodbTrims`).
 */
const commands = { BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand };

let cached: { key: string; client: DynamoDBDocumentClient; raw: DynamoDBClient; electro: DocumentClientV3Wrapper } | undefined;

/**
 * The DynamoDB client for the configured endpoint. Created lazily and re-created when the endpoint
 * changes (tests point the same process at several servers).
 *
 * Credentials: a local endpoint gets fixed dummy keys; in Lambda, the role's keys that the runtime
 * puts in the environment (fromEnv), without walking the SDK's default chain (profiles, SSO, web
 * identity, instance metadata) that a Lambda never needs; anywhere else (an `sst bind` command)
 * the default chain.
 */
export function dynamo() {
  const endpoint = config.dynamoEndpoint;
  const key = `${endpoint ?? "aws"}|${config.region}`;
  if (!cached || cached.key !== key) {
    const raw = new DynamoDBClient({
      region: config.region,
      ...(endpoint
        ? { endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
        : config.inLambda
          ? { credentials: fromEnv() }
          : {}),
    });
    const client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    cached = { key, raw, client, electro: new DocumentClientV3Wrapper(client, commands) };
  }
  return cached;
}
