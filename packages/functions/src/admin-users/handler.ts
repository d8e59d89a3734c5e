import { userListQuery } from "@agency/core/contract/admin";
import { Users } from "@agency/core/users/users";
import { http } from "../http";
import { pageReply } from "../page-reply";

export const handler = http({
  "GET /api/admin/users": async (req) => pageReply(await Users.list(userListQuery.parse(req.query))),
  "GET /api/admin/users/stats": () => Users.stats(),
  "DELETE /api/admin/users/{id}": async (req) => {
    const { params, session } = req;
    req.audit({ record: await Users.remove(params.id ?? "", { signedInAs: session?.type === "google" ? session.userId : undefined }) });
    return { success: true };
  },
});
