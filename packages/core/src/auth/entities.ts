import { Entity } from "../db/entity";

/**
 * Username admin accounts.
 *
 * Access patterns:
 *   byUsername  Get    one account by username (lowercased)   pk: username
 *   all         Query  every account (a handful, made from the shell; the Users screen lists them)
 *                                                             gsi1: constant partition / username
 *               (accounts stored before this index get its keys once, in the recount)
 */
export const AdminAccountEntity = new Entity({
  model: { entity: "adminAccount", version: "1", service: "agency" },
  attributes: {
    username: { type: "string", required: true, readOnly: true },
    full_name: { type: "string", default: "" },
    password_hash: { type: "string", required: true },
    disabled: { type: "boolean", required: true, default: false },
    created_at: { type: "string", required: true, readOnly: true, default: () => new Date().toISOString() },
    updated_at: { type: "string", required: true, default: () => new Date().toISOString(), watch: "*", set: () => new Date().toISOString() },
    last_login_at: { type: "string" },
    /** owner, admin or editor (routes.ts); none stored: ADMIN_USERNAME's is an owner, any other an admin (team/roles.ts). */
    role: { type: ["owner", "admin", "editor"] as const },
    /** The address an invitation was sent for (an account signs in by username; no mail is required). */
    email: { type: "string" },
    // Two-factor (auth/two-factor.ts). The secrets never leave the server once set up.
    totp_enabled: { type: "boolean", default: false },
    /** The confirmed authenticator secret (base32), present while totp_enabled. */
    totp_secret: { type: "string" },
    /** A set-up begun and not yet confirmed: replaced by every new set-up, moved to totp_secret on confirmation. */
    totp_pending_secret: { type: "string" },
    /** The last time step a code was accepted at: each code works once. */
    totp_last_step: { type: "number" },
    /** SHA-256 of each unused recovery code (auth/recovery-codes.ts); DynamoDB drops an emptied set. */
    recovery_code_hashes: { type: "set", items: "string" },
    /** How many passkeys the account has (auth/passkeys.ts keeps it): the guard reads it, not the passkeys. */
    passkey_count: { type: "number" },
  },
  indexes: {
    byUsername: { pk: { field: "pk", composite: ["username"] }, sk: { field: "sk", composite: [] } },
    all: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["username"] } },
  },
});

/**
 * Sessions. The cookie holds a random token; only its SHA-256 is stored.
 *
 * Access patterns:
 *   byTokenHash  Get    the session of a cookie                 pk: token_hash
 *   bySubject    Query  every session of a user or an account   gsi1: subject / created_at
 *                (to end them when the user is deleted or the account disabled, and the sessions
 *                list, which finds one by its `id` among them)
 * Expiry (idle and absolute) is checked on every read; `ttl` lets DynamoDB delete old records.
 * `id` is a separate random name for the sessions list: the token hash is the record's key, and a
 * list that showed it would show what a forged cookie needs to match.
 */
export const SessionEntity = new Entity({
  model: { entity: "session", version: "1", service: "agency" },
  attributes: {
    token_hash: { type: "string", required: true, readOnly: true },
    kind: { type: ["google", "admin", "dev"] as const, required: true, readOnly: true },
    /** `user#<id>` or `admin#<username>` */
    subject: { type: "string", required: true, readOnly: true },
    is_admin: { type: "boolean", required: true, default: false },
    /** Absent on sessions started before the sessions list; Sessions.listFor gives them one. */
    id: { type: "string" },
    /** The address and browser of the sign-in, for the sessions list. */
    ip: { type: "string" },
    user_agent: { type: "string" },
    /**
     * Signed in while the owner requires two-factor and the account had none: until it has, only
     * the account routes answer (auth/guard.ts).
     */
    setup_required: { type: "boolean", readOnly: true },
    /**
     * When the session last proved it is its account's (the password, a second factor or a passkey,
     * POST /api/admin/account/reauth); signing in is the first proof (`created_at`).
     */
    proved_at: { type: "string" },
    created_at: { type: "string", required: true, readOnly: true },
    last_seen_at: { type: "string", required: true },
    expires_at: { type: "string", required: true, readOnly: true },
    ttl: { type: "number", required: true },
  },
  indexes: {
    byTokenHash: { pk: { field: "pk", composite: ["token_hash"] }, sk: { field: "sk", composite: [] } },
    bySubject: { index: "gsi1", pk: { field: "gsi1pk", composite: ["subject"] }, sk: { field: "gsi1sk", composite: ["created_at"] } },
  },
});

/**
 * Sign-in transactions (PKCE verifier, state, nonce) between the redirect and the callback, bound
 * to the browser by a short-lived HttpOnly cookie holding `id`.
 *
 * Access patterns:
 *   byId  Get  one transaction   pk: id
 */
export const OidcTransactionEntity = new Entity({
  model: { entity: "oidcTransaction", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    state: { type: "string", required: true, readOnly: true },
    nonce: { type: "string", required: true, readOnly: true },
    code_verifier: { type: "string", required: true, readOnly: true },
    /** The admin address to enter once signed in (contract/return-path.ts), checked before it is stored. */
    return_to: { type: "string", readOnly: true },
    expires_at: { type: "string", required: true, readOnly: true },
    ttl: { type: "number", required: true },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
  },
});

