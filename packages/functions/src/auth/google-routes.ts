import { subjectOf } from "@agency/core/auth/sessions";
import { authMessages, sessionExchangeInput } from "@agency/core/contract/auth";
import { rateLimit } from "@agency/core/rate-limit/rate-limit";
import { activeGoogleRole } from "@agency/core/team/roles";
import { Users } from "@agency/core/users/users";
import { actorOf } from "../audit";
import { reply, type RouteHandler } from "../http";
import { clearTransactionCookie, transactionCookie, transactionCookieName } from "./cookies";
import { finishGoogleSignIn, startGoogleSignIn } from "./google";
import type { googleRouteKeys } from "./lazy-routes";
import { signIn } from "./sign-in";

/** "Continue with Google" starts per source address allowed per window (each stores a transaction). */
export const GOOGLE_START_LIMIT = { count: 30, windowSeconds: 600 };

/** "Continue with Google": its start and the exchange that ends it, with the OpenID client they load. */
export const googleRoutes: Record<(typeof googleRouteKeys)[number], RouteHandler> = {
  "GET /api/oauth/google/redirect_url": async (req) => {
    await rateLimit("google-start", req.ip, GOOGLE_START_LIMIT.count, GOOGLE_START_LIMIT.windowSeconds);
    // `return_to`: the admin address to come back to (kept in the transaction, never in the browser).
    const { redirectUrl, transactionId } = await startGoogleSignIn(req.query.return_to);
    return reply.json({ redirectUrl }, 200, { cookies: [transactionCookie(transactionId)] });
  },

  "POST /api/sessions": async (req) => {
    const input = req.body(sessionExchangeInput);
    const txCookie = clearTransactionCookie();
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
};
