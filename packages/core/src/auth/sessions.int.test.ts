import { describe, expect, it, afterEach, vi } from "vitest";
import { db } from "../db/service";
import { Users } from "../users/users";
import { dynamo } from "../db/client";
import { AdminAccounts } from "./admin-accounts";
import { SESSION_ABSOLUTE_MS, SESSION_ID_PATTERN, SESSION_IDLE_MS, Sessions, hashToken, subjectNamedBy, subjectOf } from "./sessions";

const HOUR = 60 * 60 * 1000;
const t0 = Date.UTC(2026, 10, 21, 9, 0, 0);

describe("sessions", () => {
  it("issues 256-bit opaque tokens and stores only their hash", async () => {
    const { token, session } = await Sessions.start({ kind: "admin", subject: subjectOf.admin("ada"), is_admin: true }, t0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token.slice(0, 43), "base64url")).toHaveLength(32);
    expect(subjectNamedBy(token)).toBe("admin#ada");
    expect(session.token_hash).toBe(hashToken(token));
    const { data } = await db()
      .session.get({ token_hash: hashToken(token) })
      .go();
    expect(JSON.stringify(data)).not.toContain(token);
    const other = await Sessions.start({ kind: "admin", subject: subjectOf.admin("ada"), is_admin: true }, t0);
    expect(other.token).not.toBe(token);
  });

  it("expires after 12 idle hours, checked on read with a controlled clock", async () => {
    const { token } = await Sessions.start({ kind: "dev", subject: subjectOf.dev(), is_admin: true }, t0);
    expect(await Sessions.read(token, t0 + SESSION_IDLE_MS - 1)).toBeDefined();
    // That read counted as activity: the idle window starts again from it.
    expect(await Sessions.read(token, t0 + 2 * SESSION_IDLE_MS - 2)).toBeDefined();
    expect(await Sessions.read(token, t0 + 3 * SESSION_IDLE_MS)).toBeUndefined();
    // And the record is gone, not only refused.
    expect(await Sessions.read(token, t0 + 1)).toBeUndefined();
  });

  it("expires 7 days after sign-in however active it stays", async () => {
    const { token } = await Sessions.start({ kind: "dev", subject: subjectOf.dev(), is_admin: true }, t0);
    for (let t = t0; t < t0 + SESSION_ABSOLUTE_MS; t += 6 * HOUR) expect(await Sessions.read(token, t), new Date(t).toISOString()).toBeDefined();
    expect(await Sessions.read(token, t0 + SESSION_ABSOLUTE_MS)).toBeUndefined();
  });

  it("writes last_seen_at at most every few minutes", async () => {
    const { token } = await Sessions.start({ kind: "dev", subject: subjectOf.dev(), is_admin: true }, t0);
    expect((await Sessions.read(token, t0 + 60_000))!.last_seen_at).toBe(new Date(t0).toISOString());
    expect((await Sessions.read(token, t0 + 10 * 60_000))!.last_seen_at).toBe(new Date(t0 + 10 * 60_000).toISOString());
  });

  it("ends on logout", async () => {
    const { token } = await Sessions.start({ kind: "dev", subject: subjectOf.dev(), is_admin: true });
    await Sessions.end(token);
    expect(await Sessions.read(token)).toBeUndefined();
  });

  it("ends every session of a user when the user is deleted", async () => {
    const user = (await Users.upsertFromGoogle({ sub: "s-del", email: "deleted@example.com", email_verified: true, name: "Del" }))!;
    const a = await Sessions.start({ kind: "google", subject: subjectOf.user(user.id), is_admin: true });
    const b = await Sessions.start({ kind: "google", subject: subjectOf.user(user.id), is_admin: true });
    const bystander = await Sessions.start({ kind: "admin", subject: subjectOf.admin("bystander"), is_admin: true });
    await Users.remove(user.id);
    expect(await Sessions.read(a.token)).toBeUndefined();
    expect(await Sessions.read(b.token)).toBeUndefined();
    expect(await Sessions.read(bystander.token)).toBeDefined();
  });

  it("ignores malformed tokens without a lookup", async () => {
    expect(await Sessions.read(undefined)).toBeUndefined();
    expect(await Sessions.read("short")).toBeUndefined();
    expect(await Sessions.read("x".repeat(500))).toBeUndefined();
  });

  it("keeps the sign-in's address and browser, and a random list id unrelated to the token", async () => {
    const { token, session } = await Sessions.start({ kind: "admin", subject: subjectOf.admin("lister"), is_admin: true, ip: "203.0.113.9", user_agent: "Mozilla/5.0 Test" });
    expect(session.id).toMatch(SESSION_ID_PATTERN);
    expect(session.id).not.toBe(session.token_hash);
    expect(token).not.toContain(session.id);
    const [listed] = await Sessions.listFor(subjectOf.admin("lister"));
    expect(listed).toMatchObject({ id: session.id, ip: "203.0.113.9", user_agent: "Mozilla/5.0 Test" });
  });

  it("lists a subject's live sessions newest first, leaving out (and deleting) expired ones", async () => {
    const subject = subjectOf.admin("list-order");
    const old = await Sessions.start({ kind: "admin", subject, is_admin: true }, t0);
    const now = Date.now();
    const a = await Sessions.start({ kind: "admin", subject, is_admin: true }, now - 2000);
    const b = await Sessions.start({ kind: "admin", subject, is_admin: true }, now - 1000);
    expect((await Sessions.listFor(subject, now)).map((s) => s.id)).toEqual([b.session.id, a.session.id]);
    expect((await db().session.get({ token_hash: old.session.token_hash }).go()).data).toBeNull();
  });

  it("gives a session started before the list an id, once", async () => {
    const subject = subjectOf.admin("legacy");
    const { session } = await Sessions.start({ kind: "admin", subject, is_admin: true });
    // As stored before sessions had ids.
    await db().session.patch({ token_hash: session.token_hash }).remove(["id"]).go();
    const [first] = await Sessions.listFor(subject);
    expect(first!.id).toMatch(SESSION_ID_PATTERN);
    const [again] = await Sessions.listFor(subject);
    expect(again!.id).toBe(first!.id);
  });

  it("ends one session by its list id, only among the subject's own", async () => {
    const mine = await Sessions.start({ kind: "admin", subject: subjectOf.admin("ender"), is_admin: true });
    const theirs = await Sessions.start({ kind: "admin", subject: subjectOf.admin("other"), is_admin: true });
    expect(await Sessions.endById(subjectOf.admin("ender"), theirs.session.id!)).toBeUndefined();
    expect(await Sessions.read(theirs.token)).toBeDefined();
    expect(await Sessions.endById(subjectOf.admin("ender"), "malformed")).toBeUndefined();
    expect((await Sessions.endById(subjectOf.admin("ender"), mine.session.id!))?.token_hash).toBe(mine.session.token_hash);
    expect(await Sessions.read(mine.token)).toBeUndefined();
  });

  it("ends every other session of a subject, keeping the one named", async () => {
    const subject = subjectOf.admin("others");
    const keep = await Sessions.start({ kind: "admin", subject, is_admin: true });
    const a = await Sessions.start({ kind: "admin", subject, is_admin: true });
    const b = await Sessions.start({ kind: "admin", subject, is_admin: true });
    expect(await Sessions.endAllFor(subject, keep.session.token_hash)).toBe(2);
    expect(await Sessions.read(keep.token)).toBeDefined();
    expect(await Sessions.read(a.token)).toBeUndefined();
    expect(await Sessions.read(b.token)).toBeUndefined();
  });
});

