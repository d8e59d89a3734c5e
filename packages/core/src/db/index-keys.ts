import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./client";
import { isConditionalFailure } from "./errors";

/** ElectroDB's params of a record's put (its item with every index key) and of its get (its key). */
interface RecordParams {
  put: { Item: Record<string, unknown>; TableName: string };
  get: { Key: Record<string, unknown> };
}

/**
 * Gives records stored before an index existed that index's keys (`fields`, e.g. gsi1pk and gsi1sk),
 * as ElectroDB formats them for each record, and writes nothing else. A record deleted meanwhile is
 * not brought back (the write requires it to exist). A maintenance step of the recount, never on a
 * request path. Answers how many records it gave keys.
 */
export async function giveIndexKeys<T>(records: T[], fields: readonly string[], paramsOf: (record: T) => RecordParams): Promise<number> {
  let given = 0;
  for (const record of records) {
    const { put: { Item, TableName }, get: { Key } } = paramsOf(record);
    try {
      await dynamo().client.send(
        new UpdateCommand({
          TableName,
          Key,
          UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(", ")}`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
          ExpressionAttributeValues: Object.fromEntries(fields.map((f, i) => [`:v${i}`, Item[f]])),
        }),
      );
      given++;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }
  return given;
}
