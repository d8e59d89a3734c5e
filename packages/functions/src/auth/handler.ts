import { AdminAccounts } from "@agency/core/auth/admin-accounts";
import { Sessions, subjectOf } from "@agency/core/auth/sessions";
import { config } from "@agency/core/config";
import { adminLoginInput, type AdminMe, type AuthConfig, type UserMe } from "@agency/core/contract/auth";
import { HttpError, NotFoundError } from "@agency/core/errors";
import { rolePermissions } from "@agency/core/contract/roles";
import { actorOf } from "../audit";
import { http, reply } from "../http";
import { clearSessionCookie, deviceCookieName } from "./cookies";
import { DEV_ADMIN, adminSessionOf, currentSession, devLoginAllowed, sessionToken } from "./guard";
import { googleRouteKeys, lazyRoutes, passkeyRouteKeys, sessionRouteKeys } from "./lazy-routes";
import { signIn } from "./sign-in";
import { afterPassword, twoFactorRoutes } from "./two-factor";

const googleUserData = (u: { google_user_data?: { name?: string; picture?: string; email_verified?: boolean } }) => ({
  ...(u.google_user_data?.name ? { name: u.google_user_data.name } : {}),
  ...(u.google_user_data?.picture ? { picture: u.google_user_data.picture } : {}),
  email_verified: u.google_user_data?.email_verified === true,
});

/** Sign-in and sessions. */
export const handler = http({
  ...lazyRoutes(passkeyRouteKeys, async () => (await import("./passkey-routes")).passkeyRoutes),
  ...lazyRoutes(sessionRouteKeys, async () => (await import("./session-routes")).sessionRoutes),
  ...lazyRoutes(googleRouteKeys, async () => (await import("./google-routes")).googleRoutes),

  "GET /api/auth/config": async (req): Promise<AuthConfig> => ({
    devLogin: devLoginAllowed(req),
    google: Boolean(config.googleClientId && config.googleClientSecret),
    password: true,
  }),

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
    req.audit({
      action: "sign_in",
      entity: "session",
      entity_id: "",
      entity_label: "Development Login",
      actor: actorOf({ type: "admin", ...DEV_ADMIN, dev: true, role: "owner" }),
    });
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
