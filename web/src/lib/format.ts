/** Dates on the public site are shown en-US, e.g. "November 12, 2026". */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}

/** Cuts text at a word boundary for meta descriptions (search engines show ~155 characters). */
export function clip(text: string, max = 160): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 80 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/**
 * Dates in the back office (SPEC §2 Overview): en-US, short month, day, hour and minute, e.g.
 * "Nov 12, 3:05 PM"; `withYear` for a record's details and exports ("Nov 12, 2026, 3:05 PM").
 * Local time of the browser unless `timeZone` is given. Empty for a missing or invalid date.
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
