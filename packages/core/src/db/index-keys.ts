import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./client";
import { isConditionalFailure } from "./errors";

/** What giveIndexKeys needs of an ElectroDB entity: a record's put (its item with every index key) and get (its key). */
interface KeyedEntity {
  put(record: never): { params(): unknown };
  get(record: never): { params(): unknown };
}

/**
 * Gives records stored before an index existed that index's keys (`fields`, e.g. gsi1pk and gsi1sk),
 * as ElectroDB formats them for each record, and writes nothing else. A record deleted meanwhile is
 * not brought back (the write requires it to exist). A maintenance step of the recount, never on a
 * request path. Answers how many records it gave keys.
 */
export async function giveIndexKeys(entity: KeyedEntity, records: object[], fields: readonly string[]): Promise<number> {
  let given = 0;
  for (const record of records) {
    const { Item, TableName } = entity.put(record as never).params() as { Item: Record<string, unknown>; TableName: string };
    const { Key } = entity.get(record as never).params() as { Key: Record<string, unknown> };
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
