import { config } from "../config";
import { twoFactorTexts, isRecoveryCodeShape, isTotpCodeShape, type AccountInfo, type SecondFactorMethod, type TotpSetup } from "../contract/account";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import { rateLimit, resetRateLimit } from "../rate-limit/rate-limit";
import { AdminAccounts, type AdminAccount } from "./admin-accounts";
import { hasSecondFactor, passkeyCount } from "./second-factors";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes";
import { matchTotp, newTotpSecret, otpauthUrl } from "./totp";

/**
 * Two-factor sign-in for username accounts (issue 20 §2): an authenticator app (TOTP) with ten
 * recovery codes. The secret is created and kept on the server; it is answered once, at set-up,
 * and never again once confirmed.
 *
 * Wrong codes are counted per account and source address (every pending sign-in and every attempt
 * to turn two-factor off), so someone who has the password cannot lock the real user's device out
 * from elsewhere: the attempt that follows the tenth wrong code in a window from one address is
 * refused with 429 and Retry-After, and a pending sign-in that meets the limit ends. A right code
 * resets the count. With one step of drift a guess has 3 chances in a million, so ten a quarter
 * hour is no way in.
 */
export const SECOND_FACTOR_THROTTLE = { limit: 10, windowSeconds: 15 * 60 };
const THROTTLE_SCOPE = "admin-second-factor";

/** A wrong code: 401. */
export class WrongCodeError extends HttpError {
  constructor() {
    super(401, twoFactorTexts.wrongCode, { code: "wrong_code" });
  }
}

/** The account's role: its own once roles exist (read defensively), else owner for ADMIN_USERNAME. */
export function roleOf(account: AdminAccount): string {
  const role = (account as { role?: unknown }).role;
  if (typeof role === "string" && role) return role;
  return account.username === config.adminUsername?.trim().toLowerCase() ? "owner" : "admin";
}

async function accountOf(username: string): Promise<AdminAccount> {
  const account = await AdminAccounts.get(username);
  if (!account) throw new NotFoundError("No such account");
  return account;
}

/** The issuer authenticator apps show beside the account: the site's host. */
const issuer = () => new URL(config.publicUrl).host;

