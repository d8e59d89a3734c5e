/**
 * The one place numbers, counts and dates become text, public site and back office alike (en-US):
 * thousands separators ("2,005"), plurals ("1 draft", "2 drafts"), dates with the year whenever
 * it is not this year.
 */

// Counts are shared with the server, whose audit labels say them too.
export { counted, formatCount } from "@agency/core/contract/counted";

const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/**
 * Dates on the public site are shown en-US, e.g. "November 12, 2026", as the UTC day: pages are
 * rendered on a server in UTC and hydrated in the reader's zone, and both must print the same day.
 * Written from the UTC fields, as `Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone:
 * "UTC" })` writes them (the test holds the two equal), not by Intl: a page's first Intl formatter
 * loads ICU's locale data, 30-60 ms in Chromium on this project's machine, inside hydration.
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/**
 * Dates in the back office (SPEC §2 Overview): en-US, short month, day, hour and minute, e.g.
 * "Nov 12, 3:05 PM", with the year when the date is not in this year ("Nov 12, 2025, 3:05 PM"), or
 * always with `withYear` (a record's details, exports). Local time of the browser unless `timeZone`
 * is given. Empty for a missing or invalid date.
 */
export function formatDateTime(iso: string | null | undefined, options: { withYear?: boolean; timeZone?: string; now?: Date } = {}): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const parts: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
  if (options.timeZone) parts.timeZone = options.timeZone;
  const yearOf = (date: Date) => new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: options.timeZone }).format(date);
  if (options.withYear || yearOf(d) !== yearOf(options.now ?? new Date())) parts.year = "numeric";
  // Some ICU versions put a narrow no-break space before AM/PM; exports and tests want a plain one.
  return d.toLocaleString("en-US", parts).replace(/[\u202f\u00a0]/g, " ");
}

/** Cuts text at a word boundary for meta descriptions (search engines show ~155 characters). */
export function clip(text: string, max = 160): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
