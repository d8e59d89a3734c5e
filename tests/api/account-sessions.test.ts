import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionSummary } from "../../packages/core/src/contract/sessions";
import { demo, signInWithGoogle, Visitor } from "../support/auth-flow";
import { devAdmin } from "../support/admin";
import { call } from "../support/http";
import { runAdminCli, startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * The sessions list (GET/DELETE /api/admin/account/sessions), the password change that ends the
 * others, and an owner's view of a member's sessions, against a runtime of their own with username
 * accounts: `sally` (bootstrap) and `sam` (made with the admin CLI).
 */
const PASSWORD = "sessions-test-password-0001";
let runtime: RunningRuntime;
beforeAll(async () => {
  // The shell tool works on the data while no runtime holds it.
  const dataDir = mkdtempSync(join(tmpdir(), "agency-sessions-"));
  const created = runAdminCli({ dataDir }, ["create", "sam", "--password-stdin"], "sams-password-00001\n");
  expect(created.status, created.output).toBe(0);
  runtime = await startRuntime({ dataDir, env: { ADMIN_USERNAME: "sally", ADMIN_PASSWORD: PASSWORD, DEV_LOGIN: "0" } });
});
afterAll(() => runtime?.stop());

/** A browser signed in as `username`, with its own address and browser name. */
async function signedIn(username: string, password: string, userAgent: string): Promise<Visitor> {
  const v = new Visitor(runtime.url);
  const res = await v.call("POST", "/api/admin/login", { body: { username, password }, headers: { "user-agent": userAgent } });
  expect(res.status, res.text).toBe(200);
  return v;
}

type Listed = SessionSummary;
const list = async (v: Visitor) => {
  const res = await v.call("GET", "/api/admin/account/sessions");
  expect(res.status, res.text).toBe(200);
  return res.json as Listed[];
};

describe("the sessions list", () => {
  it.sequential("lists the account's sessions with the current one flagged, its address and browser, and ids that are not cookies", async () => {
    const laptop = await signedIn("sally", PASSWORD, "Mozilla/5.0 (Macintosh) Laptop");
    const phone = await signedIn("sally", PASSWORD, "Mozilla/5.0 (iPhone) Phone");
    const seen = await list(laptop);
    const mine = seen.find((s) => s.current)!;
    expect(mine).toMatchObject({ user_agent: "Mozilla/5.0 (Macintosh) Laptop", ip: laptop.ip });
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    const other = seen.find((s) => s.user_agent === "Mozilla/5.0 (iPhone) Phone")!;
    expect(other).toMatchObject({ current: false, ip: phone.ip });
    expect(Object.keys(mine).sort()).toEqual(["can_have_passkeys", "created_at", "current", "id", "ip", "last_seen_at", "user_agent"]);
    for (const s of seen) {
      expect(s.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(s.id).not.toBe(laptop.session);
      expect(laptop.session).not.toContain(s.id);
    }
    // The phone sees the same two, itself as current.
    const fromPhone = await list(phone);
    expect(fromPhone.find((s) => s.current)!.id).toBe(other.id);
    // Another account's sessions are not in the list.
    const sam = await signedIn("sam", "sams-password-00001", "Sam's browser");
    expect((await list(laptop)).map((s) => s.user_agent)).not.toContain("Sam's browser");
    expect((await list(sam)).map((s) => s.user_agent)).toEqual(["Sam's browser"]);
  });

  it.sequential("ends one session at once: its cookie gets 401 on the very next request", async () => {
    const keeper = await signedIn("sally", PASSWORD, "Keeper");
    const forgotten = await signedIn("sally", PASSWORD, "Forgotten");
    expect((await forgotten.call("GET", "/api/admin/me")).status).toBe(200);
    const target = (await list(keeper)).find((s) => s.user_agent === "Forgotten")!;
    const res = await keeper.call("DELETE", `/api/admin/account/sessions/${target.id}`, { body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ success: true, current: false });
    expect((await forgotten.call("GET", "/api/admin/me")).status).toBe(401);
    expect((await keeper.call("GET", "/api/admin/me")).status).toBe(200);
    expect((await list(keeper)).map((s) => s.id)).not.toContain(target.id);
    // Already ended, or never one of this account's: 404.
    expect((await keeper.call("DELETE", `/api/admin/account/sessions/${target.id}`, { body: {} })).status).toBe(404);
  });

  it.sequential("never ends another account's session by its id", async () => {
    const sally = await signedIn("sally", PASSWORD, "Sally");
    const sam = await signedIn("sam", "sams-password-00001", "Sam again");
    const samsId = (await list(sam)).find((s) => s.current)!.id;
    expect((await sally.call("DELETE", `/api/admin/account/sessions/${samsId}`, { body: {} })).status).toBe(404);
    expect((await sam.call("GET", "/api/admin/me")).status).toBe(200);
  });

  it.sequential("ending the current session signs this browser out", async () => {
    const v = await signedIn("sally", PASSWORD, "Self");
    const mine = (await list(v)).find((s) => s.current)!;
    const res = await v.call("DELETE", `/api/admin/account/sessions/${mine.id}`, { body: {} });
    expect(res.json).toEqual({ success: true, current: true });
    expect(v.session).toBeUndefined();
    expect((await v.call("GET", "/api/admin/me")).status).toBe(401);
  });

  it.sequential("ends all the others and keeps this one", async () => {
    const here = await signedIn("sally", PASSWORD, "Here");
    const others = [await signedIn("sally", PASSWORD, "Other 1"), await signedIn("sally", PASSWORD, "Other 2")];
    const res = await here.call("DELETE", "/api/admin/account/sessions", { body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json.ended).toBeGreaterThanOrEqual(2);
    for (const o of others) expect((await o.call("GET", "/api/admin/me")).status).toBe(401);
    expect((await list(here)).map((s) => s.user_agent)).toEqual(["Here"]);
  });

  it.sequential(
    "says which sessions can have passkeys: a username account's can, Google's and Development Login's cannot, and a Google admin ends the others without the passkey option",
    async () => {
      const withPassword = await signedIn("sally", PASSWORD, "Password browser");
      expect((await list(withPassword)).find((s) => s.current)).toMatchObject({ can_have_passkeys: true });

      // A Google admin's two browsers: neither can have passkeys; ending the other without the option is a 200.
      const googleAdmin = async () => {
        const v = new Visitor(runtime.url);
        expect((await signInWithGoogle(v, demo.admin)).status).toBe(200);
        return v;
      };
      const [here, other] = [await googleAdmin(), await googleAdmin()];
      const seen = await list(here);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.map((s) => s.can_have_passkeys)).toEqual(seen.map(() => false));
      // Only a request asking for what the account cannot have is refused, before anything ends.
      expect((await here.call("DELETE", "/api/admin/account/sessions", { body: { remove_recent_passkeys: true } })).status).toBe(400);
      expect((await other.call("GET", "/api/admin/me")).status).toBe(200);
      const ended = await here.call("DELETE", "/api/admin/account/sessions", { body: { remove_recent_passkeys: false } });
      expect(ended.status, ended.text).toBe(200);
      expect(ended.json).toMatchObject({ passkeys_removed: 0 });
      expect((await other.call("GET", "/api/admin/me")).status).toBe(401);

      // Development Login (off in this file's runtime; the shared one has it, so nothing is ended there).
      const dev = await devAdmin();
      expect((await list(dev)).find((s) => s.current)).toMatchObject({ can_have_passkeys: false });
    },
  );

  it.sequential("answers 401 without a session and 403 to a write from another site", async () => {
    expect((await call("GET", "/api/admin/account/sessions", { baseUrl: runtime.url })).status).toBe(401);
    expect((await call("DELETE", "/api/admin/account/sessions", { baseUrl: runtime.url, body: {} })).status).toBe(401);
    const v = await signedIn("sally", PASSWORD, "Target");
    const other = await signedIn("sally", PASSWORD, "Victim");
    const victimId = (await list(v)).find((s) => s.user_agent === "Victim")!.id;
    const evil = { origin: "https://evil.example" };
    expect((await v.call("DELETE", `/api/admin/account/sessions/${victimId}`, { body: {}, headers: evil })).status).toBe(403);
    expect((await v.call("DELETE", "/api/admin/account/sessions", { body: {}, headers: evil })).status).toBe(403);
    expect((await v.call("PUT", "/api/admin/account/password", { body: { current_password: PASSWORD, new_password: "x".repeat(20) }, headers: evil })).status).toBe(403);
    expect((await other.call("GET", "/api/admin/me")).status).toBe(200);
  });
});

describe("changing one's password", () => {
  it.sequential("refuses a wrong current password (401 naming it) and a short new one (400), changing nothing", async () => {
    const v = await signedIn("sam", "sams-password-00001", "Sam");
    const wrong = await v.call("PUT", "/api/admin/account/password", { body: { current_password: "not-it", new_password: "a-new-password-0001" } });
    expect(wrong.status).toBe(401);
    expect(wrong.json.fields).toEqual({ current_password: "Current password is incorrect" });
    const short = await v.call("PUT", "/api/admin/account/password", { body: { current_password: "sams-password-00001", new_password: "short" } });
    expect(short.status).toBe(400);
    expect(Object.keys(short.json.fields)).toEqual(["new_password"]);
    expect((await v.call("PUT", "/api/admin/account/password", { body: {} })).json.fields).toMatchObject({
      current_password: expect.any(String),
      new_password: expect.any(String),
    });
    // The old password still signs in.
    await signedIn("sam", "sams-password-00001", "Still");
  });

  it.sequential("ends every other session of the account, keeps this one, and the new password signs in", async () => {
    const here = await signedIn("sam", "sams-password-00001", "Changer");
    const elsewhere = await signedIn("sam", "sams-password-00001", "Elsewhere");
    const res = await here.call("PUT", "/api/admin/account/password", { body: { current_password: "sams-password-00001", new_password: "sams-new-password-002" } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sessions_ended).toBeGreaterThanOrEqual(1);
    expect((await elsewhere.call("GET", "/api/admin/me")).status).toBe(401);
    expect((await here.call("GET", "/api/admin/me")).status).toBe(200);
    const old = await new Visitor(runtime.url).call("POST", "/api/admin/login", { body: { username: "sam", password: "sams-password-00001" } });
    expect(old.status).toBe(401);
    await signedIn("sam", "sams-new-password-002", "New password");
  });
});

describe("a member's sessions (the team screen)", () => {
  it.sequential("lists a member's sessions by the team screen's id and ends one of them at once", async () => {
    const owner = await signedIn("sally", PASSWORD, "Owner");
    const member = await signedIn("sam", "sams-new-password-002", "Member's forgotten tab");
    const res = await owner.call("GET", "/api/admin/team/account.sam/sessions");
    expect(res.status, res.text).toBe(200);
    const target = (res.json as Listed[]).find((s) => s.user_agent === "Member's forgotten tab")!;
    expect(target).toMatchObject({ current: false, ip: member.ip });
    expect((res.json as Listed[]).every((s) => !s.current)).toBe(true);
    // Another member's id with this session's id ends nothing.
    expect((await owner.call("DELETE", `/api/admin/team/account.sally/sessions/${target.id}`, { body: {} })).status).toBe(404);
    expect((await member.call("GET", "/api/admin/me")).status).toBe(200);
    expect((await owner.call("DELETE", `/api/admin/team/account.sam/sessions/${target.id}`, { body: {} })).status).toBe(200);
    expect((await member.call("GET", "/api/admin/me")).status).toBe(401);
    const after = await owner.call("GET", "/api/admin/team/account.sam/sessions");
    expect((after.json as Listed[]).some((s) => s.id === target.id)).toBe(false);
    expect((await owner.call("DELETE", `/api/admin/team/account.sam/sessions/${target.id}`, { body: {} })).status).toBe(404);
  });

  it.sequential("answers 404 for an id that is no team member's", async () => {
    const owner = await signedIn("sally", PASSWORD, "Owner");
    for (const id of ["account.nobody-here", "google.no-such-user", "invitation.abc", "sam", "nobody-here"]) {
      expect((await owner.call("GET", `/api/admin/team/${id}/sessions`)).status, id).toBe(404);
      expect((await owner.call("DELETE", `/api/admin/team/${id}/sessions/abcdefghijklmnopqrstuv`, { body: {} })).status, id).toBe(404);
    }
  });

  it.sequential("refuses an admin and an editor (403): a member's sessions are the owner's", async () => {
    const owner = await signedIn("sally", PASSWORD, "Owner");
    const ownSession = (await list(owner)).find((s) => s.current)!;
    const admin = await signedIn("sam", "sams-new-password-002", "Admin");
    expect((await admin.call("GET", "/api/admin/team/account.sally/sessions")).status).toBe(403);
    expect((await admin.call("DELETE", `/api/admin/team/account.sally/sessions/${ownSession.id}`, { body: {} })).status).toBe(403);
    expect((await owner.call("PUT", "/api/admin/team/account.sam", { body: { role: "editor" } })).status).toBe(200);
    const editor = await signedIn("sam", "sams-new-password-002", "Editor");
    expect((await editor.call("GET", "/api/admin/team/account.sally/sessions")).status).toBe(403);
    expect((await editor.call("DELETE", `/api/admin/team/account.sally/sessions/${ownSession.id}`, { body: {} })).status).toBe(403);
    expect((await owner.call("GET", "/api/admin/me")).status).toBe(200);
    expect((await owner.call("PUT", "/api/admin/team/account.sam", { body: { role: "admin" } })).status).toBe(200);
  });
});

describe("the audit log", () => {
  it.sequential("records ending sessions and the password change", async () => {
    const owner = await signedIn("sally", PASSWORD, "Auditor");
    const res = await owner.call("GET", "/api/admin/audit-log?limit=100");
    expect(res.status, res.text).toBe(200);
    const entries = res.json as Array<{ action: string; entity: string; actor: { id: string }; changed_fields: string[] }>;
    expect(entries.some((e) => e.entity === "session" && e.action === "delete" && e.actor.id === "admin#sally")).toBe(true);
    expect(entries.some((e) => e.entity === "admin-account" && e.action === "update" && e.actor.id === "admin#sam" && e.changed_fields.includes("password"))).toBe(true);
  });
});
