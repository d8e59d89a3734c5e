import { useQuery } from "@tanstack/react-query";
import type { DashboardStats } from "@agency/core/contract/admin";
import { api } from "../../lib/api";

/** The Overview's counters: every mutation that changes a count invalidates this key. */
export const dashboardStatsKey = ["admin", "dashboard-stats"] as const;

export const useDashboardStats = () => useQuery({ queryKey: dashboardStatsKey, queryFn: () => api.get<DashboardStats>("/api/admin/dashboard-stats") });
