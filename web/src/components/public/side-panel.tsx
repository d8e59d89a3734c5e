import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";

/** A white panel beside a page's main column (business hours, popular tags), labelled by its h2 with an icon. */
export function SidePanel({ headingId, icon: Icon, title, children }: { headingId: string; icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Icon className="h-5 w-5 text-purple-600" aria-hidden="true" />
        {` ${title}`}
      </h2>
      {children}
    </section>
  );
}
