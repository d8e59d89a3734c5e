/**
 * A count as text, in the back office, its audit labels and the public site alike (en-US): thousands
 * separators ("2,005") and the noun singular for exactly one ("1 draft", "2 drafts").
 */

/** Built on first use, not when the module loads: building one loads the locale's data (a long task on a phone). */
let numbers: Intl.NumberFormat | undefined;

/** A whole number with thousands separators: 2005 -> "2,005". */
export function formatCount(n: number): string {
  return (numbers ??= new Intl.NumberFormat("en-US")).format(n);
}

/**
 * A count and its noun, singular for exactly one: counted(1, "draft") -> "1 draft",
 * counted(2005, "message") -> "2,005 messages"; `plural` for nouns that do not take an s.
 */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
