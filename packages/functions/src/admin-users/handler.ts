import { userListQuery } from "@agency/core/contract/admin";
import { Team } from "@agency/core/team/team";
import { Users } from "@agency/core/users/users";
import { http } from "../http";
import { pageReply } from "../page-reply";

export const handler = http({
  "GET /api/admin/users": async (req) => pageReply(await Users.list(userListQuery.parse(req.query))),
  "GET /api/admin/users/stats": () => Users.stats(),
  "DELETE /api/admin/users/{id}": async (req) => {
    const { params, session } = req;
    // Someone on the team is the Team screen's to take off (team/team.ts): 403 for an owner, 409 otherwise.
    req.audit({ record: await Team.deleteUser(params.id ?? "", { signedInAs: session?.type === "google" ? session.userId : undefined, by: session!.role }) });
    return { success: true };
  },
});
