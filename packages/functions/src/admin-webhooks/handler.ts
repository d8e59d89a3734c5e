import { deliveryListQuery, webhookInput } from "@agency/core/contract/webhooks";
import { Webhooks } from "@agency/core/webhooks/webhooks";
import { http, reply } from "../http";
import { pageReply } from "../page-reply";

/** Webhooks in Settings (issue 32): the owner's and admins' (the `settings` permission). */
export const handler = http({
  "GET /api/admin/webhooks": () => Webhooks.list(),
  "POST /api/admin/webhooks": async (req) => reply.created(await Webhooks.create(req.body(webhookInput))),
  "PUT /api/admin/webhooks/{id}": (req) => Webhooks.update(req.params.id ?? "", req.body(webhookInput)),
  "DELETE /api/admin/webhooks/{id}": async (req) => {
    req.audit({ record: await Webhooks.remove(req.params.id ?? "") });
    return { success: true };
  },
  "GET /api/admin/webhooks/{id}/deliveries": async (req) => pageReply(await Webhooks.deliveries(req.params.id ?? "", deliveryListQuery.parse(req.query))),
  "POST /api/admin/webhooks/{id}/test": async (req) => reply.json(await Webhooks.test(req.params.id ?? ""), 202),
});
