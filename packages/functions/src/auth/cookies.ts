import { config } from "@agency/core/config";
import { KNOWN_DEVICE_MAX_AGE_SECONDS } from "@agency/core/auth/known-devices";
import { CHALLENGE_TTL_MS } from "@agency/core/auth/entities";
import { TRANSACTION_TTL_MS } from "@agency/core/auth/transactions";
import { PENDING_SIGN_IN_TTL_MS } from "@agency/core/auth/pending-sign-ins";

/**
 * The cookies of sign-in. Over https the session cookie is `__Host-` prefixed (Secure, Path=/,
 * no Domain: the browser refuses to let any other host or path set or shadow it); over plain http
 * (local runs) neither is possible, so it is plain `session`. The transaction cookie is scoped to
 * /api, and the known-device cookie to the username sign-in, so `__Host-` cannot apply; over https
 * they are `__Secure-`.
 */
export const sessionCookieName = () => (config.secureCookies ? "__Host-session" : "session");
export const transactionCookieName = () => (config.secureCookies ? "__Secure-oidc_tx" : "oidc_tx");
export const deviceCookieName = () => (config.secureCookies ? "__Secure-device" : "device");
/** The passkey sign-in's challenge id, between its options and its answer; sent back only to the passkey sign-in. */
export const passkeyCookieName = () => (config.secureCookies ? "__Secure-passkey_tx" : "passkey_tx");
const PASSKEY_COOKIE_PATH = "/api/admin/login/passkey";
/** A password sign-in waiting for its second factor (@agency/core/auth/pending-sign-ins). */
export const pendingSignInCookieName = () => (config.secureCookies ? "__Secure-pending_sign_in" : "pending_sign_in");
/** Either name counts as "the request carries a session cookie" for the CSRF check. */
export const sessionCookieNames = ["__Host-session", "session"] as const;

function serialize(name: string, value: string, { path, maxAge }: { path: string; maxAge: number }) {
  const parts = [`${name}=${value}`, `Path=${path}`, `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax"];
  if (maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (config.secureCookies) parts.push("Secure");
  return parts.join("; ");
}

export const sessionCookie = (token: string, maxAgeSeconds: number) => serialize(sessionCookieName(), token, { path: "/", maxAge: maxAgeSeconds });
export const clearSessionCookie = () => serialize(sessionCookieName(), "", { path: "/", maxAge: 0 });

export const transactionCookie = (id: string) => serialize(transactionCookieName(), id, { path: "/api", maxAge: Math.floor(TRANSACTION_TTL_MS / 1000) });
/** Known device (@agency/core/auth/known-devices): sent back only to the username sign-in. */
export const deviceCookie = (token: string) => serialize(deviceCookieName(), token, { path: "/api/admin/login", maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS });

/** Sent back only to the username sign-in and its second step (/api/admin/login/verify). */
export const pendingSignInCookie = (token: string) => serialize(pendingSignInCookieName(), token, { path: "/api/admin/login", maxAge: Math.floor(PENDING_SIGN_IN_TTL_MS / 1000) });
export const clearPendingSignInCookie = () => serialize(pendingSignInCookieName(), "", { path: "/api/admin/login", maxAge: 0 });

export const clearTransactionCookie = () => serialize(transactionCookieName(), "", { path: "/api", maxAge: 0 });

export const passkeyCookie = (challengeId: string) => serialize(passkeyCookieName(), challengeId, { path: PASSKEY_COOKIE_PATH, maxAge: Math.floor(CHALLENGE_TTL_MS / 1000) });
export const clearPasskeyCookie = () => serialize(passkeyCookieName(), "", { path: PASSKEY_COOKIE_PATH, maxAge: 0 });
