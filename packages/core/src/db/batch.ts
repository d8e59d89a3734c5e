import { config } from "../config";
import { BatchGetCommand } from "@aws-sdk/lib-dynamodb";
import pRetry from "p-retry";
import { dynamo } from "./client";

/** What a batch round throws while DynamoDB still holds back some of it: the round is tried again. */
export class UnprocessedError extends Error {}

/**
 * The app's retries of its own batch rounds (p-retry): a round that leaves items unprocessed is run
 * again for what is left, after 50 ms, then twice as long each time, jittered; any other error is
 * thrown at once (the SDK has already retried the request itself).
 */
export function retryUnprocessed<T>(round: () => Promise<T>, { rounds = 8, firstWaitMs = 50 } = {}): Promise<T> {
  return pRetry(round, { retries: rounds - 1, factor: 2, minTimeout: firstWaitMs, randomize: true, shouldRetry: ({ error }) => error instanceof UnprocessedError });
}

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
  if (!pending.length) return out;
  await retryUnprocessed(async () => {
    const { unprocessed, data } = await call(pending);
    out.push(...(data ?? []));
    const left = new Set(unprocessed.map((u) => idOf(u as Record<string, unknown>)));
    pending = pending.filter((k) => left.has(idOf(k)));
    if (pending.length) throw new UnprocessedError(`DynamoDB left ${pending.length} keys of a batch unprocessed`);
  });
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
