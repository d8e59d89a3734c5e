import { createHash, randomBytes } from "node:crypto";
import type { EntityItem } from "electrodb";
import { batchRead, getAcross, type BatchRead } from "../db/batch";
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

/**
 * 256 random bits, base64url (43 characters), then "." and the session's subject, base64url: the
 * request can read the session and the account or user behind it in one BatchGet (`readWith`). The
 * stored hash covers the whole token, so the subject in it cannot be changed. Tokens from before
 * carry no subject and still work.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}(\.[A-Za-z0-9_-]{1,400})?$/;

/** The subject a well-formed token names (undefined for one from before tokens named it). */
export function subjectNamedBy(token: string | undefined): string | undefined {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const dot = token.indexOf(".");
  return dot < 0 ? undefined : Buffer.from(token.slice(dot + 1), "base64url").toString("utf8");
}

export const subjectOf = {
  user: (id: string) => `user#${id}`,
  admin: (username: string) => `admin#${username}`,
  dev: () => "dev#local",
};

export const Sessions = {
  /**
   * A fresh opaque token for every sign-in; the record remembers who it belongs to, and where from
   * (the address and browser the sessions list shows).
   */
  async start(input: { kind: SessionKind; subject: string; is_admin: boolean; ip?: string; user_agent?: string; setup_required?: boolean }, now = Date.now()) {
    const token = `${randomBytes(32).toString("base64url")}.${Buffer.from(input.subject, "utf8").toString("base64url")}`;
    const expires = now + SESSION_ABSOLUTE_MS;
    const { data } = await db()
      .session.create({
        token_hash: hashToken(token),
        id: newSessionId(),
        kind: input.kind,
        subject: input.subject,
        is_admin: input.is_admin,
        ip: (input.ip ?? "").slice(0, MAX_IP_LENGTH),
        user_agent: (input.user_agent ?? "").slice(0, MAX_USER_AGENT_LENGTH),
        ...(input.setup_required ? { setup_required: true } : {}),
        created_at: new Date(now).toISOString(),
        last_seen_at: new Date(now).toISOString(),
        expires_at: new Date(expires).toISOString(),
        ttl: Math.ceil(expires / 1000),
      })
      .go();
    return { token, session: data, maxAgeSeconds: Math.floor(SESSION_ABSOLUTE_MS / 1000) };
  },

  /** The live session of a token, or undefined (expiry is checked on every read: `live`). */
  async read(token: string | undefined, now = Date.now()): Promise<SessionRecord | undefined> {
    if (!token || !TOKEN_PATTERN.test(token)) return undefined;
    const { data } = await db()
      .session.get({ token_hash: hashToken(token) })
      .go();
    return live(data ?? undefined, now);
  },

  /**
   * `read`, and in the same BatchGet the record of the subject the token names (`alongside` gives its
   * key and entity: the account or user behind the session). That record is answered only when it
   * belongs to the live session's own subject; otherwise (a token that names none) the caller reads it.
   * `also` may add one more record the request needs whoever the session is (`alsoRecord`: undefined
   * when it was not read, null when it does not exist).
   */
  async readWith<C, X = never>(
    token: string | undefined,
    alongside: (subject: string) => BatchRead<C> | undefined,
    now = Date.now(),
    also?: (subject: string) => BatchRead<X> | undefined,
  ): Promise<{ record: SessionRecord | undefined; subjectRecord?: C | null; alsoRecord?: X | null }> {
    const subject = subjectNamedBy(token);
    const companion = subject === undefined ? undefined : alongside(subject);
    if (!token || !companion) return { record: await Sessions.read(token, now) };
    const session = batchRead<SessionRecord>(db().session, { token_hash: hashToken(token) });
    const extra = also?.(subject!);
    const [data, subjectRecord, ...alsoRead] = await getAcross<[SessionRecord, C, ...X[]]>([session, companion, ...(extra ? [extra] : [])]);
    const record = await live(data ?? undefined, now);
    if (!record || record.subject !== subject) return { record };
    return { record, subjectRecord, ...(alsoRead.length ? { alsoRecord: alsoRead[0] } : {}) };
  },

  /** Notes that the session just proved it is its account's (a fresh proof, contract/account.ts). */
  async prove(tokenHash: string, now = Date.now()): Promise<string> {
    const proved_at = new Date(now).toISOString();
    await db().session.patch({ token_hash: tokenHash }).set({ proved_at }).go({ response: "none" });
    return proved_at;
  },

  /** Whether the session's last proof (its sign-in, or a later one) is less than `windowMs` old. */
  provedWithin(s: SessionRecord, windowMs: number, now = Date.now()): boolean {
    const last = Math.max(Date.parse(s.created_at), s.proved_at ? Date.parse(s.proved_at) : 0);
    return now - last < windowMs;
  },

  async end(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_PATTERN.test(token)) return;
    await db()
      .session.delete({ token_hash: hashToken(token) })
      .go();
  },

  /**
   * Ends every session of a user or an account (deleted user, disabled account, new password), or
   * every one but `keep` (a token hash: the session that changed the password, "sign out the others").
   */
  async endAllFor(subject: string, keep?: string): Promise<number> {
    const { data } = await db().session.query.bySubject({ subject }).go({ pages: "all" });
    const ending = data.filter((s) => s.token_hash !== keep);
    await Promise.all(ending.map((s) => db().session.delete({ token_hash: s.token_hash }).go()));
    return ending.length;
  },

  /**
   * The live sessions of a user or an account, newest first, each with its list id. Expired ones
   * are left out (and deleted on the way); one started before the list had ids gets one here.
   */
  async listFor(subject: string, now = Date.now()): Promise<Array<SessionRecord & { id: string }>> {
    const { data } = await db().session.query.bySubject({ subject }).go({ pages: "all", order: "desc" });
    const live: Array<SessionRecord & { id: string }> = [];
    for (const s of data) {
      if (!isLive(s, now)) {
        await db().session.delete({ token_hash: s.token_hash }).go();
        continue;
      }
      const listed = s.id ? (s as SessionRecord & { id: string }) : await giveId(s);
      if (listed) live.push(listed);
    }
    return live;
  },

  /** The list id of a session (one started before the list gets it now). */
  async idOf(s: SessionRecord): Promise<string | undefined> {
    return s.id ?? (await giveId(s))?.id;
  },

  /** Ends the session of `subject` listed as `id`, at once; undefined when it has none by that id. */
  async endById(subject: string, id: string, now = Date.now()): Promise<SessionRecord | undefined> {
    if (!SESSION_ID_PATTERN.test(id)) return undefined;
    const found = (await Sessions.listFor(subject, now)).find((s) => s.id === id);
    if (!found) return undefined;
    await db().session.delete({ token_hash: found.token_hash }).go();
    return found;
  },
};

