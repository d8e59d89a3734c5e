import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException } from "@aws-sdk/client-dynamodb";
import { dynamo } from "./client";
import { tableKeys } from "./table-keys";

/** Creates the table at the configured endpoint unless it exists (the local runtime, the tests and the benches). */
export async function ensureTable(tableName: string): Promise<"created" | "exists"> {
  const { raw: client } = dynamo();
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return "exists";
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  const { pk, sk, gsi1, gsi2 } = tableKeys;
  const s = (AttributeName: string) => ({ AttributeName, AttributeType: "S" as const });
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [s(pk), s(sk), s(gsi1.pk), s(gsi1.sk), s(gsi2.pk), s(gsi2.sk)],
      KeySchema: [
        { AttributeName: pk, KeyType: "HASH" as const },
        { AttributeName: sk, KeyType: "RANGE" as const },
      ],
      GlobalSecondaryIndexes: [gsi1, gsi2].map((g) => ({
        IndexName: g.name,
        KeySchema: [
          { AttributeName: g.pk, KeyType: "HASH" as const },
          { AttributeName: g.sk, KeyType: "RANGE" as const },
        ],
        Projection: { ProjectionType: "ALL" as const },
      })),
    }),
  );
  // Wait until ACTIVE (dynalite is immediate with createTableMs 0; AWS takes a few seconds).
  for (let i = 0; i < 120; i++) {
    const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (d.Table?.TableStatus === "ACTIVE") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return "created";
}