describe("reading a session with the account behind it", () => {
  afterEach(() => vi.restoreAllMocks());
  const password = "correct-horse-battery-9";

  it("reads the session and the account its token names in one request", async () => {
    await AdminAccounts.create({ username: "together", password, full_name: "Ada Together" });
    const { token } = await Sessions.start({ kind: "admin", subject: subjectOf.admin("together"), is_admin: true });
    const send = vi.spyOn(dynamo().client, "send");
    const { record, subjectRecord } = await Sessions.readWith(token, (subject) => AdminAccounts.batchRead(subject.slice("admin#".length)));
    expect(send).toHaveBeenCalledTimes(1);
    expect(record?.subject).toBe("admin#together");
    expect(subjectRecord).toMatchObject({ username: "together", full_name: "Ada Together" });
  });

  it("answers null for an account that is gone, so the session is not taken for a live one", async () => {
    const { token } = await Sessions.start({ kind: "admin", subject: subjectOf.admin("never-made"), is_admin: true });
    const { record, subjectRecord } = await Sessions.readWith(token, (subject) => AdminAccounts.batchRead(subject.slice("admin#".length)));
    expect(record).toBeDefined();
    expect(subjectRecord).toBeNull();
  });

  it("refuses a token whose named subject was changed: the stored hash covers it", async () => {
    await AdminAccounts.create({ username: "victim", password });
    const { token } = await Sessions.start({ kind: "admin", subject: subjectOf.admin("attacker"), is_admin: true });
    const forged = `${token.slice(0, 43)}.${Buffer.from("admin#victim").toString("base64url")}`;
    const read = await Sessions.readWith(forged, (subject) => AdminAccounts.batchRead(subject.slice("admin#".length)));
    expect(read).toEqual({ record: undefined });
    expect(await Sessions.read(forged)).toBeUndefined();
  });

  it("still reads a session whose token names no subject (issued before tokens did), with the caller reading the account", async () => {
    const old = "B".repeat(43);
    const now = new Date().toISOString();
    await db()
      .session.create({
        token_hash: hashToken(old),
        kind: "admin",
        subject: subjectOf.admin("from-before"),
        is_admin: true,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(Date.now() + HOUR).toISOString(),
        ttl: 0,
      })
      .go();
    const alongside = vi.fn((subject: string) => AdminAccounts.batchRead(subject.slice("admin#".length)));
    const read = await Sessions.readWith(old, alongside);
    expect(read.record?.subject).toBe("admin#from-before");
    expect(read).not.toHaveProperty("subjectRecord");
    expect(alongside).not.toHaveBeenCalled();
  });
});
