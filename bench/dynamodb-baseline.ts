/**
 * The yardstick of `npm run bench:lambda`: the barest useful DynamoDB handler (the document client
 * and one GetItem), bundled with the same settings as the app's functions. Every handler's cold
 * import and first request are measured against this one's, in the same run.
 * The bench points it at its local engine through DYNAMODB_ENDPOINT, as it does the app's handlers.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";

const endpoint = process.env.DYNAMODB_ENDPOINT;
const client = DynamoDBDocumentClient.from(new DynamoDBClient(endpoint ? { endpoint } : {}));

export const handler = async () => {
  const { Item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: "baseline", sk: "baseline" } }));
  return { statusCode: 200, body: JSON.stringify(Item ?? null) };
};
