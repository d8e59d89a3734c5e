import { subscriberListQuery } from "@agency/core/contract/newsletter";
import { adminSubscriber, Newsletter } from "@agency/core/newsletter/newsletter";
import { http } from "../http";
import { pageReply } from "../page-reply";
import { toTrash } from "../trash";

export const handler = http({
  "GET /api/admin/newsletter/subscribers": async (req) => pageReply(await Newsletter.list(subscriberListQuery.parse(req.query))),
  "GET /api/admin/newsletter/subscribers/stats": () => Newsletter.stats(),
  "DELETE /api/admin/newsletter/subscribers/{id}": async (req) => {
    const removed = await Newsletter.remove(req.params.id ?? "");
    // To the Trash, as a message: restored with its status, counted again.
    await toTrash(req, "newsletter-subscribers", removed);
    req.audit({ record: adminSubscriber(removed) });
    return { success: true };
  },
});