/** The list id of a session: 128 random bits, base64url (22 characters); unrelated to the token. */
const newSessionId = () => randomBytes(16).toString("base64url");
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const MAX_IP_LENGTH = 64;
const MAX_USER_AGENT_LENGTH = 512;

/**
 * A stored session if it is live, or undefined. Idle (12 h since last seen) and absolute (7 days
 * since sign-in) expiry are both checked here, on every read: the store's TTL deletes lazily and the
 * local engine not at all. An expired record is deleted on the way; `last_seen_at` is moved on at
 * most every SESSION_TOUCH_MS.
 */
async function live(data: SessionRecord | undefined, now: number): Promise<SessionRecord | undefined> {
  if (!data) return undefined;
  const { token_hash } = data;
  if (!isLive(data, now)) {
    await db().session.delete({ token_hash }).go();
    return undefined;
  }
  if (now - Date.parse(data.last_seen_at) >= SESSION_TOUCH_MS) {
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
}

function isLive(s: SessionRecord, now: number): boolean {
  const absoluteEnd = Math.min(Date.parse(s.expires_at), Date.parse(s.created_at) + SESSION_ABSOLUTE_MS);
  return now < Date.parse(s.last_seen_at) + SESSION_IDLE_MS && now < absoluteEnd;
}

/** Gives a session started before the list its id, once (a concurrent list may have given it one). */
async function giveId(s: SessionRecord): Promise<(SessionRecord & { id: string }) | undefined> {
  try {
    const { data } = await db()
      .session.patch({ token_hash: s.token_hash })
      .set({ id: newSessionId() })
      .where(({ id }, { notExists }) => notExists(id))
      .go({ response: "all_new" });
    return data as SessionRecord & { id: string };
  } catch (err) {
    if (!isConditionalFailure(err)) throw err;
    // Given an id meanwhile, or ended meanwhile.
    const { data } = await db().session.get({ token_hash: s.token_hash }).go();
    return data?.id ? (data as SessionRecord & { id: string }) : undefined;
  }
}
