import { useId, type ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { panel } from "./classes";

/**
 * One section of a settings screen (Account & security): a white panel whose h2 names the region,
 * an icon, a line under the title, something on the right of the title (a status badge, a button;
 * below it on a phone), then the section's content across the panel.
 */
export function SettingsSection({
  icon: Icon,
  title,
  description,
  aside,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${panel} p-5 sm:p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className={`flex min-w-0 flex-1 basis-48 gap-3 ${description ? "items-start" : "items-center"}`}>
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-purple-100 text-purple-700">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
          </div>
        </div>
        {aside && <div className="flex shrink-0 items-center gap-2">{aside}</div>}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A row of a settings list (a passkey, a session): an icon, a name line (it may carry badges), a
 * line of details under it, and the row's action on the right (under the text when the row is
 * too narrow for both).
 */
export function SettingsRow({
  icon: Icon,
  title,
  titleHint,
  meta,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: ReactNode;
  titleHint?: string;
  meta: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <li className="flex items-start gap-3 py-3" data-testid={testId}>
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon aria-hidden="true" className="h-4 w-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-40">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium [overflow-wrap:anywhere] text-slate-900" title={titleHint}>
            {title}
          </p>
          <p className="text-xs text-slate-600">{meta}</p>
        </div>
        {action}
      </div>
    </li>
  );
}
