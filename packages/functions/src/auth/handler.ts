import { AdminAccounts } from "@agency/core/auth/admin-accounts";
import { Sessions, subjectOf } from "@agency/core/auth/sessions";
import { config } from "@agency/core/config";
import { adminLoginInput, authMessages, sessionExchangeInput, type AdminMe, type AuthConfig, type UserMe } from "@agency/core/contract/auth";
import { HttpError, NotFoundError } from "@agency/core/errors";
import { rateLimit } from "@agency/core/rate-limit/rate-limit";
import { rolePermissions } from "@agency/core/routes";
import { accountRole, activeGoogleRole } from "@agency/core/team/roles";
import { Users } from "@agency/core/users/users";
import { actorOf } from "../audit";
import { http, reply } from "../http";
import {
  clearSessionCookie,
  clearTransactionCookie,
  deviceCookieName,
  transactionCookie,
  transactionCookieName,
} from "./cookies";
import { DEV_ADMIN, adminSessionOf, currentSession, devLoginAllowed, sessionToken } from "./guard";
import { lazyRoutes, passkeyRouteKeys, sessionRouteKeys } from "./lazy-routes";
import { signIn } from "./sign-in";
import { afterPassword, twoFactorRoutes } from "./two-factor";

/** "Continue with Google" starts per source address allowed per window (each stores a transaction). */
export const GOOGLE_START_LIMIT = { count: 30, windowSeconds: 600 };


const googleUserData = (u: { google_user_data?: { name?: string; picture?: string; email_verified?: boolean } }) => ({
  ...(u.google_user_data?.name ? { name: u.google_user_data.name } : {}),
  ...(u.google_user_data?.picture ? { picture: u.google_user_data.picture } : {}),
  email_verified: u.google_user_data?.email_verified === true,
});

