/** Texts the login page shows (SPEC §8, and the text for a Google account that may not enter). */
export const authMessages = {
  loginFailed: "Failed to login. Please try again.",
  googleFailed: "Failed to initiate Google login. Please try again.",
  notAuthorised: "This Google account is not authorised for the admin area.",
  invalidCredentials: "Invalid username or password",
  wrongCurrentPassword: "Current password is incorrect",
  /** A 403 for a route or item the role may not use (code `forbidden`). */
  forbidden: "Your role does not allow this.",
} as const;

/** The `error` query parameter of /admin/login, set by the callback page and the admin shell. */
export const loginErrorCodes = ["not_authorised", "google_failed", "login_failed"] as const;
export type LoginErrorCode = (typeof loginErrorCodes)[number];

const loginErrorTexts: Record<LoginErrorCode, string> = {
  not_authorised: authMessages.notAuthorised,
  google_failed: authMessages.googleFailed,
  login_failed: authMessages.loginFailed,
};

/** The text for /admin/login?error=<code>: "" when absent or unknown (own keys only, the code is URL input). */
export const loginErrorText = (code: string | null): string => (code !== null && Object.hasOwn(loginErrorTexts, code) ? loginErrorTexts[code as LoginErrorCode] : "");
