import { messageBulkInput, messageFilters, messageListQuery, messageStatusInput, type BulkResult, type CountResult, type MarkAllReadResult } from "@agency/core/contract/admin";
import { counted } from "@agency/core/contract/counted";
import { resendLeadMail } from "@agency/core/leads/state";
import { Messages } from "@agency/core/messages/messages";
import { http } from "../http";
import { pageReply } from "../page-reply";
import { toTrash, trashing } from "../trash";

export const handler = http({
  "GET /api/admin/contact-submissions": async (req) => pageReply(await Messages.list(messageListQuery.parse(req.query))),
  "GET /api/admin/contact-submissions/stats": () => Messages.stats(),
  "GET /api/admin/contact-submissions/count": async (req): Promise<CountResult> => ({ count: await Messages.count(messageFilters.parse(req.query)) }),
  "GET /api/admin/contact-submissions/{id}": ({ params }) => Messages.get(params.id ?? ""),
  "PUT /api/admin/contact-submissions/mark-all-read": async (req): Promise<MarkAllReadResult> => {
    const result = await Messages.markAllRead();
    req.audit({ entity_id: "", entity_label: counted(result.updated, "message"), changed_fields: ["is_read"] });
    return { success: true, ...result };
  },
  /** Mark read, Mark unread or Delete: listed ids at once, or a filter's matches in ~3 s batches (go on with `cursor`). */
  "POST /api/admin/contact-submissions/bulk": async (req): Promise<BulkResult> => {
    const { action, ids, filter, cursor } = req.body(messageBulkInput);
    const result = await Messages.bulk(action, ids ? { ids } : { filter: filter!, cursor }, trashing(req, "contact-submissions"));
    req.audit({
      action: action === "delete" ? "delete" : "status_change",
      entity_id: "",
      entity_label: counted(result.updated, "message"),
      changed_fields: action === "delete" ? [] : ["is_read"],
    });
    return { success: true, ...result };
  },
  "PUT /api/admin/contact-submissions/{id}/status": (req) => Messages.setRead(req.params.id ?? "", req.body(messageStatusInput).is_read),
  /** A failed notification, sent again (409 unless it failed). */
  "POST /api/admin/contact-submissions/{id}/resend-notification": ({ params }) => resendLeadMail("message", params.id ?? ""),
  "DELETE /api/admin/contact-submissions/{id}": async (req) => {
    const removed = await Messages.remove(req.params.id ?? "");
    await toTrash(req, "contact-submissions", removed);
    req.audit({ record: removed });
    return { success: true };
  },
});
