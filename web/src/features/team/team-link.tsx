import { useId } from "react";
import type { PendingLink, TeamLink } from "@agency/core/contract/team";
import { actionPrimary } from "../../components/admin/classes";
import { CopyField } from "../../components/admin/copy-field";
import { DialogHeader } from "../../components/admin/dialog-header";
import { Modal } from "../../components/ui/modal";
import { formatDateTime } from "../../lib/format";

/** A link to hand over (invitation or password reset), with Copy; its expiry in the team screen's one date format. */
export function LinkResult({ link, what }: { link: TeamLink; what: string }) {
  return (
    <div className="space-y-3" data-testid="team-link">
      <p className="text-sm text-slate-700">
        Send this link to them yourself; it works once, until {formatDateTime(link.expires_at)}. {what}
      </p>
      <CopyField label="Link" value={link.url} noun="link" />
    </div>
  );
}

/** A link in a dialog of its own (a new reset link, or a pending link shown again), closed with Done. */
export function LinkDialog({ title, link, what, onClose }: { title: string; link: TeamLink | null; what: string; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open={link !== null} onClose={onClose} labelledBy={titleId} width="max-w-lg">
      <DialogHeader id={titleId} title={title} onClose={onClose} />
      <div className="space-y-4 p-6">
        {link && <LinkResult link={link} what={what} />}
        <div className="flex justify-end">
          <button type="button" className={actionPrimary} data-autofocus onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Modal>
  );
}

type TeamLinkKind = PendingLink["kind"];

/** What the person does on a link, by its kind. */
export const linkUse: Record<TeamLinkKind, string> = {
  invite: "On it they choose their password, then sign in with their username.",
  reset: "Setting a new password on it signs them out everywhere.",
};
