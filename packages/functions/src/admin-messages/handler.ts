import { ContactSubmissions } from "@agency/core/contact/contact";
import { messageListQuery, messageStatusInput, type MarkAllReadResult } from "@agency/core/contract/admin";
import { resendLeadMail } from "@agency/core/leads/state";
import { http } from "../http";
import { pageReply } from "../page-reply";

export const handler = http({
  "GET /api/admin/contact-submissions": async (req) => pageReply(await ContactSubmissions.list(messageListQuery.parse(req.query))),
  "GET /api/admin/contact-submissions/stats": () => ContactSubmissions.stats(),
  "PUT /api/admin/contact-submissions/mark-all-read": async (req): Promise<MarkAllReadResult> => {
    const result = await ContactSubmissions.markAllRead();
    req.audit({ entity_id: "", entity_label: `${result.updated} messages`, changed_fields: ["is_read"] });
    return { success: true, ...result };
  },
  "PUT /api/admin/contact-submissions/{id}/status": (req) =>
    ContactSubmissions.setRead(req.params.id ?? "", req.body(messageStatusInput).is_read),
  /** A failed notification, sent again (409 unless it failed). */
  "POST /api/admin/contact-submissions/{id}/resend-notification": ({ params }) => resendLeadMail("message", params.id ?? ""),
  "DELETE /api/admin/contact-submissions/{id}": async (req) => {
    req.audit({ record: await ContactSubmissions.remove(req.params.id ?? "") });
    return { success: true };
  },
});