/** Sign-in and sessions. */
export const handler = http({
  ...lazyRoutes(passkeyRouteKeys, async () => (await import("./passkey-routes")).passkeyRoutes),
  ...lazyRoutes(sessionRouteKeys, async () => (await import("./session-routes")).sessionRoutes),

  "GET /api/auth/config": async (req): Promise<AuthConfig> => ({
    devLogin: devLoginAllowed(req),
    google: Boolean(config.googleClientId && config.googleClientSecret),
    password: true,
  }),

  "GET /api/oauth/google/redirect_url": async (req) => {
    await rateLimit("google-start", req.ip, GOOGLE_START_LIMIT.count, GOOGLE_START_LIMIT.windowSeconds);
    // `return_to`: the admin address to come back to (kept in the transaction, never in the browser).
    // The OpenID client loads with the first Google sign-in, not at every cold start (./lazy-routes.ts).
    const { startGoogleSignIn } = await import("./google");
    const { redirectUrl, transactionId } = await startGoogleSignIn(req.query.return_to);
    return reply.json({ redirectUrl }, 200, { cookies: [transactionCookie(transactionId)] });
  },

  "POST /api/sessions": async (req) => {
    const input = req.body(sessionExchangeInput);
    const txCookie = clearTransactionCookie();
    const { finishGoogleSignIn } = await import("./google");
    const { profile, returnTo } = await finishGoogleSignIn(input, req.cookies[transactionCookieName()]);
    const user = profile.email ? await Users.upsertFromGoogle(profile) : undefined;
    if (!user) {
      return reply.json({ error: authMessages.notAuthorised, code: "not_authorised" }, 403, { cookies: [txCookie] });
    }
    // On the team (ADMIN_EMAILS, less those an owner disabled or took off): the role is read again on every request.
    const role = activeGoogleRole({ ...user, google_user_data: { ...user.google_user_data, email_verified: profile.email_verified } });
    const isAdmin = role !== undefined;
    const cookie = await signIn(req, { kind: "google", subject: subjectOf.user(user.id), is_admin: isAdmin });
    // A Google account that is not an admin is refused the back office: a failed admin sign-in.
    req.audit({
      action: isAdmin ? "sign_in" : "sign_in_failed",
      entity: "user",
      entity_id: user.id,
      entity_label: user.email,
      actor: role ? actorOf({ type: "google", userId: user.id, email: user.email, user, role }) : { type: "anonymous", id: "", name: "" },
    });
    if (!isAdmin) {
      // Signed in (the Users page lists them), but no admin session.
      return reply.json({ error: authMessages.notAuthorised, code: "not_authorised" }, 403, { cookies: [cookie, txCookie] });
    }
    return reply.json({ success: true, return_to: returnTo }, 200, { cookies: [cookie, txCookie] });
  },

  "POST /api/admin/login": async (req) => {
    const { username, password } = req.body(adminLoginInput);
    const tried = username.trim().toLowerCase().slice(0, 100);
    let account;
    try {
      account = await AdminAccounts.authenticate(username, password, { ip: req.ip, device: req.cookies[deviceCookieName()] });
    } catch (err) {
      // A refused sign-in, with the username tried; over a limit, the lockout.
      const status = err instanceof HttpError ? err.status : 0;
      if (status === 401 || status === 429) {
        req.audit({
          action: status === 429 ? "sign_in_locked_out" : "sign_in_failed",
          entity: "admin-account",
          entity_id: tried,
          entity_label: tried,
          actor: { type: "anonymous", id: "", name: "" },
        });
      }
      throw err;
    }
    // With two-factor, no session yet: the second step (POST /api/admin/login/verify) makes it.
    return afterPassword(req, account);
  },

  ...twoFactorRoutes,

  "POST /api/auth/dev-login": async (req) => {
    if (!config.devLogin) throw new NotFoundError();
    if (!devLoginAllowed(req)) throw new HttpError(403, "Development Login works only from this machine");
    const cookie = await signIn(req, { kind: "dev", subject: subjectOf.dev(), is_admin: true });
    req.audit({ action: "sign_in", entity: "session", entity_id: "", entity_label: "Development Login", actor: actorOf({ type: "admin", ...DEV_ADMIN, dev: true, role: "owner" }) });
    return reply.json({ success: true }, 200, { cookies: [cookie] });
  },

  "GET /api/users/me": async (req): Promise<UserMe> => {
    const signedIn = await currentSession(req);
    if (!signedIn) throw new HttpError(401, "Not signed in");
    const { identity } = signedIn;
    if (identity.type === "admin") {
      return { type: "admin", is_admin: true, username: identity.username, full_name: identity.full_name };
    }
    const u = identity.user;
    return {
      type: "google",
      is_admin: identity.isAdmin,
      id: u.id,
      email: u.email,
      created_at: u.created_at,
      ...(u.last_login_at ? { last_login_at: u.last_login_at } : {}),
      google_user_data: googleUserData(u),
    };
  },

  /** SPEC's answer, with the role and what it may do: the back office shows each role only that. */
  "GET /api/admin/me": async (req): Promise<AdminMe> => {
    const s = req.session!;
    const grant = { role: s.role, permissions: [...rolePermissions[s.role]] };
    if (s.type === "google") {
      return { type: "google", user: { id: s.userId, email: s.email, google_user_data: googleUserData(s.user) }, ...grant };
    }
    return { type: "admin", admin: { username: s.username, full_name: s.full_name }, ...grant, ...(s.setupRequired ? { two_factor_setup_required: true as const } : {}) };
  },

  /**
   * A POST, under the CSRF rule of every write (the site's Origin and a JSON body when a session
   * cookie comes along): as a GET, any page's <img> could end the admin's session.
   */
  "POST /api/logout": async (req) => {
    const signedIn = await currentSession(req);
    const admin = signedIn && adminSessionOf(signedIn);
    if (admin) {
      const actor = actorOf(admin);
      req.audit({ action: "sign_out", entity: "session", entity_id: "", entity_label: actor.name, actor });
    }
    await Sessions.end(sessionToken(req));
    return reply.json({ success: true }, 200, { cookies: [clearSessionCookie()] });
  },
});