export const TwoFactor = {
  info(account: AdminAccount, setupRequired: boolean): AccountInfo {
    return {
      username: account.username,
      role: roleOf(account),
      totp_enabled: account.totp_enabled === true,
      passkeys: passkeyCount(account),
      recovery_codes_left: account.totp_enabled ? (account.recovery_code_hashes?.length ?? 0) : 0,
      two_factor_available: true,
      setup_required: setupRequired && !hasSecondFactor(account),
    };
  },

  /** Begins (or begins again) setting up an authenticator: a new secret, pending until confirmed. */
  async startTotpSetup(username: string): Promise<TotpSetup> {
    const account = await accountOf(username);
    if (account.totp_enabled) throw new ConflictError(twoFactorTexts.alreadyOn);
    const secret = newTotpSecret();
    try {
      await db()
        .adminAccount.patch({ username: account.username })
        .set({ totp_pending_secret: secret })
        .where((a, { eq, notExists }) => `(${notExists(a.totp_enabled)} OR ${eq(a.totp_enabled, false)})`)
        .go({ response: "none" });
    } catch (err) {
      if (isConditionalFailure(err)) throw new ConflictError(twoFactorTexts.alreadyOn);
      throw err;
    }
    return { secret, otpauth_url: otpauthUrl({ secret, issuer: issuer(), account: account.username }) };
  },

  /**
   * Confirms the pending authenticator with a current code: two-factor is on, and the ten recovery
   * codes are answered (this once; only their hashes are kept). The write is conditional on the
   * pending secret the code was checked against, so a set-up begun again meanwhile is not confirmed
   * with the old one's code.
   */
  async confirmTotp(username: string, code: string, now = Date.now()): Promise<string[]> {
    const account = await accountOf(username);
    if (account.totp_enabled) throw new ConflictError(twoFactorTexts.alreadyOn);
    const pending = account.totp_pending_secret;
    if (!pending) throw new ConflictError(twoFactorTexts.notStarted);
    const step = matchTotp(pending, code, now);
    if (step === undefined) throw new WrongCodeError();
    const codes = newRecoveryCodes();
    try {
      await db()
        .adminAccount.patch({ username: account.username })
        .set({ totp_enabled: true, totp_secret: pending, totp_last_step: step, recovery_code_hashes: codes.map(hashRecoveryCode) })
        .remove(["totp_pending_secret"])
        .where((a, { eq, notExists }) => `${eq(a.totp_pending_secret, pending)} AND (${notExists(a.totp_enabled)} OR ${eq(a.totp_enabled, false)})`)
        .go({ response: "none" });
    } catch (err) {
      if (isConditionalFailure(err)) throw new ConflictError(twoFactorTexts.notStarted);
      throw err;
    }
    return codes;
  },

  /** Turns two-factor off with a current authenticator code or an unused recovery code (counted like sign-in codes). */
  async disableTotp(username: string, code: string, from: string, now = Date.now()): Promise<SecondFactorMethod> {
    const account = await accountOf(username);
    if (!account.totp_enabled) throw new ConflictError(twoFactorTexts.notOn);
    const method = await TwoFactor.checkCode(account, code, from, now);
    await db()
      .adminAccount.patch({ username: account.username })
      .set({ totp_enabled: false })
      .remove(["totp_secret", "totp_last_step", "recovery_code_hashes", "totp_pending_secret"])
      .go({ response: "none" });
    return method;
  },

  /**
   * Checks a second-factor code of the account, throttled (SECOND_FACTOR_THROTTLE, 429), and uses
   * it up: an authenticator code's step is stored as the last used, a recovery code is taken out of
   * the set, each by a conditional write so that two requests with the same code cannot both pass.
   * Answers the method that passed; a wrong or used code is a WrongCodeError (401).
   */
  async checkCode(account: AdminAccount, code: string, from: string, now = Date.now()): Promise<SecondFactorMethod> {
    const { limit, windowSeconds } = SECOND_FACTOR_THROTTLE;
    // The address first: it holds no '#'.
    const counted = `${from}#${account.username}`;
    await rateLimit(THROTTLE_SCOPE, counted, limit, windowSeconds, now);
    const method = await useCode(account, code, now);
    if (!method) throw new WrongCodeError();
    await resetRateLimit(THROTTLE_SCOPE, counted, windowSeconds, now);
    return method;
  },
};

async function useCode(account: AdminAccount, code: string, now: number): Promise<SecondFactorMethod | undefined> {
  if (!account.totp_enabled || !account.totp_secret) return undefined;
  const key = { username: account.username };
  try {
    if (isTotpCodeShape(code)) {
      const step = matchTotp(account.totp_secret, code, now, account.totp_last_step ?? -1);
      if (step === undefined) return undefined;
      await db()
        .adminAccount.patch(key)
        .set({ totp_last_step: step })
        .where((a, { eq, lt, notExists }) => `${eq(a.totp_enabled, true)} AND (${notExists(a.totp_last_step)} OR ${lt(a.totp_last_step, step)})`)
        .go({ response: "none" });
      return "totp";
    }
    if (isRecoveryCodeShape(code)) {
      const hash = hashRecoveryCode(code);
      if (!account.recovery_code_hashes?.includes(hash)) return undefined;
      await db()
        .adminAccount.patch(key)
        .delete({ recovery_code_hashes: [hash] })
        .where((a, { contains }) => contains(a.recovery_code_hashes, hash))
        .go({ response: "none" });
      return "recovery";
    }
  } catch (err) {
    // Used by a concurrent request between the read and the write.
    if (isConditionalFailure(err)) return undefined;
    throw err;
  }
  return undefined;
}
