import { config } from "../config";
import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "./client";

/**
 * Runs an ElectroDB batch call (BatchGet or BatchWrite) until DynamoDB has processed every key: it
 * may hand some back under load. `idOf` names a key (or the unprocessed entry ElectroDB returns for
 * it). Backs off between rounds and gives up after eight.
 */
export async function untilProcessed<K, R>(
  keys: K[],
  idOf: (key: K | Record<string, unknown>) => string,
  call: (keys: K[]) => Promise<{ unprocessed: unknown[]; data?: R[] }>,
): Promise<R[]> {
  const out: R[] = [];
  let pending = keys;
  for (let round = 0; pending.length; round++) {
    if (round === 8) throw new Error(`DynamoDB left ${pending.length} keys of a batch unprocessed`);
    if (round) await new Promise((r) => setTimeout(r, 25 * 2 ** round));
    const { unprocessed, data } = await call(pending);
    out.push(...(data ?? []));
    const left = new Set(unprocessed.map((u) => idOf(u as Record<string, unknown>)));
    pending = pending.filter((k) => left.has(idOf(k)));
  }
  return out;
}

/** One record of a BatchGet across entities: its key (ElectroDB's get params) and how its entity reads an item. */
export interface BatchRead<T> {
  key: Record<string, unknown>;
  parse(item: Record<string, unknown>): T | null;
}

/** What batchRead needs of an ElectroDB entity: the key of a get, and its reading of a stored item. */
interface ReadableEntity {
  get(key: never): { params(): unknown };
  parse(input: { Item: Record<string, unknown> }): { data: unknown };
}

/** One record of `entity` to read in a BatchGet across entities (getAcross). */
export function batchRead<T>(entity: ReadableEntity, key: object): BatchRead<T> {
  return {
    key: (entity.get(key as never).params() as { Key: Record<string, unknown> }).Key,
    parse: (Item) => entity.parse({ Item }).data as T | null,
  };
}

const keyId = (key: Record<string, unknown>) => JSON.stringify([key.pk, key.sk]);

/**
 * Reads records of different entities in one BatchGet (ElectroDB batches one entity at a time), each
 * answer read by its own entity; null for a record that does not exist. One request instead of one
 * per record: a request's first reads (its session and the account behind it) cost one call.
 */
export async function getAcross<T extends unknown[]>(reads: { [I in keyof T]: BatchRead<T[I]> }): Promise<{ [I in keyof T]: T[I] | null }> {
  const { client } = dynamo();
  const TableName = config.tableName;
  const items = await untilProcessed<Record<string, unknown>, Record<string, unknown>>(
    reads.map((r) => r.key),
    keyId,
    async (Keys) => {
      const out = await client.send(new BatchGetCommand({ RequestItems: { [TableName]: { Keys } } }));
      return { unprocessed: out.UnprocessedKeys?.[TableName]?.Keys ?? [], data: out.Responses?.[TableName] ?? [] };
    },
  );
  const byKey = new Map(items.map((item) => [keyId(item), item]));
  return reads.map((r) => {
    const item = byKey.get(keyId(r.key));
    return item ? r.parse(item) : null;
  }) as { [I in keyof T]: T[I] | null };
}
