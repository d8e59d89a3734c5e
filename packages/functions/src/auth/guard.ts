import { AdminAccounts, type AdminAccount } from "@agency/core/auth/admin-accounts";
import { SecuritySettings } from "@agency/core/auth/security-settings";
import { Sessions, type SessionRecord } from "@agency/core/auth/sessions";
import { hasSecondFactor } from "@agency/core/auth/second-factors";
import { REAUTH_REQUIRED_CODE, REAUTH_WINDOW_MS, SETUP_REQUIRED_CODE, reauthTexts, twoFactorTexts, type SecuritySettings as Settings } from "@agency/core/contract/account";
import { config } from "@agency/core/config";
import { authMessages } from "@agency/core/contract/auth";
import type { BatchRead } from "@agency/core/db/batch";
import { HttpError } from "@agency/core/errors";
import { isLoopbackAddress } from "@agency/core/loopback";
import { routes } from "@agency/core/routes";
import { roleCan, type Permission, type Role } from "@agency/core/contract/roles";
import { accountRole, activeGoogleRole } from "@agency/core/team/roles";
import { Users, type User } from "@agency/core/users/users";
import type { AdminSession, Request } from "../request";
import { sessionCookieName } from "./cookies";

/** Whoever holds a live session, admin or not. */
export interface SignedIn {
  record: SessionRecord;
  token: string;
  identity:
    { type: "google"; user: User; isAdmin: boolean; role?: Role } | { type: "admin"; username: string; full_name: string; dev: boolean; role: Role; hasSecondFactor?: boolean };
  /** The back office's security settings, when they were read with the session (an account's session). */
  security?: Settings;
}

export const DEV_ADMIN = { username: "dev", full_name: "Development Admin" } as const;

export const sessionToken = (req: Request): string | undefined => req.cookies[sessionCookieName()];

/**
 * Development Login, and the sessions it made, serve only requests from this machine: the socket
 * address the gateway saw (never a header) is loopback. `npm start` listens on loopback unless HOST
 * opens it to the network; in Lambda, config.devLogin is never on.
 */
export const devLoginAllowed = (req: Request): boolean => config.devLogin && isLoopbackAddress(req.event.requestContext?.http?.sourceIp ?? "");

/**
 * The live session of the request and who it belongs to, or undefined. Besides the session's own
 * expiry, the person behind it must still exist and still be allowed: a deleted user, a disabled
 * account, Development Login switched off, or a Google address taken off ADMIN_EMAILS stops it at
 * the next request.
 */
export async function currentSession(req: Request, now = Date.now()): Promise<SignedIn | undefined> {
  const token = sessionToken(req);
  // The session, the account or user its token names and, for an account, the security settings
  // (is two-factor required: mustSetUpTwoFactor), in one read.
  const { record, subjectRecord, alsoRecord } = await Sessions.readWith<AdminAccount | User, Settings>(token, subjectRead, now, securityRead);
  if (!record || !token) return undefined;
  const [kind, id = ""] = splitSubject(record.subject);
  if (record.kind === "google" && kind === "user") {
    const user = subjectRecord === undefined ? await Users.find(id) : ((subjectRecord as User | null) ?? undefined);
    if (!user) {
      await Sessions.end(token);
      return undefined;
    }
    // The role comes from the user's record on every request: a demotion or removal applies at once.
    const role = record.is_admin ? activeGoogleRole(user) : undefined;
    return { record, token, identity: { type: "google", user, isAdmin: role !== undefined, ...(role ? { role } : {}) } };
  }
  if (record.kind === "admin" && kind === "admin") {
    const account = subjectRecord === undefined ? await AdminAccounts.get(id) : ((subjectRecord as AdminAccount | null) ?? undefined);
    if (!account || account.disabled) {
      await Sessions.end(token);
      return undefined;
    }
    return {
      record,
      token,
      ...(alsoRecord !== undefined ? { security: SecuritySettings.of(alsoRecord) } : {}),
      identity: {
        type: "admin",
        username: account.username,
        full_name: account.full_name ?? "",
        dev: false,
        role: accountRole(account),
        hasSecondFactor: hasSecondFactor(account),
      },
    };
  }
  if (record.kind === "dev" && devLoginAllowed(req)) {
    // Development Login (this machine only) is the local owner.
    return { record, token, identity: { type: "admin", ...DEV_ADMIN, dev: true, role: "owner" } };
  }
  return undefined;
}

