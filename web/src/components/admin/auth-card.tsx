import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";

/**
 * The signed-out screens' layout (sign-in, an invitation or password reset link): a centred card
 * with an icon, the page's heading and an optional line under it; `below` goes under the card.
 */
export function AuthCard({ icon: Icon, title, subtitle, children, below }: { icon: LucideIcon; title: string; subtitle?: string; children: ReactNode; below?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-linear-to-br from-slate-50 to-purple-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-lg">
          <div className="mb-6 text-center">
            <span className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-purple-100 text-purple-700">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
          </div>
          {children}
        </div>
        {below}
      </div>
    </main>
  );
}
