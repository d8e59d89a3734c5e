import { registrationListQuery, registrationStatusInput } from "@agency/core/contract/admin";
import { CourseRegistrations } from "@agency/core/registrations/registrations";
import { resendLeadMail } from "@agency/core/leads/state";
import { http } from "../http";
import { pageReply } from "../page-reply";

export const handler = http({
  "GET /api/admin/course-registrations": async (req) =>
    pageReply(await CourseRegistrations.list(registrationListQuery.parse(req.query))),
  "GET /api/admin/course-registrations/stats": () => CourseRegistrations.stats(),
  "PUT /api/admin/course-registrations/{id}/status": (req) =>
    CourseRegistrations.setStatus(req.params.id ?? "", req.body(registrationStatusInput).status),
  /** A failed notification, sent again (409 unless it failed). */
  "POST /api/admin/course-registrations/{id}/resend-notification": ({ params }) => resendLeadMail("registration", params.id ?? ""),
  "DELETE /api/admin/course-registrations/{id}": async (req) => {
    req.audit({ record: await CourseRegistrations.remove(req.params.id ?? "") });
    return { success: true };
  },
});
