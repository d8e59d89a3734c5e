import { accountRole } from "@agency/core/team/roles";
import { signIn } from "./sign-in";
import { AdminAccounts, InvalidCredentialsError, type AdminAccount } from "@agency/core/auth/admin-accounts";
import { KnownDevices } from "@agency/core/auth/known-devices";
import { MAX_CODES_PER_SIGN_IN, PendingSignIns, passwordTag, type PendingSignIn } from "@agency/core/auth/pending-sign-ins";
import { SecuritySettings } from "@agency/core/auth/security-settings";
import { subjectOf } from "@agency/core/auth/sessions";
import { hasSecondFactor, passkeyCount, secondFactorMethods } from "@agency/core/auth/second-factors";
import {
  isTotpCodeShape,
  secondFactorCodeInput,
  totpConfirmInput,
  twoFactorTexts,
  type AccountInfo,
  type RecoveryCodes,
  type SecondFactorChallenge,
  type SecondFactorMethod,
} from "@agency/core/contract/account";
import { HttpError, TooManyRequestsError } from "@agency/core/errors";
import { actorOf } from "../audit";
import { reply, type RouteHandler } from "../http";
import type { AdminSession, Request } from "../request";
import { clearPendingSignInCookie, deviceCookie, pendingSignInCookie, pendingSignInCookieName } from "./cookies";

/** The TOTP and recovery-code checks load when a code is checked, not at every cold start of the auth function. */
const twoFactor = () => import("@agency/core/auth/two-factor").then((m) => m.TwoFactor);

/** How a sign-in was made, as its audit entry names it. */
const methodLabels: Record<"password" | SecondFactorMethod, string> = {
  password: "password",
  totp: "password + authenticator app",
  recovery: "password + recovery code",
  passkey: "passkey",
};
export const signInLabel = (username: string, method: keyof typeof methodLabels) => `${username} (${methodLabels[method]})`;

const accountActor = (account: AdminAccount) => actorOf({ type: "admin", username: account.username, full_name: account.full_name ?? "", dev: false, role: accountRole(account) });
const anonymous = { type: "anonymous", id: "", name: "" } as const;

/**
 * A right password: an account with two-factor gets a pending sign-in and the methods of its second
 * step, and no session; a passkey-only account, when the team requires two-factor, is told to finish
 * with its passkey, and no session; one without gets its session (marked when the owner requires two-factor,
 * so that it is sent to set it up).
 */
export async function afterPassword(req: Request, account: AdminAccount) {
  const methods = secondFactorMethods(account);
  if (methods.length) {
    const { token } = await PendingSignIns.create(account);
    const challenge: SecondFactorChallenge = { second_factor_required: true, methods };
    return reply.json(challenge, 200, { cookies: [pendingSignInCookie(token)] });
  }
  const required = (await SecuritySettings.get()).require_two_factor;
  // A passkey-only account under the team's requirement finishes with its passkey (a passkey
  // sign-in, which is a sign-in of its own): the password alone gets no session.
  if (required && passkeyCount(account) > 0) {
    const challenge: SecondFactorChallenge = { second_factor_required: true, methods: ["passkey"] };
    return reply.json(challenge);
  }
  const setupRequired = required && !hasSecondFactor(account);
  req.audit({ action: "sign_in", entity: "admin-account", entity_id: account.username, entity_label: account.username, actor: accountActor(account) });
  return completeSignIn(req, account, setupRequired ? { success: true, two_factor_setup_required: true } : { success: true }, setupRequired);
}

async function completeSignIn(req: Request, account: AdminAccount, body: unknown, setupRequired = false, extraCookies: string[] = []) {
  const cookie = await signIn(req, { kind: "admin", subject: subjectOf.admin(account.username), is_admin: true, setup_required: setupRequired });
  // This browser is now a known device of the account: its own failure budget from now on.
  const device = KnownDevices.issue(account.username);
  return reply.json(body, 200, { cookies: [cookie, ...(device ? [deviceCookie(device)] : []), ...extraCookies] });
}

/** The username account behind an admin session; Google accounts and Development Login have none (403). */
async function ownAccount(session: AdminSession | undefined): Promise<AdminAccount> {
  if (session?.type !== "admin" || session.dev) throw new HttpError(403, twoFactorTexts.usernameOnly, { code: "username_accounts_only" });
  const account = await AdminAccounts.get(session.username);
  if (!account) throw new HttpError(401, "Sign in required");
  return account;
}

