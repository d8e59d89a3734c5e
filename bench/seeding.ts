/**
 * What the benchmarks share to seed a fresh data directory: deterministic content from a seed, and
 * the embedded dynalite on the directory with the table and the default content in place.
 */

/**
 * The benches' sites hold two years of records (created from 2024 on), as a site running since then
 * would: their code reads the year partitions from 2024 (config.recordsSince), in this process (the
 * seeding) and in the runtime it starts, which inherits the environment.
 */
process.env.RECORDS_SINCE = "2024";

/** A deterministic source of content: the same seed gives the same sequence every run. */
export function deterministic(initial: number) {
  let seed = initial;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const words =
    "automation workflow agent model data pipeline invoice support ticket forecast vision quality training course team budget timeline integration dashboard report customer schedule".split(
      " ",
    );
  const sentence = (n: number) => Array.from({ length: n }, () => pick(words)).join(" ");
  return { random, pick, sentence };
}

/**
 * Starts dynalite on `dataDir`, points the domain modules at it, creates the table and seeds the
 * default content. The caller closes the returned database when its writes are done.
 */
export async function openSeededStore(dataDir: string) {
  process.env.TABLE_NAME = "agency-local";
  const { startDynalite } = await import("../packages/local/src/dynamo");
  const store = await startDynalite({ path: dataDir });
  process.env.DYNAMODB_ENDPOINT = store.endpoint;
  const { ensureTable } = await import("../packages/core/src/db/table");
  const { seedDefaults } = await import("../packages/core/src/seed/seed");
  await ensureTable("agency-local");
  await seedDefaults();
  return store;
}
