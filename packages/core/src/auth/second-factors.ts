import type { SecondFactorMethod } from "../contract/account";
import type { AdminAccount } from "./admin-accounts";

/**
 * Which second factors an account has: what the guard and the password sign-in read on every
 * request. Apart from the TOTP and recovery-code code (auth/two-factor.ts), which loads only when a
 * code is checked, so it adds nothing to a function's cold start.
 */

/** The account's passkeys, as counted on the account when one is added or removed (auth/passkeys.ts). */
export function passkeyCount(account: AdminAccount): number {
  const n = account.passkey_count;
  return typeof n === "number" && n > 0 ? n : 0;
}

/** The ways the account can pass the second step of a password sign-in; empty without two-factor. */
export function secondFactorMethods(account: AdminAccount): SecondFactorMethod[] {
  return account.totp_enabled ? ["totp", "recovery"] : [];
}

/** Whether the account has any second factor (an authenticator or a passkey). */
export const hasSecondFactor = (account: AdminAccount) => account.totp_enabled === true || passkeyCount(account) > 0;
