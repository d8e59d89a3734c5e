import { dashboardStats } from "@agency/core/dashboard/dashboard";
import { roleCan } from "@agency/core/contract/roles";
import { http } from "../http";

/** The Overview answers only what the role may read: an editor gets no lead figures or recent leads. */
export const handler = http({
  "GET /api/admin/dashboard-stats": (req) => {
    const role = req.session!.role;
    return dashboardStats({ messages: roleCan(role, "messages"), registrations: roleCan(role, "registrations") });
  },
});
