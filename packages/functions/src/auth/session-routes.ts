import { AdminAccounts } from "@agency/core/auth/admin-accounts";
import { Sessions, type SessionRecord } from "@agency/core/auth/sessions";
import { changePasswordInput, type SessionSummary } from "@agency/core/contract/sessions";
import { counted } from "@agency/core/contract/counted";
import { endOtherSessionsInput, RECENT_PASSKEY_MS } from "@agency/core/contract/account";
import { passkeyMessages } from "@agency/core/contract/passkeys";
import { HttpError, NotFoundError } from "@agency/core/errors";
import { Team } from "@agency/core/team/team";
import { reply, type RouteHandler } from "../http";
import type { Request } from "../request";
import { clearSessionCookie } from "./cookies";
import { currentSession, requireFreshProof, type SignedIn } from "./guard";
import type { sessionRouteKeys } from "./lazy-routes";

/** The request's own session (the guard has already let it through). */
async function signedIn(req: Request): Promise<SignedIn> {
  const s = await currentSession(req);
  if (!s) throw new HttpError(401, "Sign in required");
  return s;
}

/**
 * Passkeys belong to username accounts: a session of one (by password or passkey) can have added
 * some; a Google or Development Login session cannot, so it is never offered to remove recent ones.
 */
const canHavePasskeys = (s: SessionRecord) => s.kind === "admin";

const summaries = async (subject: string, currentHash?: string): Promise<SessionSummary[]> =>
  (await Sessions.listFor(subject)).map((s) => ({
    id: s.id,
    current: s.token_hash === currentHash,
    can_have_passkeys: canHavePasskeys(s),
    created_at: s.created_at,
    last_seen_at: s.last_seen_at,
    ip: s.ip ?? "",
    user_agent: s.user_agent ?? "",
  }));

const labelOf = (s: SessionRecord) => [s.user_agent, s.ip].filter(Boolean).join(" · ").slice(0, 200);

/** The signed-in person's sessions, a team member's (an owner's view), and the password change. */
export const sessionRoutes: Record<(typeof sessionRouteKeys)[number], RouteHandler> = {
  "GET /api/admin/account/sessions": async (req) => {
    const me = await signedIn(req);
    return summaries(me.record.subject, me.record.token_hash);
  },

  /** Ends one at once: its cookie gets 401 at the next request. Ending the current one signs this browser out. */
  "DELETE /api/admin/account/sessions/{id}": async (req) => {
    const me = await signedIn(req);
    const ended = await Sessions.endById(me.record.subject, req.params.id ?? "");
    if (!ended) throw new NotFoundError("Session not found");
    req.audit({ entity_id: ended.id ?? "", entity_label: labelOf(ended) });
    const current = ended.token_hash === me.record.token_hash;
    return reply.json({ success: true, current }, 200, current ? { cookies: [clearSessionCookie()] } : {});
  },

  /**
   * Ends every other session; with `remove_recent_passkeys`, also removes the passkeys added in the
   * last 24 hours (a stolen session's would outlive it otherwise). Removing passkeys needs a fresh proof.
   */
  "DELETE /api/admin/account/sessions": async (req) => {
    const me = await signedIn(req);
    const { remove_recent_passkeys } = req.body(endOtherSessionsInput);
    const s = req.session!;
    let removed: string[] = [];
    if (remove_recent_passkeys) {
      if (s.type !== "admin" || !canHavePasskeys(me.record)) throw new HttpError(400, passkeyMessages.usernameOnly);
      requireFreshProof(me);
      const { Passkeys } = await import("@agency/core/auth/passkeys");
      removed = (await Passkeys.removeAddedSince(s.username, new Date(Date.now() - RECENT_PASSKEY_MS).toISOString())).map((p) => p.name);
    }
    const ended = await Sessions.endAllFor(me.record.subject, me.record.token_hash);
    const label = counted(ended, "other session");
    req.audit({ entity_id: "", entity_label: removed.length ? `${label}; passkeys added in the last 24 hours removed: ${removed.join(", ")}`.slice(0, 200) : label });
    return { ended, passkeys_removed: removed.length };
  },

  /** A username account's own password; every other session of it ends. */
  "PUT /api/admin/account/password": async (req) => {
    const s = req.session;
    if (!s || s.type !== "admin" || s.dev) throw new HttpError(400, "Only a username account has a password here");
    const me = await signedIn(req);
    const { current_password, new_password } = req.body(changePasswordInput);
    const ended = await AdminAccounts.changePassword(s.username, current_password, new_password, me.record.token_hash);
    req.audit({ entity_id: s.username, entity_label: s.username, changed_fields: ["password"] });
    return { success: true, sessions_ended: ended };
  },

  /** A member's, by the team screen's id (`account.<username>`, `google.<user id>`). */
  "GET /api/admin/team/{id}/sessions": async (req) => {
    const { subject } = await Team.sessionSubject(req.params.id ?? "");
    const me = await signedIn(req);
    return summaries(subject, me.record.token_hash);
  },

  "DELETE /api/admin/team/{id}/sessions/{session_id}": async (req) => {
    const { subject, member } = await Team.sessionSubject(req.params.id ?? "");
    const ended = await Sessions.endById(subject, req.params.session_id ?? "");
    if (!ended) throw new NotFoundError("Session not found");
    req.audit({ entity_id: ended.id ?? "", entity_label: `${member.name}: ${labelOf(ended)}`.slice(0, 200) });
    return { success: true };
  },
};
