import { accountRole } from "@agency/core/team/roles";
import { AdminAccounts, PASSWORD_CHANGE_THROTTLE } from "@agency/core/auth/admin-accounts";
import { Passkeys, reauthChallengeId, toSummary } from "@agency/core/auth/passkeys";
import { verifyPassword } from "@agency/core/auth/passwords";
import { rateLimit as countTry, resetRateLimit, rateLimit } from "@agency/core/rate-limit/rate-limit";
import { reauthInput, reauthTexts } from "@agency/core/contract/account";
import { Sessions, subjectOf } from "@agency/core/auth/sessions";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { addPasskeyInput, passkeyMessages, passkeySignInInput, PASSKEY_MAX_BODY_BYTES, renamePasskeyInput, type PasskeySummary } from "@agency/core/contract/passkeys";
import { HttpError } from "@agency/core/errors";
import { actorOf } from "../audit";
import { reply, type RouteHandler } from "../http";
import type { Request } from "../request";
import { clearPasskeyCookie, passkeyCookie, passkeyCookieName } from "./cookies";
import { currentSession } from "./guard";
import type { passkeyRouteKeys } from "./lazy-routes";
import { signIn } from "./sign-in";

/** Passkey sign-in starts per source address allowed per window (each stores a challenge). */
export const PASSKEY_START_LIMIT = { count: 30, windowSeconds: 600 };
/** Passkey sign-in answers per source address per window (each costs a signature check). */
export const PASSKEY_ANSWER_LIMIT = { count: 30, windowSeconds: 600 };

/** The session's own record (the guard has let it through). */
async function sessionRecordOf(req: Request) {
  const signedIn = await currentSession(req);
  if (!signedIn) throw new HttpError(401, "Sign in required");
  return signedIn.record;
}

/** The signed-in username account and its session's list id; passkeys are for username accounts only. */
async function accountOf(req: Request): Promise<{ username: string; sessionId: string }> {
  const s = req.session;
  if (!s || s.type !== "admin" || s.dev) throw new HttpError(400, passkeyMessages.usernameOnly);
  const signedIn = await currentSession(req);
  const sessionId = signedIn && (await Sessions.idOf(signedIn.record));
  if (!sessionId) throw new HttpError(401, "Sign in required");
  return { username: s.username, sessionId };
}

const credentialIdOf = (req: Request) => req.params.id ?? "";

/**
 * Passkeys: adding, listing, renaming and removing the signed-in account's own ('Account &
 * security'), and 'Sign in with a passkey' on the login page, which counts as both factors.
 */
