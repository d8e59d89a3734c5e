import { useMutation, useQuery } from "@tanstack/react-query";
import type { SessionSummary } from "@agency/core/contract/sessions";
import type { InvitationInput, PendingLink, TeamLink, TeamMember } from "@agency/core/contract/team";
import type { Role } from "@agency/core/contract/roles";
import { api } from "../../lib/api";
import { adminMeKey } from "../session/api";
import { useInvalidate } from "../../lib/paged";

const BASE = "/api/admin/team";
export const teamKey = ["admin", "team"] as const;
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Everyone who can sign in, and the invitations not yet accepted (a handful: one list, no paging). */
export const useTeam = () => useQuery({ queryKey: teamKey, queryFn: () => api.get<TeamMember[]>(BASE) });

/** Invitation and password-reset links not yet used nor expired (a handful: one list). */
export const teamLinksKey = ["admin", "team-links"] as const;
const linkPath = (id: string) => `${BASE}/links/${encodeURIComponent(id)}`;

export const useTeamLinks = () => useQuery({ queryKey: teamLinksKey, queryFn: () => api.get<PendingLink[]>(`${BASE}/links`) });

/** A pending link's address again: read when asked for, never kept in the cache. */
export const useShowLink = () => useMutation({ mutationFn: (id: string) => api.get<TeamLink>(`${linkPath(id)}/url`) });

/** Withdrawing an invitation also takes its "Invited" row off the team. */
export function useWithdrawLink() {
  const invalidate = useInvalidate(teamLinksKey, teamKey);
  return useMutation({ mutationFn: (id: string) => api.delete<unknown>(linkPath(id)), onSuccess: () => invalidate() });
}

export function useInvite() {
  const invalidate = useInvalidate(teamKey, teamLinksKey);
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

/** Removing a member withdraws their reset links; withdrawing an invitation (its row) withdraws its link. */
export function useRemoveMember() {
  const invalidate = useInvalidate(teamKey, teamLinksKey);
  return useMutation({ mutationFn: (id: string) => api.delete<unknown>(path(id)), onSuccess: () => invalidate() });
}

/** A reset link changes nothing the team shows: it joins the pending links. */
export function usePasswordReset() {
  const invalidate = useInvalidate(teamLinksKey);
  return useMutation({ mutationFn: (id: string) => api.post<TeamLink>(`${path(id)}/password-reset`, {}), onSuccess: () => invalidate() });
}

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
