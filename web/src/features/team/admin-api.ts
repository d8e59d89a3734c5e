import { useMutation, useQuery } from "@tanstack/react-query";
import type { SessionSummary } from "@agency/core/contract/sessions";
import type { InvitationInput, TeamLink, TeamMember } from "@agency/core/contract/team";
import type { Role } from "@agency/core/routes";
import { api } from "../../lib/api";
import { adminMeKey } from "../session/api";
import { useInvalidate } from "../../lib/paged";

const BASE = "/api/admin/team";
export const teamKey = ["admin", "team"] as const;
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Everyone who can sign in, and the invitations not yet accepted (a handful: one list, no paging). */
export const useTeam = () => useQuery({ queryKey: teamKey, queryFn: () => api.get<TeamMember[]>(BASE) });

export function useInvite() {
  const invalidate = useInvalidate(teamKey);
  return useMutation({ mutationFn: (input: InvitationInput) => api.post<TeamLink>(`${BASE}/invitations`, input), onSuccess: () => invalidate() });
}

/** A change may be the owner's own (demoting themselves): who is signed in is read again too. */
export function useUpdateMember() {
  const invalidate = useInvalidate(teamKey, adminMeKey);
  return useMutation({
    mutationFn: ({ id, ...change }: { id: string; role?: Role; disabled?: boolean }) => api.put<TeamMember>(path(id), change),
    onSuccess: () => invalidate(),
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidate(teamKey);
  return useMutation({ mutationFn: (id: string) => api.delete<unknown>(path(id)), onSuccess: () => invalidate() });
}

/** A reset link changes nothing the list shows. */
export const usePasswordReset = () => useMutation({ mutationFn: (id: string) => api.post<TeamLink>(`${path(id)}/password-reset`, {}) });

/** A member's sessions (the owner's view): listed while their dialog is open. */
export const memberSessionsKey = (id: string) => [...teamKey, id, "sessions"] as const;

export const useMemberSessions = (id: string | null) =>
  useQuery({ queryKey: memberSessionsKey(id ?? ""), queryFn: () => api.get<SessionSummary[]>(`${path(id!)}/sessions`), enabled: id !== null });

export function useEndMemberSession(id: string) {
  const invalidate = useInvalidate(memberSessionsKey(id));
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<unknown>(`${path(id)}/sessions/${encodeURIComponent(sessionId)}`),
    onSuccess: () => invalidate(),
  });
}
