import { subscriberListQuery } from "@agency/core/contract/newsletter";
import { Newsletter } from "@agency/core/newsletter/newsletter";
import { http } from "../http";
import { pageReply } from "../page-reply";

export const handler = http({
  "GET /api/admin/newsletter/subscribers": async (req) => pageReply(await Newsletter.list(subscriberListQuery.parse(req.query))),
  "GET /api/admin/newsletter/subscribers/stats": () => Newsletter.stats(),
  "DELETE /api/admin/newsletter/subscribers/{id}": async (req) => {
    req.audit({ record: await Newsletter.remove(req.params.id ?? "") });
    return { success: true };
  },
});
