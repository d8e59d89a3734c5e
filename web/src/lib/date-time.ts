/**
 * Dates in the back office (SPEC §2 Overview): en-US, short month, day, hour and minute, e.g.
 * "Nov 12, 3:05 PM"; `withYear` for a record's details and exports ("Nov 12, 2026, 3:05 PM").
 * Local time of the browser unless `timeZone` is given. Empty for a missing or invalid date.
 * Not in format.ts: that module is part of the public entry, and this one stays in admin chunks.
 */
export function formatDateTime(iso: string | null | undefined, options: { withYear?: boolean; timeZone?: string } = {}): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const parts: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
  if (options.withYear) parts.year = "numeric";
  if (options.timeZone) parts.timeZone = options.timeZone;
  // Some ICU versions put a narrow no-break space before AM/PM; exports and tests want a plain one.
  return d.toLocaleString("en-US", parts).replace(/[\u202f\u00a0]/g, " ");
}
