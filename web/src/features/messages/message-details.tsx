import { Mail, MailOpen, Reply } from "lucide-react";
import type { AdminMessage } from "@agency/core/contract/admin";
import { actionOutline, actionPrimary } from "../../components/admin/classes";
import { Detail, DetailsDialog } from "../../components/admin/details-dialog";
import { formatDateTime } from "../../lib/format";
import { replyMailto } from "../../lib/mailto";
import { InquiryTypeBadge } from "./inquiry-types";
import { ReadBadge } from "./message-columns";

/** 'Message Details' (SPEC §2): every field, the read badge, 'Mark Read'/'Mark Unread' and 'Reply via Email'. */
export function MessageDetails({
  message,
  onClose,
  onToggleRead,
  toggling,
}: {
  message: AdminMessage | null;
  onClose: () => void;
  onToggleRead: (message: AdminMessage) => void;
  toggling: boolean;
}) {
  return (
    <DetailsDialog
      open={message !== null}
      onClose={onClose}
      title="Message Details"
      actions={
        message && (
          <>
            <button type="button" className={actionOutline} onClick={() => onToggleRead(message)} disabled={toggling}>
              {message.is_read ? <Mail aria-hidden="true" className="h-4 w-4" /> : <MailOpen aria-hidden="true" className="h-4 w-4" />}
              {message.is_read ? "Mark Unread" : "Mark Read"}
            </button>
            <a className={actionPrimary} href={replyMailto(message.email, message.name)}>
              <Reply aria-hidden="true" className="h-4 w-4" />
              Reply via Email
            </a>
          </>
        )
      }
    >
      {message && (
        <>
          <Detail label="Name">{message.name}</Detail>
          <Detail label="Email">
            <a className="break-all text-purple-700 underline underline-offset-2 hover:text-purple-900" href={`mailto:${message.email}`}>
              {message.email}
            </a>
          </Detail>
          <Detail label="Company">{message.company || "—"}</Detail>
          <Detail label="Inquiry Type">
            <InquiryTypeBadge formType={message.form_type} />
          </Detail>
          <Detail label="Date">
            <time dateTime={message.created_at}>{formatDateTime(message.created_at, { withYear: true })}</time>
          </Detail>
          <Detail label="Status">
            <ReadBadge isRead={message.is_read} />
          </Detail>
          <Detail label="Message" wide long>
            {message.message}
          </Detail>
        </>
      )}
    </DetailsDialog>
  );
}
