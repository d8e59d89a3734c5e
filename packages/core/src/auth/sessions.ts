import { createHash, randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import type { SessionEntity } from "./entities";

export type SessionRecord = EntityItem<typeof SessionEntity>;
export type SessionKind = SessionRecord["kind"];

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often, so reads do not all become writes. */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** Only the SHA-256 of a token is stored: a copy of the table does not hold usable cookies. */
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("base64url");

/** 256 random bits, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const subjectOf = {
  user: (id: string) => `user#${id}`,
  admin: (username: string) => `admin#${username}`,
  dev: () => "dev#local",
};

export const Sessions = {
  /** A fresh opaque token for every sign-in; the record remembers who it belongs to. */
  async start(input: { kind: SessionKind; subject: string; is_admin: boolean; setup_required?: boolean }, now = Date.now()) {
    const token = randomBytes(32).toString("base64url");
    const expires = now + SESSION_ABSOLUTE_MS;
    const { data } = await db()
      .session.create({
        token_hash: hashToken(token),
        kind: input.kind,
        subject: input.subject,
        is_admin: input.is_admin,
        ...(input.setup_required ? { setup_required: true } : {}),
        created_at: new Date(now).toISOString(),
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(expires).toISOString(),
        ttl: Math.ceil(expires / 1000),
      })
      .go();
    return { token, session: data, maxAgeSeconds: Math.floor(SESSION_ABSOLUTE_MS / 1000) };
  },

  /**
   * The live session of a token, or undefined. Idle (12 h since last seen) and absolute (7 days
   * since sign-in) expiry are both checked here, on every read: the store's TTL deletes lazily and
   * the local engine not at all. An expired record is deleted on the way.
   */
  async read(token: string | undefined, now = Date.now()): Promise<SessionRecord | undefined> {
    if (!token || !TOKEN_PATTERN.test(token)) return undefined;
    const token_hash = hashToken(token);
    const { data } = await db().session.get({ token_hash }).go();
    if (!data) return undefined;
    const lastSeen = Date.parse(data.last_seen_at);
    const absoluteEnd = Math.min(Date.parse(data.expires_at), Date.parse(data.created_at) + SESSION_ABSOLUTE_MS);
    if (!(now < lastSeen + SESSION_IDLE_MS && now < absoluteEnd)) {
      await db().session.delete({ token_hash }).go();
      return undefined;
    }
    if (now - lastSeen >= SESSION_TOUCH_MS) {
      try {
        const { data: touched } = await db()
          .session.patch({ token_hash })
          .set({ last_seen_at: new Date(now).toISOString() })
          .go({ response: "all_new" });
        return touched as SessionRecord;
      } catch (err) {
        // Ended by a concurrent logout between the read and the touch.
        if (isConditionalFailure(err)) return undefined;
        throw err;
      }
    }
    return data;
  },

  async end(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_PATTERN.test(token)) return;
    await db().session.delete({ token_hash: hashToken(token) }).go();
  },

  /** Ends every session of a user or an account (deleted user, disabled account, new password). */
  async endAllFor(subject: string): Promise<number> {
    const { data } = await db().session.query.bySubject({ subject }).go({ pages: "all" });
    await Promise.all(data.map((s) => db().session.delete({ token_hash: s.token_hash }).go()));
    return data.length;
  },
};
