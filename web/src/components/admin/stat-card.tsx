import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { formatCount } from "../../lib/format";
import { CountUp } from "../ui/count-up";
import { tileTones, type BadgeTone } from "./badge";

/** SPEC §9: the dashboard counters count up over 2 seconds. */
export const DASHBOARD_COUNT_MS = 2000;

interface StatCardProps {
  label: string;
  /** undefined while loading (or when the counters failed): shows a dash. */
  value: number | undefined;
  icon?: LucideIcon;
  tone?: BadgeTone;
  /** A line under the number: "12 published, 3 drafts". */
  hint?: ReactNode;
  /** Count up from 0 when scrolled into view (the Overview's counters, SPEC §9: 2 s). */
  animate?: boolean;
}

/**
 * One counter: label, number, optional icon and hint. Screen readers read "label: value" once (the
 * animation itself is hidden from them). Lay several out with <StatGrid>.
 */
export function StatCard({ label, value, icon: Icon, tone = "purple", hint, animate = false }: StatCardProps) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="stat-card">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="stat-value">
          {value === undefined ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">Not available</span>
            </>
          ) : animate ? (
            <CountUp end={value} duration={DASHBOARD_COUNT_MS} />
          ) : (
            <span className="tabular-nums">{formatCount(value)}</span>
          )}
        </p>
        {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
      </div>
      {Icon && (
        <span className={`hidden h-11 w-11 shrink-0 items-center justify-center rounded-lg sm:flex ${tileTones[tone]}`}>
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
      )}
    </div>
  );
}

/** The row of counters at the top of a screen: 2 across on phones, 4 (or `columns`) on large screens. */
export function StatGrid({ children, label, columns = "lg:grid-cols-4" }: { children: ReactNode; label: string; columns?: string }) {
  return (
    <section aria-label={label} className={`mb-6 grid grid-cols-2 gap-3 sm:gap-4 ${columns}`}>
      {children}
    </section>
  );
}
