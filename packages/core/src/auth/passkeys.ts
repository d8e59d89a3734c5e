import { randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { config } from "../config";
import { passkeyMessages, type PasskeySummary } from "../contract/passkeys";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import { CHALLENGE_TTL_MS, type PasskeyEntity, type WebAuthnChallengeEntity } from "./entities";

export { CHALLENGE_TTL_MS };

export type Passkey = EntityItem<typeof PasskeyEntity>;
type Challenge = EntityItem<typeof WebAuthnChallengeEntity>;

const CHALLENGE_ID_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * The relying party: PUBLIC_URL's host is the RP ID (passkeys made for it work on that host only)
 * and its origin the one every answer must come from.
 */
export function relyingParty() {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: "Arcline AI Admin" };
}

/** The challenge of a session's fresh proof with a passkey: one at a time per session. */
export const reauthChallengeId = (sessionId: string) => `reauth-${sessionId}`;

/** The WebAuthn library is large: loaded by the passkey routes only, never at a function's cold start. */
const webauthn = () => import("@simplewebauthn/server");

export const toSummary = (p: Passkey): PasskeySummary => ({
  id: p.credential_id,
  name: p.name,
  created_at: p.created_at,
  ...(p.last_used_at ? { last_used_at: p.last_used_at } : {}),
  transports: p.transports ?? [],
  ...(p.backed_up !== undefined ? { backed_up: p.backed_up } : {}),
});

const challenges = {
  async put(input: Omit<Challenge, "expires_at" | "ttl">, now: number) {
    const expires = now + CHALLENGE_TTL_MS;
    await db()
      .webauthnChallenge.put({ ...input, expires_at: new Date(expires).toISOString(), ttl: Math.ceil(expires / 1000) + 60 })
      .go({ response: "none" });
  },
  /** Takes a challenge out, once (a conditional delete: of two answers only one gets it); expired ones count as absent. */
  async consume(id: string | undefined, purpose: Challenge["purpose"], now: number): Promise<Challenge | undefined> {
    if (!id || !CHALLENGE_ID_PATTERN.test(id)) return undefined;
    try {
      const { data } = await db().webauthnChallenge.remove({ id }).go({ response: "all_old" });
      if (!data || data.purpose !== purpose || Date.parse(data.expires_at) <= now) return undefined;
      return data as Challenge;
    } catch (err) {
      if (isConditionalFailure(err)) return undefined;
      throw err;
    }
  },
};

/** The library's refusal (a wrong origin, challenge, signature...) as the ceremony's clear 400. */
async function verified<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new HttpError(400, passkeyMessages.notVerified, { detail: (err as Error)?.message ?? "" });
  }
}

/**
 * Passkeys of username accounts. A registration's challenge is bound to the session that asked
 * for it (keyed by the session's id); a sign-in's to the browser (a random id in a short-lived
 * HttpOnly cookie). Nothing about the account changes until an answer verifies.
 */
/** The account's passkey count (second-factors.ts reads it on every request instead of the passkeys). */
async function countPasskeys(username: string, by: 1 | -1) {
  try {
    await db().adminAccount.patch({ username }).add({ passkey_count: by }).go();
  } catch (err) {
    // No account of that name (removed meanwhile): nothing to count.
    if (!isConditionalFailure(err)) throw err;
  }
}

