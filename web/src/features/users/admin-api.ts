import { useMutation, useQuery } from "@tanstack/react-query";
import type { AdminUser, UserListFilters, UserStats } from "@agency/core/contract/admin";
import { api } from "../../lib/api";
import { useInvalidate, usePagedList, type ListParams } from "../../lib/paged";

const BASE = "/api/admin/users";

export const userKeys = {
  list: ["admin", "users", "list"],
  stats: ["admin", "users", "stats"],
} as const;

const params = ({ q, sort, order }: UserListFilters): ListParams => ({ q: q || undefined, sort, order });

export const useUsers = (filters: UserListFilters) => usePagedList<AdminUser>(userKeys.list, BASE, params(filters));

export const useUserStats = () => useQuery({ queryKey: userKeys.stats, queryFn: () => api.get<UserStats>(`${BASE}/stats`) });

export function useDeleteUser() {
  const invalidate = useInvalidate(userKeys.list, userKeys.stats);
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`${BASE}/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}
