import { useId } from "react";
import type { PolicyKey } from "@agency/core/contract/page-sections";
import { CloseButton, Modal } from "../../components/ui/modal";
import { SafeHtml } from "../../components/ui/safe-html";
import { formatDate } from "../../lib/format";
import { usePolicies } from "./api";

interface Props {
  policyKey: PolicyKey;
  /** The policy's name, for the title when the server has none. */
  label: string;
  contactEmail: string;
  onClose: () => void;
}

/**
 * Privacy Policy, Terms of Service or Cookie Policy in a dialog: 'Loading...' while fetching,
 * 'Policy content not found.' when the section is missing or empty, otherwise the sanitised HTML,
 * the last-updated date and a contact line.
 */
export default function PolicyModal({ policyKey, label, contactEmail, onClose }: Props) {
  const titleId = useId();
  const { data, isPending } = usePolicies();
  const section = data?.find((s) => s.section_key === policyKey);
  const found = !!section?.content?.trim();
  const title = isPending ? "Loading..." : section?.title?.trim() || label;

  return (
    <Modal open onClose={onClose} labelledBy={titleId} width="max-w-3xl">
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white/95 px-6 py-5 backdrop-blur sm:px-8">
        <div>
          <h2 id={titleId} className="text-2xl font-bold text-slate-900">{title}</h2>
          {found && section?.updated_at && (
            <p className="mt-1 text-sm text-slate-600">Last updated: {formatDate(section.updated_at)}</p>
          )}
        </div>
        <CloseButton onClick={onClose} />
      </div>
      <div className="px-6 py-6 sm:px-8">
        {isPending ? (
          <div role="status" className="flex items-center gap-3 py-10 text-slate-600">
            <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-purple-200 border-t-purple-600" />
            Loading policy…
          </div>
        ) : found ? (
          <SafeHtml html={section?.content ?? ""} className="prose-sm" />
        ) : (
          <p className="py-6 text-slate-700">Policy content not found.</p>
        )}
        <p className="mt-8 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          If you have any questions about this policy, please contact us at{" "}
          <a href={`mailto:${contactEmail}`} className="font-medium text-purple-700 underline underline-offset-2">{contactEmail}</a>.
        </p>
      </div>
    </Modal>
  );
}
