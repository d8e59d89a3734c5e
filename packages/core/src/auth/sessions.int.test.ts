import { describe, expect, it } from "vitest";
import { db } from "../db/service";
import { Users } from "../users/users";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, Sessions, hashToken, subjectOf } from "./sessions";

const HOUR = 60 * 60 * 1000;
const t0 = Date.UTC(2026, 10, 21, 9, 0, 0);

describe("sessions", () => {
  it("issues 256-bit opaque tokens and stores only their hash", async () => {
    const { token, session } = await Sessions.start({ kind: "admin", subject: subjectOf.admin("ada"), is_admin: true }, t0);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(session.token_hash).toBe(hashToken(token));
    const { data } = await db().session.get({ token_hash: hashToken(token) }).go();
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
});
