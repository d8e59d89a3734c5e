import { HttpError } from "../errors";

/** DynamoDB refuses an item larger than 400 KB, attribute names included. */
export const MAX_ITEM_BYTES = 400 * 1024;

/**
 * Room for what a write adds to the input: keys and index keys, ElectroDB's markers, id, timestamps,
 * version. All short strings; 2 KB is several times what they take.
 */
const WRITE_OVERHEAD_BYTES = 2 * 1024;

/**
 * A value's size as DynamoDB counts it, rounded up: strings in UTF-8, numbers at their 21-byte
 * maximum, 1 byte for booleans and nulls, 3 bytes plus 1 per element for lists and maps.
 */
export function itemBytes(value: unknown): number {
  if (typeof value === "string") return Buffer.byteLength(value, "utf8");
  if (typeof value === "number") return 21;
  if (value === null || value === undefined || typeof value === "boolean") return 1;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + 1 + itemBytes(v), 3);
  return Object.entries(value as Record<string, unknown>).reduce((n, [k, v]) => n + 1 + Buffer.byteLength(k, "utf8") + itemBytes(v), 3);
}

/**
 * Refuses, with a 413 naming `field`, a write whose item would pass DynamoDB's limit. Checked after
 * sanitising, which can grow text ("&" is stored as "&amp;") past what the request size cap allows.
 */
export function checkItemSize(attributes: Record<string, unknown>, field: string): void {
  const bytes = itemBytes(attributes) + WRITE_OVERHEAD_BYTES;
  if (bytes <= MAX_ITEM_BYTES) return;
  const message =
    `The ${field} field is too large to store: about ${Math.ceil(bytes / 1024)} KB once sanitised ` +
    `(characters such as & and < are stored escaped), and a record holds at most ${MAX_ITEM_BYTES / 1024} KB.`;
  throw new HttpError(413, message, { fields: { [field]: message } });
}