export const Passkeys = {
  async listFor(username: string): Promise<Passkey[]> {
    const { data } = await db().passkey.query.byAccount({ username }).go({ pages: "all" });
    return data;
  },

  async get(credentialId: string): Promise<Passkey | undefined> {
    const { data } = await db().passkey.get({ credential_id: credentialId }).go();
    return data ?? undefined;
  },

  /** Registration options for `username`, signed in with the session listed as `sessionId`. */
  async registrationOptions(username: string, sessionId: string, now = Date.now()): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const rp = relyingParty();
    const existing = await Passkeys.listFor(username);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: username,
      userID: new TextEncoder().encode(`admin#${username}`),
      userDisplayName: username,
      attestationType: "none",
      // The authenticator already holding one of the account's passkeys says so instead of making a second.
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports ?? [] })),
      // Discoverable (the login page names no account) and user-verified (it stands for both factors).
      authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    });
    await challenges.put({ id: sessionId, purpose: "register", challenge: options.challenge, username }, now);
    return options;
  },

  /** Verifies a registration answer and stores the passkey; the challenge is used up either way. */
  async register(input: { username: string; sessionId: string; name: string; response: unknown }, now = Date.now()): Promise<Passkey> {
    const challenge = await challenges.consume(input.sessionId, "register", now);
    if (!challenge || challenge.username !== input.username) throw new HttpError(400, passkeyMessages.expired);
    const rp = relyingParty();
    const { verifyRegistrationResponse } = await webauthn();
    const result = await verified(() =>
      verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }),
    );
    if (!result.verified) throw new HttpError(400, passkeyMessages.notVerified);
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    try {
      const { data } = await db()
        .passkey.create({
          credential_id: credential.id,
          username: input.username,
          public_key: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: (credential.transports ?? []).map(String),
          name: input.name,
          device_type: credentialDeviceType,
          backed_up: credentialBackedUp,
          created_at: new Date(now).toISOString(),
        })
        .go();
      await countPasskeys(input.username, 1);
      return data;
    } catch (err) {
      if (isConditionalFailure(err)) throw new ConflictError(passkeyMessages.duplicate);
      throw err;
    }
  },

  async rename(username: string, credentialId: string, name: string): Promise<Passkey> {
    try {
      const { data } = await db()
        .passkey.patch({ credential_id: credentialId })
        .set({ name })
        .where(({ username: owner }, { eq }) => eq(owner, username))
        .go({ response: "all_new" });
      return data as Passkey;
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("Passkey not found");
      throw err;
    }
  },

  /** Removes one of the account's own passkeys; another account's is "not found". */
  async remove(username: string, credentialId: string): Promise<Passkey> {
    try {
      const { data } = await db()
        .passkey.remove({ credential_id: credentialId })
        .where(({ username: owner }, { eq }) => eq(owner, username))
        .go({ response: "all_old" });
      if (!data) throw new NotFoundError("Passkey not found");
      await countPasskeys(username, -1);
      return data as Passkey;
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("Passkey not found");
      throw err;
    }
  },

  /**
   * Removes the account's passkeys added at or after `since` ("end all other sessions" removing the
   * ones a stolen session may have added). Answers the removed ones.
   */
  async removeAddedSince(username: string, since: string): Promise<Passkey[]> {
    const recent = (await Passkeys.listFor(username)).filter((p) => p.created_at >= since);
    const removed: Passkey[] = [];
    for (const p of recent) {
      try {
        removed.push(await Passkeys.remove(username, p.credential_id));
      } catch (err) {
        // Removed meanwhile.
        if (!(err instanceof NotFoundError)) throw err;
      }
    }
    return removed;
  },

  /**
   * Sign-in options (discoverable: no allowCredentials) and the id of their challenge, for the
   * browser's cookie. A session's fresh proof (`reauth`: its list id and account) names the
   * account's passkeys and keys the challenge by the session instead.
   */
  async signInOptions(now = Date.now(), reauth?: { sessionId: string; username: string }): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; challengeId: string }> {
    const { generateAuthenticationOptions } = await webauthn();
    const allowCredentials = reauth ? (await Passkeys.listFor(reauth.username)).map((p) => ({ id: p.credential_id, transports: p.transports ?? [] })) : undefined;
    const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: "required", ...(allowCredentials ? { allowCredentials } : {}) });
    const challengeId = reauth ? reauthChallengeId(reauth.sessionId) : randomBytes(24).toString("base64url");
    await challenges.put({ id: challengeId, purpose: "sign-in", challenge: options.challenge }, now);
    return { options, challengeId };
  },

  /**
   * Verifies a sign-in answer against the challenge of this browser and the stored passkey, and
   * moves its signature counter on. Answers the passkey (its account is `username`).
   */
  async verifySignIn(challengeId: string | undefined, response: AuthenticationResponseJSON, now = Date.now()): Promise<Passkey> {
    const challenge = await challenges.consume(challengeId, "sign-in", now);
    if (!challenge) throw new HttpError(400, passkeyMessages.expired);
    const passkey = await Passkeys.get(response.id);
    if (!passkey) throw new HttpError(401, passkeyMessages.unknown);
    const rp = relyingParty();
    const { verifyAuthenticationResponse } = await webauthn();
    const result = await verified(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
          counter: passkey.counter,
          transports: passkey.transports ?? [],
        },
      }),
    );
    if (!result.verified) throw new HttpError(401, passkeyMessages.notVerified);
    const last_used_at = new Date(now).toISOString();
    try {
      // A counter that went backwards (a cloned authenticator) was refused above by the library.
      await db().passkey.patch({ credential_id: passkey.credential_id }).set({ counter: result.authenticationInfo.newCounter, last_used_at }).go({ response: "none" });
    } catch (err) {
      // Removed between the read and now: it no longer signs anyone in.
      if (isConditionalFailure(err)) throw new HttpError(401, passkeyMessages.unknown);
      throw err;
    }
    return { ...passkey, counter: result.authenticationInfo.newCounter, last_used_at };
  },
};
