import * as z from "./zod";

/**
 * Account & security: two-factor sign-in for username accounts (issue 20 §2). Isomorphic: the
 * handlers validate with these schemas, the back office types its calls with them.
 *
 *   GET    /api/admin/account               AccountInfo
 *   POST   /api/admin/account/totp          TotpSetup (pending until confirmed)
 *   POST   /api/admin/account/totp/confirm  {code} -> RecoveryCodes
 *   DELETE /api/admin/account/totp          {code} (an authenticator or a recovery code)
 *   POST   /api/admin/login                 a password sign-in: SecondFactorChallenge when the account has two-factor
 *   POST   /api/admin/login/verify          {code} -> the session
 *   GET/PUT /api/admin/security-settings    SecuritySettings
 */

/** Six digits, as authenticator apps show them (spaces between groups are allowed). */
export const TOTP_CODE_REGEX = /^\d{6}$/;
/** Sixteen base32 letters, as recovery codes are printed (`abcd-efgh-ijkl-mnop`; dashes, spaces and case ignored). */
export const RECOVERY_CODE_REGEX = /^[a-z2-7]{16}$/;
export const normaliseTotpInput = (code: string) => code.replace(/\s+/g, "");
export const normaliseRecoveryInput = (code: string) => code.replace(/[\s-]+/g, "").toLowerCase();
export const isTotpCodeShape = (code: string) => TOTP_CODE_REGEX.test(normaliseTotpInput(code));
export const isRecoveryCodeShape = (code: string) => RECOVERY_CODE_REGEX.test(normaliseRecoveryInput(code));

export const twoFactorTexts = {
  totpShape: "Enter the 6-digit code from your authenticator app",
  codeShape: "Enter the 6-digit code from your authenticator app, or a recovery code (like abcd-efgh-ijkl-mnop)",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  noPendingSignIn: "Your sign-in has expired or was not started here. Sign in with your password again.",
  setupRequired: "Set up two-factor sign-in for your account before you continue.",
  usernameOnly: "Two-factor sign-in is for admin accounts with a username and password. Google accounts use Google's own two-step verification.",
  alreadyOn: "Two-factor sign-in is already on. Turn it off first to set up a new authenticator.",
  notStarted: "Start the set-up first: no authenticator is waiting to be confirmed.",
  notOn: "Two-factor sign-in is not on.",
} as const;

const codeText = z.string({ error: twoFactorTexts.codeShape }).check(z.maxLength(64, twoFactorTexts.codeShape));

/** POST /api/admin/account/totp/confirm: a current code from the new authenticator. */
export const totpConfirmInput = z.lazy(() =>
  z.object({
    code: z.string({ error: twoFactorTexts.totpShape }).check(z.maxLength(64, twoFactorTexts.totpShape), z.refine(isTotpCodeShape, twoFactorTexts.totpShape)),
  }),
);

/** POST /api/admin/login/verify and DELETE /api/admin/account/totp: an authenticator code or a recovery code. */
export const secondFactorCodeInput = z.lazy(() =>
  z.object({
    code: codeText.check(z.refine((c) => isTotpCodeShape(c) || isRecoveryCodeShape(c), twoFactorTexts.codeShape)),
  }),
);

export const securitySettingsInput = z.lazy(() =>
  z.object({
    require_two_factor: z.boolean({ error: "require_two_factor must be true or false" }),
  }),
);

/** How a second step can be passed; `passkey` is listed once the account has one. */
export type SecondFactorMethod = "totp" | "recovery" | "passkey";

/** The answer to a right password for an account with two-factor: no session yet. */
export interface SecondFactorChallenge {
  second_factor_required: true;
  methods: SecondFactorMethod[];
}

export interface AccountInfo {
  /** Null for a Google account or Development Login (they have no username account). */
  username: string | null;
  /** Who this is for a Google account. */
  email?: string;
  role: string;
  totp_enabled: boolean;
  passkeys: number;
  recovery_codes_left: number;
  /** Whether the account can have two-factor here (username accounts only). */
  two_factor_available: boolean;
  /** The owner requires two-factor and this account has none: only this screen works until it is set up. */
  setup_required: boolean;
}

export interface TotpSetup {
  secret: string;
  otpauth_url: string;
}

export interface RecoveryCodes {
  recovery_codes: string[];
}

export interface SecuritySettings {
  require_two_factor: boolean;
  updated_at?: string;
}

/** The `code` of the 403 every other admin route answers while a session must set up two-factor. */
export const SETUP_REQUIRED_CODE = "two_factor_setup_required";

/**
 * A fresh proof (OWASP ASVS 5.0 7.5.1): adding or removing a passkey, turning the authenticator app
 * on or off and changing the password need the current password or a second factor given within
 * the last REAUTH_WINDOW_MS (signing in counts). Otherwise 403 with this code; the back office asks
 * for the proof (POST /api/admin/account/reauth) and tries again.
 */
export const REAUTH_REQUIRED_CODE = "reauth_required";
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;
/** "End all other sessions" can also remove the passkeys added this recently (a stolen session's). */
export const RECENT_PASSKEY_MS = 24 * 60 * 60 * 1000;

export const reauthTexts = {
  required: "Confirm it's you: enter your password, a code from your authenticator app, or use a passkey. Then try again.",
  wrongPassword: "That password is not right.",
  oneProof: "Send one of password, code or response",
  wrongPasskey: "That passkey is not one of this account's.",
} as const;

/** POST /api/admin/account/reauth: one proof, the password, an authenticator or recovery code, or a passkey's answer. */
export const reauthInput = z.lazy(() =>
  z
    .strictObject({
      password: z.optional(z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required"), z.maxLength(1024))),
      code: z.optional(codeText.check(z.refine((c) => isTotpCodeShape(c) || isRecoveryCodeShape(c), twoFactorTexts.codeShape))),
      response: z.optional(z.record(z.string(), z.unknown(), { error: "response must be a passkey's answer" })),
    })
    .check(z.refine((v) => [v.password, v.code, v.response].filter((x) => x !== undefined).length === 1, { path: ["password"], message: reauthTexts.oneProof })),
);

/** DELETE /api/admin/account/sessions: optionally, also remove the passkeys added in the last 24 hours. */
export const endOtherSessionsInput = z.lazy(() =>
  z.strictObject({
    remove_recent_passkeys: z.optional(z.boolean({ error: "remove_recent_passkeys must be true or false" })),
  }),
);
