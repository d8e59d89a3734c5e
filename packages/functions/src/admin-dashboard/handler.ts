import { dashboardStats } from "@agency/core/dashboard/dashboard";
import { http } from "../http";

export const handler = http({
  "GET /api/admin/dashboard-stats": () => dashboardStats(),
});
