import { useMutation, useQuery } from "@tanstack/react-query";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { PasskeySummary } from "@agency/core/contract/passkeys";
import type { SessionSummary } from "@agency/core/contract/sessions";
import { api } from "../../lib/api";
import { useInvalidate } from "../../lib/paged";

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
      const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(`${PASSKEYS}/options`);
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
    mutationFn: (id: string) => api.delete<unknown>(`${PASSKEYS}/${encodeURIComponent(id)}`),
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
  return useMutation({
    mutationFn: () => api.delete<{ ended: number }>(SESSIONS),
    onSuccess: () => invalidate(),
  });
}
