import { useId } from "react";
import type { PolicyKey } from "@agency/core/contract/page-sections";
import { CloseButton, Modal } from "../../components/ui/modal";
import { usePolicies } from "./api";
import { PolicyDocument } from "./policy-document";

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
  return (
    <Modal open onClose={onClose} labelledBy={titleId} width="max-w-3xl">
      <PolicyDocument
        titleId={titleId}
        title={section?.title?.trim() || label}
        content={section?.content}
        updatedAt={section?.updated_at}
        contactEmail={contactEmail}
        loading={isPending}
        close={<CloseButton onClick={onClose} />}
      />
    </Modal>
  );
}
