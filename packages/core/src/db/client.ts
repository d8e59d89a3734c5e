// The machine runs Node 20 by design; the SDK's notice about its future Node 22 floor is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { fromEnv } from "@aws-sdk/credential-provider-env";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { config } from "../config";

let cached: { key: string; client: DynamoDBDocumentClient; raw: DynamoDBClient } | undefined;

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
    cached = { key, raw, client: DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }) };
  }
  return cached;
}
