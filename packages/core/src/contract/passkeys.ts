import * as z from "./zod";

/**
 * Passkeys' wire contract (isomorphic: the handlers validate with it, the account screen and the
 * login page type their calls with it).
 *
 * POST   /api/admin/account/passkeys/options  -> PublicKeyCredentialCreationOptionsJSON
 * POST   /api/admin/account/passkeys           {name, response} -> PasskeySummary (201)
 * GET    /api/admin/account/passkeys           -> PasskeySummary[]
 * PUT    /api/admin/account/passkeys/{id}      {name} -> PasskeySummary
 * DELETE /api/admin/account/passkeys/{id}      -> {success}
 * POST   /api/admin/login/passkey/options      -> PublicKeyCredentialRequestOptionsJSON (+ a short-lived cookie)
 * POST   /api/admin/login/passkey              {response} -> {success}
 */

export const PASSKEY_NAME_MAX_LENGTH = 64;

export const passkeyNameSchema = z
  .string({ error: "Name is required" })
  .check(z.trim(), z.minLength(1, "Name is required"), z.maxLength(PASSKEY_NAME_MAX_LENGTH, `Name: at most ${PASSKEY_NAME_MAX_LENGTH} characters`));

/**
 * A browser's answer to a ceremony as @simplewebauthn/browser sends it; the library checks what is
 * inside. Plain objects and an enum (no record or literal schemas): zod's code for each kind of
 * schema lands in every function that bundles the contract.
 */
const credentialResponse = z.lazy(() =>
  z.looseObject(
    {
      id: z.string({ error: "response.id is required" }).check(z.minLength(1), z.maxLength(1024)),
      rawId: z.string({ error: "response.rawId is required" }).check(z.minLength(1), z.maxLength(1024)),
      type: z.enum(["public-key"], { error: "response.type must be public-key" }),
      response: z.looseObject({}, { error: "response.response is required" }),
      clientExtensionResults: z._default(z.looseObject({}), {}),
      authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
    },
    { error: "response is required" },
  ),
);

export const addPasskeyInput = z.lazy(() => z.object({ name: passkeyNameSchema, response: credentialResponse }));
export const renamePasskeyInput = z.lazy(() => z.object({ name: passkeyNameSchema }));
export const passkeySignInInput = z.lazy(() => z.object({ response: credentialResponse }));

/** A registration answer may carry an attestation certificate chain: more room than the default 16 KB. */
export const PASSKEY_MAX_BODY_BYTES = 64 * 1024;

export interface PasskeySummary {
  /** The credential id (base64url). */
  id: string;
  name: string;
  created_at: string;
  last_used_at?: string;
  transports: string[];
  /** Synced to the provider's cloud (a multi-device passkey) when the authenticator says so. */
  backed_up?: boolean;
}

export const passkeyMessages = {
  usernameOnly: "Passkeys are for username accounts",
  expired: "The passkey request expired or was already used. Please try again.",
  notVerified: "The passkey could not be verified. Please try again.",
  unknown: "This passkey is not registered for any account here",
  disabled: "This account is disabled",
  duplicate: "This passkey is already registered",
} as const;