const splitSubject = (subject: string) => subject.split(/#(.*)/s) as [string, string?];

/** How the account or user a session's subject names is read beside the session (Sessions.readWith). */
function subjectRead(subject: string): BatchRead<AdminAccount | User> | undefined {
  const [kind, id = ""] = splitSubject(subject);
  if (kind === "admin") return AdminAccounts.batchRead(id);
  if (kind === "user") return Users.batchRead(id);
  return undefined;
}

/** The security settings, read beside an account's session (a username account may have to set up two-factor). */
const securityRead = (subject: string) => (splitSubject(subject)[0] === "admin" ? SecuritySettings.batchRead() : undefined);

/**
 * What a session that must set up two-factor may still use: who is signed in, and the account's
 * own routes (two-factor, and the passkeys and sessions beside it).
 */
export function reachableDuringSetup(routeKey: string): boolean {
  const path = routeKey.slice(routeKey.indexOf(" ") + 1);
  return routeKey === "GET /api/admin/me" || path === "/api/admin/account" || path.startsWith("/api/admin/account/");
}

/**
 * A username session of an account without a second factor while the owner requires two-factor:
 * it must set one up before anything else. Checked live on every request, whenever the session
 * began, so turning the requirement on holds existing sessions at once, and it lifts as soon as
 * the account has a second factor or the owner stops requiring it.
 */
async function mustSetUpTwoFactor(signedIn: SignedIn): Promise<boolean> {
  const { identity } = signedIn;
  if (identity.type !== "admin" || identity.dev || identity.hasSecondFactor) return false;
  return (signedIn.security ?? (await SecuritySettings.get())).require_two_factor;
}

/**
 * Deny by default: every `admin` route needs the session of an authorised admin whose role has the
 * route's permission (routes.ts). 401 without a live session; 403 for a signed-in person who is not
 * an admin, or whose role lacks the permission, and 403 (code two_factor_setup_required) for a
 * session that must set up two-factor first.
 */
export async function authorize(req: Request, permission: Permission): Promise<AdminSession> {
  if (!sessionToken(req)) throw new HttpError(401, "Sign in required");
  const signedIn = await currentSession(req);
  if (!signedIn) throw new HttpError(401, "Sign in required");
  const session = adminSessionOf(signedIn);
  if (!session) throw new HttpError(403, authMessages.notAuthorised, { code: "not_authorised" });
  const setupRequired = await mustSetUpTwoFactor(signedIn);
  if (setupRequired && !reachableDuringSetup(req.routeKey)) {
    throw new HttpError(403, twoFactorTexts.setupRequired, { code: SETUP_REQUIRED_CODE });
  }
  if (!roleCan(session.role, permission)) throw new HttpError(403, authMessages.forbidden, { code: "forbidden", permission });
  const spec = Object.hasOwn(routes, req.routeKey) ? routes[req.routeKey as keyof typeof routes] : undefined;
  if (spec?.access === "admin" && spec.freshProof) requireFreshProof(signedIn);
  return setupRequired && session.type === "admin" ? { ...session, setupRequired } : session;
}

/**
 * A username account's session must have proved itself (its sign-in, or POST
 * /api/admin/account/reauth) within REAUTH_WINDOW_MS: 403 `reauth_required` otherwise. Google and
 * Development Login sessions have no password or second factor here (those routes refuse them).
 */
export function requireFreshProof(signedIn: SignedIn, now = Date.now()): void {
  const { identity, record } = signedIn;
  if (identity.type !== "admin" || identity.dev) return;
  if (!Sessions.provedWithin(record, REAUTH_WINDOW_MS, now)) throw new HttpError(403, reauthTexts.required, { code: REAUTH_REQUIRED_CODE });
}

/** The admin behind a live session, with their role; undefined for a Google account that is not (or no longer) on the team. */
export function adminSessionOf({ identity }: SignedIn): AdminSession | undefined {
  if (identity.type === "google") {
    if (!identity.isAdmin || !identity.role) return undefined;
    return { type: "google", userId: identity.user.id, email: identity.user.email, user: identity.user, role: identity.role };
  }
  return { type: "admin", username: identity.username, full_name: identity.full_name, dev: identity.dev, role: identity.role };
}
