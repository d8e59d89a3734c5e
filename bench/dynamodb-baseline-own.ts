/**
 * The second yardstick of `npm run bench:lambda` (printed, not judged): the baseline's one GetItem
 * through the app's own DynamoDB client (packages/core/src/db/client.ts) instead of the SDK's
 * document client. A handler's ratio to it is what the app costs beyond its transport: ElectroDB,
 * zod, the route table, the http wrapper and the domain code.
 */
import { GetCommand, dynamo } from "../packages/core/src/db/client";

export const handler = async () => {
  const { Item } = await dynamo().client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: "baseline", sk: "baseline" } }));
  return { statusCode: 200, body: JSON.stringify(Item ?? null) };
};
