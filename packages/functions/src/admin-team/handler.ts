import { subjectOf } from "@agency/core/auth/sessions";
import { config } from "@agency/core/config";
import { acceptInvitationInput, invitationInput, teamMemberUpdate, type InvitationView, type PendingLink, type TeamLink, type TeamMember } from "@agency/core/contract/team";
import { rateLimit } from "@agency/core/rate-limit/rate-limit";
import { Invitations } from "@agency/core/team/invitations";
import { Team } from "@agency/core/team/team";
import { actorOf } from "../audit";
import { http, reply } from "../http";
import type { Request } from "../request";

/**
 * Acceptances per source address per window (each hashes a password). Reading a link stores nothing
 * (a GET changes nothing): its 256-bit token cannot be guessed.
 */
export const INVITATION_LIMIT = { count: 60, windowSeconds: 600 };

const linkOf = (token: string, expires_at: string): TeamLink => ({ url: new URL(`/admin/invite/${token}`, config.publicUrl).href, expires_at });
const actorIdOf = (req: Request) => actorOf(req.session!).id;

/** The team (owner only) and the invitation / password-reset links it hands out. */
export const handler = http({
  "GET /api/admin/team": async (): Promise<TeamMember[]> => Team.list(),

  "POST /api/admin/team/invitations": async (req) => {
    const input = req.body(invitationInput);
    const { token, invitation } = await Invitations.create({ kind: "invite", ...input }, actorIdOf(req));
    req.audit({ action: "invite", entity: "team-member", entity_id: `invitation.${invitation.id}`, entity_label: input.username ?? input.email ?? input.role });
    return reply.created(linkOf(token, invitation.expires_at));
  },

  "POST /api/admin/team/{id}/password-reset": async (req): Promise<TeamLink> => {
    const { member, token, invitation } = await Team.passwordReset(req.params.id!, actorIdOf(req));
    req.audit({ action: "password_reset", entity: "team-member", entity_id: member.id, entity_label: member.name });
    return linkOf(token, invitation.expires_at);
  },

  "PUT /api/admin/team/{id}": async (req): Promise<TeamMember> => {
    const change = req.body(teamMemberUpdate);
    const member = await Team.update(req.params.id!, change, req.session!.role);
    req.audit({ entity_label: member.name });
    return member;
  },

  "DELETE /api/admin/team/{id}": async (req) => {
    const member = await Team.remove(req.params.id!, req.session!.role);
    req.audit({ entity_label: member.name });
    return { success: true };
  },

  "GET /api/admin/team/links": async (): Promise<PendingLink[]> => Invitations.links(),

  "GET /api/admin/team/links/{id}/url": async (req): Promise<TeamLink> => {
    const { token, link } = await Invitations.token(req.params.id!);
    return linkOf(token, link.expires_at);
  },

  "DELETE /api/admin/team/links/{id}": async (req) => {
    const withdrawn = await Invitations.revoke(req.params.id!);
    const who = withdrawn.username ?? withdrawn.email ?? withdrawn.role ?? "";
    req.audit({
      entity_id: `${withdrawn.kind === "invite" ? "invitation" : "password-reset"}.${withdrawn.id}`,
      entity_label: `${withdrawn.kind === "invite" ? "Invitation" : "Password-reset link"} for ${who} withdrawn`,
    });
    return { success: true };
  },

  "GET /api/team/invitations/{token}": async (req): Promise<InvitationView> => Invitations.view(req.params.token!),

  /** Sets the password (and the username when the link has none); the invitee then signs in. */
  "POST /api/team/invitations/{token}": async (req) => {
    await rateLimit("invitation", req.ip, INVITATION_LIMIT.count, INVITATION_LIMIT.windowSeconds);
    const { kind, username } = await Invitations.accept(req.params.token!, req.body(acceptInvitationInput));
    req.audit({
      action: kind === "invite" ? "create" : "update",
      entity: "admin-account",
      entity_id: username,
      entity_label: username,
      changed_fields: kind === "invite" ? [] : ["password"],
      actor: { type: "admin", id: subjectOf.admin(username), name: username },
    });
    return { success: true, username };
  },
});
