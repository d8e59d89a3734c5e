/**
 * A count as text, in the back office, its audit labels and the public site alike (en-US): thousands
 * separators ("2,005") and the noun singular for exactly one ("1 draft", "2 drafts").
 */

/** Only for what is not a safe whole number; built on first use. */
let numbers: Intl.NumberFormat | undefined;

/**
 * A whole number with thousands separators: 2005 -> "2,005", exactly as `Intl.NumberFormat("en-US")`
 * writes it. Whole numbers are grouped here rather than by Intl: a page's first Intl formatter loads
 * ICU's locale data, measured at 30-60 ms in Chromium on this project's 2-core machine (four times
 * that on Lighthouse's phone), and the public pages' counters format during hydration.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return (numbers ??= new Intl.NumberFormat("en-US")).format(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",");
  return n < 0 || Object.is(n, -0) ? `-${digits}` : digits;
}

/**
 * A count and its noun, singular for exactly one: counted(1, "draft") -> "1 draft",
 * counted(2005, "message") -> "2,005 messages"; `plural` for nouns that do not take an s.
 */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
