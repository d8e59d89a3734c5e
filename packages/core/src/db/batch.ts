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
