import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";

/** Badge colours; each pairs a 100 background with 800 text (contrast above 7:1). */
export const badgeTones = {
  slate: "bg-slate-100 text-slate-800",
  purple: "bg-purple-100 text-purple-800",
  blue: "bg-blue-100 text-blue-800",
  green: "bg-green-100 text-green-800",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-800",
  indigo: "bg-indigo-100 text-indigo-800",
  teal: "bg-teal-100 text-teal-800",
} as const;
export type BadgeTone = keyof typeof badgeTones;

/** Icon tiles (stat cards, type grids) in the same colour families: 700 on 100. */
export const tileTones: Record<BadgeTone, string> = {
  slate: "bg-slate-100 text-slate-700",
  purple: "bg-purple-100 text-purple-700",
  blue: "bg-blue-100 text-blue-700",
  green: "bg-green-100 text-green-700",
  amber: "bg-amber-100 text-amber-800",
  red: "bg-red-100 text-red-700",
  indigo: "bg-indigo-100 text-indigo-700",
  teal: "bg-teal-100 text-teal-700",
};

/** A small rounded label: statuses, types, Published/Draft. */
export function Badge({ tone = "slate", icon: Icon, children }: { tone?: BadgeTone; icon?: LucideIcon; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${badgeTones[tone]}`}>
      {Icon && <Icon aria-hidden="true" className="h-3.5 w-3.5" />}
      {children}
    </span>
  );
}