export const passkeyRoutes: Record<(typeof passkeyRouteKeys)[number], RouteHandler> = {
  "POST /api/admin/account/passkeys/options": async (req) => {
    const { username, sessionId } = await accountOf(req);
    return Passkeys.registrationOptions(username, sessionId);
  },

  "POST /api/admin/account/passkeys": async (req) => {
    const { username, sessionId } = await accountOf(req);
    const { name, response } = req.body(addPasskeyInput, { maxBytes: PASSKEY_MAX_BODY_BYTES });
    const passkey = await Passkeys.register({ username, sessionId, name, response });
    req.audit({ entity_id: passkey.credential_id, entity_label: passkey.name, changed_fields: [] });
    return reply.created(toSummary(passkey));
  },

  /** Only a username account has passkeys; any other session has none to list (adding one is a 400). */
  "GET /api/admin/account/passkeys": async (req): Promise<PasskeySummary[]> => {
    const s = req.session;
    if (!s || s.type !== "admin" || s.dev) return [];
    return (await Passkeys.listFor(s.username)).map(toSummary);
  },

  "PUT /api/admin/account/passkeys/{id}": async (req) => {
    const { username } = await accountOf(req);
    const { name } = req.body(renamePasskeyInput);
    return toSummary(await Passkeys.rename(username, credentialIdOf(req), name));
  },

  "DELETE /api/admin/account/passkeys/{id}": async (req) => {
    const { username } = await accountOf(req);
    const removed = await Passkeys.remove(username, credentialIdOf(req));
    req.audit({ entity_label: removed.name });
    return { success: true };
  },

  /** A passkey's fresh proof: options naming the account's passkeys, the challenge bound to this session. */
  "POST /api/admin/account/reauth/passkey/options": async (req) => {
    const { username, sessionId } = await accountOf(req);
    return (await Passkeys.signInOptions(Date.now(), { sessionId, username })).options;
  },

  /**
   * Proves the session is its account's (the password, an authenticator or recovery code, or a
   * passkey's answer) and notes the time on the session: the routes that need a fresh proof let it
   * through for 5 minutes. A wrong password is a 401 naming it, counted like a wrong current
   * password on a change; a wrong code counts as at sign-in.
   */
  "POST /api/admin/account/reauth": async (req) => {
    const { username, sessionId } = await accountOf(req);
    const input = req.body(reauthInput, { maxBytes: PASSKEY_MAX_BODY_BYTES });
    const account = await AdminAccounts.get(username);
    if (!account) throw new HttpError(401, "Sign in required");
    let method: string;
    if (input.password !== undefined) {
      const { limit, windowSeconds } = PASSWORD_CHANGE_THROTTLE;
      await countTry("admin-password-change", username, limit, windowSeconds);
      if (!(await verifyPassword(input.password, account.password_hash))) {
        throw new HttpError(401, reauthTexts.wrongPassword, { fields: { password: reauthTexts.wrongPassword } });
      }
      await resetRateLimit("admin-password-change", username, windowSeconds);
      method = "password";
    } else if (input.code !== undefined) {
      const { TwoFactor } = await import("@agency/core/auth/two-factor");
      method = await TwoFactor.checkCode(account, input.code, req.ip);
    } else {
      const passkey = await Passkeys.verifySignIn(reauthChallengeId(sessionId), input.response as unknown as AuthenticationResponseJSON);
      // Another account's passkey, or one of an earlier account of this name, proves nothing here.
      if (passkey.username !== username || passkey.created_at < account.created_at) throw new HttpError(401, reauthTexts.wrongPasskey);
      method = "passkey";
    }
    const record = await sessionRecordOf(req);
    const proved_at = await Sessions.prove(record.token_hash);
    return { success: true, method, proved_at };
  },

  "POST /api/admin/login/passkey/options": async (req) => {
    await rateLimit("passkey-start", req.ip, PASSKEY_START_LIMIT.count, PASSKEY_START_LIMIT.windowSeconds);
    const { options, challengeId } = await Passkeys.signInOptions();
    return reply.json(options, 200, { cookies: [passkeyCookie(challengeId)] });
  },

  /**
   * The passkey finds the account (discoverable credentials: the browser names only the passkey).
   * Every refusal leaves the account as it was; the challenge is used up either way.
   */
  "POST /api/admin/login/passkey": async (req) => {
    await rateLimit("passkey-answer", req.ip, PASSKEY_ANSWER_LIMIT.count, PASSKEY_ANSWER_LIMIT.windowSeconds);
    const { response } = req.body(passkeySignInInput);
    const clear = clearPasskeyCookie();
    const refused = (status: number, message: string, username = "") => {
      req.audit({
        action: "sign_in_failed",
        entity: "admin-account",
        entity_id: username,
        entity_label: username ? `${username} (passkey)` : "passkey",
        actor: { type: "anonymous", id: "", name: "" },
      });
      return reply.json({ error: message }, status, { cookies: [clear] });
    };
    let passkey;
    try {
      passkey = await Passkeys.verifySignIn(req.cookies[passkeyCookieName()], response as unknown as AuthenticationResponseJSON);
    } catch (err) {
      if (err instanceof HttpError && (err.status === 400 || err.status === 401)) return refused(err.status, err.message);
      throw err;
    }
    const account = await AdminAccounts.get(passkey.username);
    // A passkey older than the account was made for an earlier account of that name (removed since).
    if (!account || passkey.created_at < account.created_at) return refused(401, passkeyMessages.unknown, passkey.username);
    if (account.disabled) return refused(403, passkeyMessages.disabled, account.username);
    await AdminAccounts.recordSignIn(account.username);
    req.audit({
      action: "sign_in",
      entity: "admin-account",
      entity_id: account.username,
      entity_label: `${account.username} (passkey)`,
      actor: actorOf({ type: "admin", username: account.username, full_name: account.full_name ?? "", dev: false, role: accountRole(account) }),
    });
    const cookie = await signIn(req, { kind: "admin", subject: subjectOf.admin(account.username), is_admin: true });
    return reply.json({ success: true }, 200, { cookies: [cookie, clear] });
  },
};
