import { randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import type { PendingSignInEntity } from "./entities";
import { hashToken } from "./sessions";

export type PendingSignIn = EntityItem<typeof PendingSignInEntity>;

/** Time between the right password and the second factor. */
export const PENDING_SIGN_IN_TTL_MS = 5 * 60 * 1000;
/** Codes one pending sign-in may try; the attempt after the last ends it (429). */
export const MAX_CODES_PER_SIGN_IN = 10;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Names the password a sign-in was begun with (a hash of its salted hash): any change of password changes it. */
export const passwordTag = (account: { password_hash: string }) => hashToken(account.password_hash);

/**
 * Password sign-ins waiting for their second factor. The browser holds a random token in an
 * HttpOnly cookie; only its SHA-256 is stored, with the username and the codes tried.
 */
export const PendingSignIns = {
  async create(account: { username: string; password_hash: string }, now = Date.now()): Promise<{ token: string; maxAgeSeconds: number }> {
    const token = randomBytes(32).toString("base64url");
    const expires = now + PENDING_SIGN_IN_TTL_MS;
    await db()
      .pendingSignIn.create({
        token_hash: hashToken(token),
        username: account.username,
        password_tag: passwordTag(account),
        attempts: 0,
        expires_at: new Date(expires).toISOString(),
        ttl: Math.ceil(expires / 1000) + 60,
      })
      .go({ response: "none" });
    return { token, maxAgeSeconds: Math.floor(PENDING_SIGN_IN_TTL_MS / 1000) };
  },

  /** The live pending sign-in of a cookie, or undefined (expiry checked here: the store's TTL is lazy). */
  async read(token: string | undefined, now = Date.now()): Promise<PendingSignIn | undefined> {
    if (!token || !TOKEN_PATTERN.test(token)) return undefined;
    const { data } = await db()
      .pendingSignIn.get({ token_hash: hashToken(token) })
      .go();
    if (!data || Date.parse(data.expires_at) <= now) return undefined;
    return data;
  },

  /** Counts one more code tried; answers the count, or undefined when the sign-in has ended meanwhile. */
  async countAttempt(pending: PendingSignIn): Promise<number | undefined> {
    try {
      const { data } = await db().pendingSignIn.patch({ token_hash: pending.token_hash }).add({ attempts: 1 }).go({ response: "all_new" });
      return data.attempts;
    } catch (err) {
      if (isConditionalFailure(err)) return undefined;
      throw err;
    }
  },

  /** Ends it, once: of two requests finishing the same sign-in, only one gets `true`. */
  async end(pending: PendingSignIn): Promise<boolean> {
    try {
      const { data } = await db().pendingSignIn.remove({ token_hash: pending.token_hash }).go({ response: "all_old" });
      return Boolean(data);
    } catch (err) {
      if (isConditionalFailure(err)) return false;
      throw err;
    }
  },
};
