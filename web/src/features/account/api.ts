import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountInfo, RecoveryCodes, SecuritySettings, TotpSetup } from "@agency/core/contract/account";
import { api } from "../../lib/api";
import { adminMeKey } from "../session/api";

/** Account & security: the signed-in admin's own account (contract/account.ts). */
export const accountKey = ["admin", "account"] as const;
export const securitySettingsKey = ["admin", "security-settings"] as const;

export const useAccount = () => useQuery({ queryKey: accountKey, queryFn: () => api.get<AccountInfo>("/api/admin/account") });

/** Begins setting up an authenticator: a new secret each time (the previous pending one is replaced). */
export const useStartTotp = () => useMutation({ mutationFn: () => api.post<TotpSetup>("/api/admin/account/totp") });

/** Turning two-factor on or off changes the account and may lift a 'set up two-factor' hold (admin/me). */
function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: accountKey }), queryClient.invalidateQueries({ queryKey: adminMeKey })]);
}

export function useConfirmTotp() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>("/api/admin/account/totp/confirm", { code }),
    // The codes are shown before the account refreshes: the screen keeps them until the admin is done.
    onSuccess: () => void changed(),
  });
}

export function useDisableTotp() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (code: string) => api.delete<{ success: true }>("/api/admin/account/totp", { code }),
    onSuccess: () => void changed(),
  });
}

export const useSecuritySettings = () => useQuery({ queryKey: securitySettingsKey, queryFn: () => api.get<SecuritySettings>("/api/admin/security-settings") });

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { require_two_factor: boolean }) => api.put<SecuritySettings>("/api/admin/security-settings", input),
    onSuccess: (saved) => queryClient.setQueryData(securitySettingsKey, saved),
  });
}
