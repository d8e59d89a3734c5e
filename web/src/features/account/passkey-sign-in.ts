import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { authMessages } from "@agency/core/contract/auth-texts";
import { ApiError, api } from "../../lib/api";
import { ceremonyErrorMessage } from "./ceremony-errors";

/** Whether this browser can do WebAuthn at all (the login page offers passkeys only then). */
export const browserHasPasskeys = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/**
 * 'Sign in with a passkey': the server's options (discoverable: no account named), the browser's
 * ceremony (@simplewebauthn/browser, loaded only now), then the answer; the session cookie comes
 * back with it. Throws what to show when it did not sign in.
 */
export async function signInWithPasskey(): Promise<void> {
  try {
    const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>("/api/admin/login/passkey/options");
    const { startAuthentication } = await import("@simplewebauthn/browser");
    const response = await startAuthentication({ optionsJSON });
    await api.post("/api/admin/login/passkey", { response });
  } catch (err) {
    console.error("Passkey sign-in failed:", err);
    const message = ceremonyErrorMessage(err) ?? (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : authMessages.loginFailed);
    throw new Error(message);
  }
}
