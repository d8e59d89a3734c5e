import { StaleItemError } from "../errors";
import { isConditionalFailure } from "./errors";

/**
 * Optimistic concurrency for editable items (contract/versioned.ts). Every editable entity has a
 * `version` attribute: 1 on create, +1 on every save, and every save is a patch conditional on the
 * version the editor read, so two editors can never overwrite each other unseen.
 *
 * Records stored before versions existed have no `version` attribute. They count as version 1
 * (they were created once): reads answer 1, and a save at version 1 matches "1 or absent". Seeding
 * creates with version 1, so from then on every record carries one.
 */
export const versionAttribute = { type: "number", required: true, default: 1 } as const;

export const versionOf = (item: { version?: number | null }) => item.version ?? 1;

/** The item as the API answers it: always with its version. */
export const withVersion = <T extends { version?: number | null }>(item: T): T & { version: number } => ({
  ...item,
  version: versionOf(item),
});

type Operations = { eq: (attr: never, value: number) => string; notExists: (attr: never) => string };

/** An ElectroDB `where` callback: the stored version is `n` (for 1, also a record without one). */
export const atVersion =
  (n: number) =>
  <A extends { version: unknown }>(attr: A, op: Operations): string =>
    n === 1 ? `(${op.eq(attr.version as never, 1)} OR ${op.notExists(attr.version as never)})` : op.eq(attr.version as never, n);

/**
 * Saves an editable item at the version its editor read: reads the stored item (404 when missing),
 * refuses a stale version with a 409 before writing, then runs `write`, which must patch with
 * `.where(atVersion(read))` and set `version: next`. When that condition fails (a save landed in
 * between, or the item was deleted) nothing was written: 409, or 404 if the item is gone.
 */
export async function saveAtVersion<T extends { version?: number | null }, R>(r: {
  /** The version the editor read; undefined: whatever is stored now (still one conditional write). */
  read: number | undefined;
  get: () => Promise<T | null>;
  write: (current: T & { version: number }, next: number) => Promise<R>;
  notFound: () => Error;
}): Promise<{ before: T & { version: number }; saved: R }> {
  const stored = await r.get();
  if (!stored) throw r.notFound();
  const before = withVersion(stored);
  const read = r.read ?? before.version;
  if (before.version !== read) throw new StaleItemError();
  try {
    return { before, saved: await r.write(before, read + 1) };
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
    if (!(await r.get())) throw r.notFound();
    throw new StaleItemError();
  }
}

/** The fields a PUT sent: JSON has no undefined, but a caller in code may pass one, which must not clear a field. */
export function sentFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}
