import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminRegistration, RegistrationStats, RegistrationStatus } from "@agency/core/contract/admin";
import { api } from "../../lib/api";
import { fetchAllPages, patchRows, useInvalidate, usePagedList, type ListParams, type PagedData } from "../../lib/paged";
import { dashboardStatsKey } from "../dashboard/api";

const BASE = "/api/admin/course-registrations";

export const registrationKeys = {
  list: ["admin", "registrations", "list"],
  stats: ["admin", "registrations", "stats"],
} as const;

/** What any change to registrations affects: the lists, this screen's counters and the Overview's. */
const affected = [registrationKeys.list, registrationKeys.stats, dashboardStatsKey] as const;

export interface RegistrationFilters {
  /** Search (server side, case-insensitive). */
  q: string;
  status: RegistrationStatus | "all";
}

const params = ({ q, status }: RegistrationFilters): ListParams => ({ q: q || undefined, status: status === "all" ? undefined : status });

export const useRegistrations = (filters: RegistrationFilters) => usePagedList<AdminRegistration>(registrationKeys.list, BASE, params(filters));

export const useRegistrationStats = () =>
  useQuery({ queryKey: registrationKeys.stats, queryFn: () => api.get<RegistrationStats>(`${BASE}/stats`) });

/** Every registration matching the filters, for Export CSV. */
export const fetchAllRegistrations = (filters: RegistrationFilters, onProgress: (loaded: number) => void) =>
  fetchAllPages<AdminRegistration>(BASE, params(filters), onProgress);

export function useSetRegistrationStatus() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(...affected);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RegistrationStatus }) =>
      api.put<unknown>(`${BASE}/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: (_data, { id, status }) => {
      queryClient.setQueriesData<PagedData<AdminRegistration>>({ queryKey: registrationKeys.list }, (data) => patchRows(data, id, (r) => ({ ...r, status })));
      return invalidate();
    },
  });
}

export function useDeleteRegistration() {
  const invalidate = useInvalidate(...affected);
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`${BASE}/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}
