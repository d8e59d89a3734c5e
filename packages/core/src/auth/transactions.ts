import { randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import type { OidcTransactionEntity } from "./entities";

export type OidcTransaction = EntityItem<typeof OidcTransactionEntity>;

/** Time between "Continue with Google" and the callback's exchange. */
export const TRANSACTION_TTL_MS = 10 * 60 * 1000;

/**
 * Sign-in transactions: the PKCE verifier, state and nonce of one "Continue with Google", and the
 * admin address to return to, kept server-side. The browser holds only the random id, in a
 * short-lived HttpOnly cookie.
 */
export const OidcTransactions = {
  async create(input: { state: string; nonce: string; code_verifier: string; return_to?: string }, now = Date.now()): Promise<OidcTransaction> {
    const expires = now + TRANSACTION_TTL_MS;
    const { data } = await db()
      .oidcTransaction.create({
        id: randomBytes(24).toString("base64url"),
        ...input,
        expires_at: new Date(expires).toISOString(),
        ttl: Math.ceil(expires / 1000) + 60,
      })
      .go();
    return data;
  },

  /**
   * Takes the transaction out of the store, once: a conditional delete, so of two requests with the
   * same cookie only one gets it, and a replayed callback finds nothing. Expired ones count as absent.
   */
  async consume(id: string | undefined, now = Date.now()): Promise<OidcTransaction | undefined> {
    if (!id || !/^[A-Za-z0-9_-]{32}$/.test(id)) return undefined;
    try {
      const { data } = await db().oidcTransaction.remove({ id }).go({ response: "all_old" });
      if (!data || Date.parse(data.expires_at) <= now) return undefined;
      return data as OidcTransaction;
    } catch (err) {
      if (isConditionalFailure(err)) return undefined;
      throw err;
    }
  },

  /** Puts back a transaction whose exchange failed for a transient reason, so a retry can finish it. */
  async restore(tx: OidcTransaction): Promise<void> {
    try {
      await db().oidcTransaction.create(tx).go();
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  },
};
