import type { ReactNode } from "react";
import { Inbox, type LucideIcon } from "lucide-react";

/** What a list shows when it has nothing: a title, a hint (SPEC's texts), an optional action. */
export function EmptyState({ title, hint, icon: Icon = Inbox, action }: { title: string; hint?: string; icon?: LucideIcon; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center" data-testid="empty-state">
      <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {hint && <p className="mt-1 max-w-md text-sm text-slate-600">{hint}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
