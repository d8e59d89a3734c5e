import { useQuery } from "@tanstack/react-query";
import type { AdminMe, AuthConfig } from "@agency/core/contract/auth";
import type { Permission } from "@agency/core/contract/roles";
import { api } from "../../lib/api";

export const adminMeKey = ["session", "admin-me"] as const;

/** The signed-in admin (SPEC §7: credentials, no-cache). Never retried: a 401 or 403 is an answer. */
export const useAdminMe = () =>
  useQuery({
    queryKey: adminMeKey,
    queryFn: () => api.get<AdminMe>("/api/admin/me", { cache: "no-store", headers: { "cache-control": "no-cache" } }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** Which sign-in methods the server has on. */
export const useAuthConfig = () =>
  useQuery({
    queryKey: ["session", "auth-config"],
    queryFn: () => api.get<AuthConfig>("/api/auth/config"),
    staleTime: Infinity,
  });

/**
 * What the signed-in admin's role may use (GET /api/admin/me's permissions): the shell hides the rest.
 * The server enforces it either way; while the answer loads, nothing is allowed.
 */
export function useCan(): (permission: Permission) => boolean {
  const me = useAdminMe();
  const granted = me.data?.permissions ?? [];
  return (permission) => granted.includes(permission);
}
