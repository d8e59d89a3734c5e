import type { BadgeTone } from "../../components/admin/badge";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC §4: the activity label of a user from the whole days since their last login: none 'Never
 * logged in' (grey); 0 'Active today'; 1 'Active yesterday'; up to 7 'Active N days ago' (green);
 * up to 30 'Inactive N days' (yellow); over 30 'Inactive N days' (red).
 */
export function activityOf(lastLoginAt: string | null | undefined, now = Date.now()): { label: string; tone: BadgeTone } {
  const at = lastLoginAt ? Date.parse(lastLoginAt) : NaN;
  if (Number.isNaN(at)) return { label: "Never logged in", tone: "slate" };
  const days = Math.max(0, Math.floor((now - at) / DAY_MS));
  if (days === 0) return { label: "Active today", tone: "green" };
  if (days === 1) return { label: "Active yesterday", tone: "green" };
  if (days <= 7) return { label: `Active ${days} days ago`, tone: "green" };
  if (days <= 30) return { label: `Inactive ${days} days`, tone: "amber" };
  return { label: `Inactive ${days} days`, tone: "red" };
}

/** Up to two initials of a name (or of an email's local part) for the locally drawn avatar. */
export function initialsOf(name: string | undefined, email: string): string {
  const source = name?.trim() || email.split("@")[0] || "?";
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = (words.length > 1 ? [words[0]!, words[words.length - 1]!] : [source]).map((w) => [...w][0] ?? "");
  return letters.join("").slice(0, 2).toUpperCase() || "?";
}
