import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { AccountInfo, RecoveryCodes, SecuritySettings, TotpSetup } from "@agency/core/contract/account";
import type { PasskeySummary } from "@agency/core/contract/passkeys";
import type { SessionSummary } from "@agency/core/contract/sessions";
import { api } from "../../lib/api";
import { useInvalidate } from "../../lib/paged";
import { adminMeKey } from "../session/api";
import { withFreshProof } from "./reauth";

/** Account & security: the signed-in admin's own account (contract/account.ts). */
export const accountKey = ["admin", "account"] as const;
export const securitySettingsKey = ["admin", "security-settings"] as const;

export const useAccount = () => useQuery({ queryKey: accountKey, queryFn: () => api.get<AccountInfo>("/api/admin/account") });

/** Begins setting up an authenticator: a new secret each time (the previous pending one is replaced). */
export const useStartTotp = () => useMutation({ mutationFn: () => withFreshProof(() => api.post<TotpSetup>("/api/admin/account/totp")) });

/** Turning two-factor on or off changes the account and may lift a 'set up two-factor' hold (admin/me). */
function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: accountKey }), queryClient.invalidateQueries({ queryKey: adminMeKey })]);
}

export function useConfirmTotp() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (code: string) => withFreshProof(() => api.post<RecoveryCodes>("/api/admin/account/totp/confirm", { code })),
    // The codes are shown before the account refreshes: the screen keeps them until the admin is done.
    onSuccess: () => void changed(),
  });
}

export function useDisableTotp() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (code: string) => withFreshProof(() => api.delete<{ success: true }>("/api/admin/account/totp", { code })),
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

const PASSKEYS = "/api/admin/account/passkeys";
const SESSIONS = "/api/admin/account/sessions";

export const accountKeys = {
  passkeys: ["account", "passkeys"],
  sessions: ["account", "sessions"],
} as const;

/** The signed-in account's passkeys (none for a session that is not a username account's). */
export const usePasskeys = () => useQuery({ queryKey: accountKeys.passkeys, queryFn: () => api.get<PasskeySummary[]>(PASSKEYS) });

/**
 * Adds a passkey: the server's options, the browser's ceremony (@simplewebauthn/browser, loaded
 * only now), then the answer with its name. A cancelled ceremony throws the browser's error and
 * sends nothing.
 */
export function useAddPasskey() {
  const invalidate = useInvalidate(accountKeys.passkeys);
  return useMutation({
    mutationFn: async (name: string) => {
      const optionsJSON = await withFreshProof(() => api.post<PublicKeyCredentialCreationOptionsJSON>(`${PASSKEYS}/options`));
      const { startRegistration } = await import("@simplewebauthn/browser");
      const response = await startRegistration({ optionsJSON });
      return api.post<PasskeySummary>(PASSKEYS, { name, response });
    },
    onSuccess: () => invalidate(),
  });
}

export function useRemovePasskey() {
  const invalidate = useInvalidate(accountKeys.passkeys);
  return useMutation({
    mutationFn: (id: string) => withFreshProof(() => api.delete<unknown>(`${PASSKEYS}/${encodeURIComponent(id)}`)),
    onSuccess: () => invalidate(),
  });
}

export const useSessions = () => useQuery({ queryKey: accountKeys.sessions, queryFn: () => api.get<SessionSummary[]>(SESSIONS) });

export function useEndSession() {
  const invalidate = useInvalidate(accountKeys.sessions);
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`${SESSIONS}/${encodeURIComponent(id)}`),
    onSuccess: () => invalidate(),
  });
}

export function useEndOtherSessions() {
  const invalidate = useInvalidate(accountKeys.sessions);
  const passkeysChanged = useInvalidate(accountKeys.passkeys);
  return useMutation({
    /** With `removeRecentPasskeys`, the passkeys added in the last 24 hours go too (a fresh proof first). */
    mutationFn: (removeRecentPasskeys: boolean) =>
      withFreshProof(() => api.delete<{ ended: number; passkeys_removed: number }>(SESSIONS, { remove_recent_passkeys: removeRecentPasskeys })),
    onSuccess: () => {
      invalidate();
      passkeysChanged();
    },
  });
}

/** A username account's own password (PUT /api/admin/account/password): every other session of it ends. */
export function useChangePassword() {
  const invalidate = useInvalidate(accountKeys.sessions);
  return useMutation({
    mutationFn: (input: { current_password: string; new_password: string }) =>
      withFreshProof(() => api.put<{ success: true; sessions_ended: number }>("/api/admin/account/password", input)),
    onSuccess: () => invalidate(),
  });
}
