import { registrationBulkInput, registrationFilters, registrationListQuery, registrationStatusInput, type BulkResult, type CountResult } from "@agency/core/contract/admin";
import { counted } from "@agency/core/contract/counted";
import { resendLeadMail } from "@agency/core/leads/state";
import { Registrations } from "@agency/core/registrations/registrations";
import { http } from "../http";
import { pageReply } from "../page-reply";
import { toTrash, trashing } from "../trash";

export const handler = http({
  "GET /api/admin/course-registrations": async (req) => pageReply(await Registrations.list(registrationListQuery.parse(req.query))),
  "GET /api/admin/course-registrations/stats": () => Registrations.stats(),
  "GET /api/admin/course-registrations/count": async (req): Promise<CountResult> => ({ count: await Registrations.count(registrationFilters.parse(req.query)) }),
  "GET /api/admin/course-registrations/{id}": ({ params }) => Registrations.get(params.id ?? ""),
  /** Change status or Delete: listed ids at once, or a filter's matches in ~3 s batches (go on with `cursor`). */
  "POST /api/admin/course-registrations/bulk": async (req): Promise<BulkResult> => {
    const { action, status, ids, filter, cursor } = req.body(registrationBulkInput);
    const result = await Registrations.bulk(action, status, ids ? { ids } : { filter: filter!, cursor }, trashing(req, "course-registrations"));
    req.audit({
      action: action === "delete" ? "delete" : "status_change",
      entity_id: "",
      entity_label: counted(result.updated, "registration"),
      changed_fields: action === "delete" ? [] : ["status"],
    });
    return { success: true, ...result };
  },
  "PUT /api/admin/course-registrations/{id}/status": (req) => Registrations.setStatus(req.params.id ?? "", req.body(registrationStatusInput).status),
  /** A failed notification, sent again (409 unless it failed). */
  "POST /api/admin/course-registrations/{id}/resend-notification": ({ params }) => resendLeadMail("registration", params.id ?? ""),
  "DELETE /api/admin/course-registrations/{id}": async (req) => {
    const removed = await Registrations.remove(req.params.id ?? "");
    await toTrash(req, "course-registrations", removed);
    req.audit({ record: removed });
    return { success: true };
  },
});
