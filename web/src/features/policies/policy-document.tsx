import type { ReactNode } from "react";
import { SafeHtml } from "../../components/ui/safe-html";
import { formatDate } from "../../lib/format";

/**
 * A policy as the public pop-up shows it: title, last-updated date, the sanitised HTML (or 'Policy
 * content not found.'), and the contact line. The footer's modal and the admin's live preview both
 * render this, so the preview is exactly what visitors will see.
 */
export function PolicyDocument({
  titleId,
  title,
  content,
  updatedAt,
  contactEmail,
  loading = false,
  close,
  headingLevel = 2,
}: {
  titleId: string;
  title: string;
  content: string | undefined;
  updatedAt?: string | null;
  contactEmail: string;
  loading?: boolean;
  /** The modal's close button. */
  close?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const found = !!content?.trim();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white/95 px-6 py-5 backdrop-blur sm:px-8">
        <div>
          <Heading id={titleId} className="text-2xl font-bold text-slate-900">
            {loading ? "Loading..." : title}
          </Heading>
          {found && !loading && updatedAt && <p className="mt-1 text-sm text-slate-600">Last updated: {formatDate(updatedAt)}</p>}
        </div>
        {close}
      </div>
      <div className="px-6 py-6 sm:px-8">
        {loading ? (
          <div role="status" className="flex items-center gap-3 py-10 text-slate-600">
            <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-purple-200 border-t-purple-600" />
            Loading policy…
          </div>
        ) : found ? (
          <SafeHtml html={content ?? ""} className="prose-sm" />
        ) : (
          <p className="py-6 text-slate-700">Policy content not found.</p>
        )}
        <p className="mt-8 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          If you have any questions about this policy, please contact us at{" "}
          <a href={`mailto:${contactEmail}`} className="font-medium text-purple-700 underline underline-offset-2">
            {contactEmail}
          </a>
          .
        </p>
      </div>
    </>
  );
}