/**
 * Invitation and password-reset links (team/invitations.ts). The link holds a random token; only its
 * SHA-256 is stored. Single use: accepting sets `used_at` with a condition that it was not set.
 *
 * Access patterns:
 *   byTokenHash  Get    the link a token opens                         pk: token_hash
 *   all          Query  every link still stored (the team's pending    gsi1: constant partition / created_at
 *                       invitations; a handful, deleted by `ttl` 30 days after they expire)
 */
export const InvitationEntity = new Entity({
  model: { entity: "invitation", version: "1", service: "agency" },
  attributes: {
    token_hash: { type: "string", required: true, readOnly: true },
    /** An opaque id the team screen names it by (never the token or its hash). */
    id: { type: "string", required: true, readOnly: true },
    kind: { type: ["invite", "reset"] as const, required: true, readOnly: true },
    /** The username chosen by the owner (an invite may leave it to the invitee; a reset always names it). */
    username: { type: "string", readOnly: true },
    email: { type: "string", readOnly: true },
    role: { type: ["owner", "admin", "editor"] as const, readOnly: true },
    /**
     * A reset's account, by its identity: the account's `created_at` when the link was made. A link
     * made for an account that was removed since cannot reset a later account of the same username.
     */
    account_created_at: { type: "string", readOnly: true },
    /** The audit actor id of who made it. */
    created_by: { type: "string", required: true, readOnly: true },
    created_at: { type: "string", required: true, readOnly: true },
    expires_at: { type: "string", required: true },
    used_at: { type: "string" },
    ttl: { type: "number", required: true },
  },
  indexes: {
    byTokenHash: { pk: { field: "pk", composite: ["token_hash"] }, sk: { field: "sk", composite: [] } },
    all: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["created_at"] } },
  },
});

/**
 * Passkeys (WebAuthn credentials) of username accounts.
 *
 * Access patterns:
 *   byCredentialId  Get    the passkey a sign-in presents (discoverable: the browser names only
 *                          the credential)                              pk: credential_id
 *   byAccount       Query  an account's passkeys, oldest first           gsi1: username / created_at
 */
export const PasskeyEntity = new Entity({
  model: { entity: "passkey", version: "1", service: "agency" },
  attributes: {
    /** base64url, as the browser sends it. */
    credential_id: { type: "string", required: true, readOnly: true },
    username: { type: "string", required: true, readOnly: true },
    /** COSE public key, base64url. */
    public_key: { type: "string", required: true, readOnly: true },
    counter: { type: "number", required: true, default: 0 },
    transports: { type: "list", items: { type: "string" } },
    name: { type: "string", required: true },
    device_type: { type: "string" },
    backed_up: { type: "boolean" },
    created_at: { type: "string", required: true, readOnly: true },
    last_used_at: { type: "string" },
  },
  indexes: {
    byCredentialId: { pk: { field: "pk", composite: ["credential_id"] }, sk: { field: "sk", composite: [] } },
    byAccount: { index: "gsi1", pk: { field: "gsi1pk", composite: ["username"] }, sk: { field: "gsi1sk", composite: ["created_at"] } },
  },
});

/**
 * WebAuthn challenges between the options call and the answer: a registration's is keyed by the
 * session's id (one pending registration a session), a passkey sign-in's by a random id that the
 * browser holds in a short-lived HttpOnly cookie. Taken out once.
 *
 * Access patterns:
 *   byId  Get  one challenge   pk: id
 */
/** Time between a ceremony's options and the browser's answer (WebAuthn's own timeout is 60 s). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export const WebAuthnChallengeEntity = new Entity({
  model: { entity: "webauthnChallenge", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    purpose: { type: ["register", "sign-in"] as const, required: true, readOnly: true },
    challenge: { type: "string", required: true, readOnly: true },
    /** Registration only: the account it is for. */
    username: { type: "string", readOnly: true },
    expires_at: { type: "string", required: true, readOnly: true },
    ttl: { type: "number", required: true },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
  },
});

/**
 * A password sign-in waiting for its second factor: the right password was given for an account
 * with two-factor, and no session exists yet. The browser holds a random token in a short-lived
 * HttpOnly cookie; only its SHA-256 is stored (like the session's).
 *
 * Access patterns:
 *   byTokenHash  Get  the pending sign-in of a cookie   pk: token_hash
 */
export const PendingSignInEntity = new Entity({
  model: { entity: "pendingSignIn", version: "1", service: "agency" },
  attributes: {
    token_hash: { type: "string", required: true, readOnly: true },
    username: { type: "string", required: true, readOnly: true },
    /** Codes tried so far for this sign-in. */
    attempts: { type: "number", required: true, default: 0 },
    /** A hash of the account's password hash when the password was given: a later password change ends the sign-in. */
    password_tag: { type: "string", readOnly: true },
    expires_at: { type: "string", required: true, readOnly: true },
    ttl: { type: "number", required: true },
  },
  indexes: {
    byTokenHash: { pk: { field: "pk", composite: ["token_hash"] }, sk: { field: "sk", composite: [] } },
  },
});

/**
 * Security settings of the back office: one record.
 *
 * Access patterns:
 *   one  Get  the settings   pk: constant
 */
export const SecuritySettingsEntity = new Entity({
  model: { entity: "securitySettings", version: "1", service: "agency" },
  attributes: {
    /** Every username account must have a second factor: one without it is sent to set it up at sign-in. */
    require_two_factor: { type: "boolean", required: true, default: false },
    updated_at: { type: "string", required: true, default: () => new Date().toISOString(), watch: "*", set: () => new Date().toISOString() },
  },
  indexes: {
    one: { pk: { field: "pk", composite: [] }, sk: { field: "sk", composite: [] } },
  },
});