/** The routes of the second step and of the account's two-factor (served by the auth function). */
export const twoFactorRoutes = {
  "POST /api/admin/login/verify": async (req) => {
    const { code } = req.body(secondFactorCodeInput);
    const pending = await PendingSignIns.read(req.cookies[pendingSignInCookieName()]);
    if (!pending) throw new HttpError(401, twoFactorTexts.noPendingSignIn, { code: "no_pending_sign_in" });
    const tried: SecondFactorMethod = isTotpCodeShape(code) ? "totp" : "recovery";
    const audit = (action: "sign_in_failed" | "sign_in_locked_out") =>
      req.audit({ action, entity: "admin-account", entity_id: pending.username, entity_label: signInLabel(pending.username, tried), actor: anonymous });
    const account = await liveAccountOf(pending);
    let method: SecondFactorMethod;
    try {
      const attempts = await PendingSignIns.countAttempt(pending);
      if (attempts === undefined) throw new HttpError(401, twoFactorTexts.noPendingSignIn, { code: "no_pending_sign_in" });
      if (attempts > MAX_CODES_PER_SIGN_IN) throw new TooManyRequestsError(Math.max(1, Math.ceil((Date.parse(pending.expires_at) - Date.now()) / 1000)));
      method = await (await twoFactor()).checkCode(account, code, req.ip);
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 0;
      if (status === 429) {
        // The pending sign-in dies: the next try starts again from the password.
        await PendingSignIns.end(pending);
        audit("sign_in_locked_out");
      } else if (status === 401) {
        audit("sign_in_failed");
      }
      throw err;
    }
    // Of two requests finishing the same sign-in, one gets the session.
    if (!(await PendingSignIns.end(pending))) throw new HttpError(401, twoFactorTexts.noPendingSignIn, { code: "no_pending_sign_in" });
    req.audit({ action: "sign_in", entity: "admin-account", entity_id: account.username, entity_label: signInLabel(account.username, method), actor: accountActor(account) });
    return completeSignIn(req, account, { success: true }, false, [clearPendingSignInCookie()]);
  },

  "GET /api/admin/account": async (req): Promise<AccountInfo> => {
    const s = req.session!;
    if (s.type === "admin" && !s.dev) {
      return (await twoFactor()).info(await ownAccount(s), s.setupRequired === true);
    }
    // The session's role, as the guard read it from the member's record (a Google owner is an owner).
    return {
      username: null,
      ...(s.type === "google" ? { email: s.email } : {}),
      role: s.role,
      totp_enabled: false,
      passkeys: 0,
      recovery_codes_left: 0,
      two_factor_available: false,
      setup_required: false,
    };
  },

  "POST /api/admin/account/totp": async (req) => {
    const account = await ownAccount(req.session);
    return (await twoFactor()).startTotpSetup(account.username);
  },

  "POST /api/admin/account/totp/confirm": async (req): Promise<RecoveryCodes> => {
    const account = await ownAccount(req.session);
    const { code } = req.body(totpConfirmInput);
    const recovery_codes = await (await twoFactor()).confirmTotp(account.username, code);
    req.audit({ action: "totp_enable", entity_id: account.username, entity_label: account.username });
    return { recovery_codes };
  },

  "DELETE /api/admin/account/totp": async (req) => {
    const account = await ownAccount(req.session);
    const { code } = req.body(secondFactorCodeInput);
    await (await twoFactor()).disableTotp(account.username, code, req.ip);
    req.audit({ action: "totp_disable", entity_id: account.username, entity_label: account.username });
    return { success: true };
  },
} satisfies Record<string, RouteHandler>;

/**
 * The account a pending sign-in is for, if it may still sign in: not removed, not disabled,
 * two-factor still on, and the password it was begun with still the account's (a password change
 * or reset ends pending sign-ins: 401 no_pending_sign_in).
 */
async function liveAccountOf(pending: PendingSignIn): Promise<AdminAccount> {
  const account = await AdminAccounts.get(pending.username);
  if (account && pending.password_tag !== passwordTag(account)) {
    await PendingSignIns.end(pending);
    throw new HttpError(401, twoFactorTexts.noPendingSignIn, { code: "no_pending_sign_in" });
  }
  if (account && !account.disabled && account.totp_enabled) return account;
  await PendingSignIns.end(pending);
  throw new InvalidCredentialsError();
}
