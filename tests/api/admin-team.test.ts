import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, Sessions, subjectOf } from "@agency/core/auth/sessions";
import { AdminAccounts } from "@agency/core/auth/admin-accounts";
import { invitationMessages, type PendingLink, type TeamMember } from "@agency/core/contract/team";
import { db } from "@agency/core/db/service";
import { routeKeys, routes } from "@agency/core/routes";
import { roleCan, type Role } from "@agency/core/contract/roles";
import { startDynalite } from "../../packages/local/src/dynamo";
import { Visitor, demo, signInWithGoogle } from "../support/auth-flow";
import { call, freshIp } from "../support/http";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * The team, roles and invitations, against a runtime of its own: ADMIN_USERNAME "boss" is the first
 * owner, Development Login is off (so every session is a real account's), and its database is a
 * dynalite this file also reads and writes (an expired link is one whose expires_at is in the past).
 */
const PASSWORD = "boss-password-0123456789";
const TABLE = "team-tests";
let runtime: RunningRuntime;
let dynalite: Awaited<ReturnType<typeof startDynalite>>;

beforeAll(async () => {
  dynalite = await startDynalite();
  runtime = await startRuntime({
    env: { ADMIN_USERNAME: "boss", ADMIN_PASSWORD: PASSWORD, DEV_LOGIN: "0", DYNAMODB_ENDPOINT: dynalite.endpoint, TABLE_NAME: TABLE },
  });
  process.env.DYNAMODB_ENDPOINT = dynalite.endpoint;
  process.env.TABLE_NAME = TABLE;
});
afterAll(async () => {
  await runtime?.stop();
  await dynalite?.close();
});

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

async function signIn(username: string, password: string): Promise<Visitor> {
  const v = new Visitor(runtime.url);
  const res = await v.call("POST", "/api/admin/login", { body: { username, password } });
  expect(res.status, res.text).toBe(200);
  return v;
}
const owner = () => signIn("boss", PASSWORD);

/** Invites as `by`, accepts the link from a browser with no session, and signs the new member in. */
async function member(by: Visitor, role: Role, prefix: string = role): Promise<{ username: string; password: string; visitor: Visitor }> {
  const username = unique(prefix);
  const password = `${username}-password`;
  const invite = await by.call("POST", "/api/admin/team/invitations", { body: { username, role } });
  expect(invite.status, invite.text).toBe(201);
  const accept = await call("POST", `/api/team/invitations/${tokenOf(invite.json.url)}`, { baseUrl: runtime.url, ip: freshIp(), body: { password } });
  expect(accept.status, accept.text).toBe(200);
  return { username, password, visitor: await signIn(username, password) };
}

const team = async (v: Visitor): Promise<TeamMember[]> => {
  const res = await v.call("GET", "/api/admin/team");
  expect(res.status, res.text).toBe(200);
  return res.json;
};

describe("every route for every role", () => {
  const adminRoutes = routeKeys.filter((k) => routes[k].access === "admin");
  const request = (key: string) => {
    const [method, path] = key.split(" ") as [string, string];
    return { method, path: path.replace(/\{\w+\}/g, "role-walk-id"), body: method === "GET" ? undefined : {} };
  };

  it("answers 401 without a session, 403 to a role without the route's permission, and lets the others through", async () => {
    const boss = await owner();
    const signedIn: Record<Role, Visitor> = { owner: boss, admin: (await member(boss, "admin")).visitor, editor: (await member(boss, "editor")).visitor };
    for (const key of adminRoutes) {
      const spec = routes[key];
      if (spec.access !== "admin") continue;
      const { method, path, body } = request(key);
      expect((await call(method, path, { baseUrl: runtime.url, ip: freshIp(), body })).status, `${key} without a session`).toBe(401);
      for (const role of ["owner", "admin", "editor"] as const) {
        const res = await signedIn[role].call(method, path, { body });
        if (roleCan(role, spec.permission)) expect([401, 403], `${key} as ${role}: ${res.text}`).not.toContain(res.status);
        else {
          expect(res.status, `${key} as ${role}`).toBe(403);
          expect(res.json, `${key} as ${role}`).toMatchObject({ code: "forbidden", permission: spec.permission });
        }
      }
    }
  });

  it("tells the back office the role and its permissions", async () => {
    const boss = await owner();
    expect((await boss.call("GET", "/api/admin/me")).json).toMatchObject({ type: "admin", admin: { username: "boss" }, role: "owner" });
    const editor = (await member(boss, "editor")).visitor;
    const me = (await editor.call("GET", "/api/admin/me")).json;
    expect(me.role).toBe("editor");
    expect(me.permissions).toEqual(["account", "dashboard", "content", "blog", "media"]);
  });

  it("answers an editor's Overview without lead figures or recent leads", async () => {
    const editor = (await member(await owner(), "editor")).visitor;
    const res = await editor.call("GET", "/api/admin/dashboard-stats");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json.stats).sort()).toEqual(["blogPosts", "courses"]);
    expect(Object.keys(res.json.recentActivity)).toEqual(["blogPosts"]);
    const full = (await (await owner()).call("GET", "/api/admin/dashboard-stats")).json;
    expect(Object.keys(full.stats).sort()).toEqual(["blogPosts", "contacts", "courses", "registrations", "subscribers"]);
  });
});

describe("invitations", () => {
  it("lists the invitation as invited, then the member, with the email it was sent for", async () => {
    const boss = await owner();
    const username = unique("mail");
    const invite = await boss.call("POST", "/api/admin/team/invitations", { body: { username, email: "Mail.Person@Example.com", role: "editor" } });
    expect(invite.status).toBe(201);
    expect(invite.json.url).toMatch(new RegExp(`^${runtime.url}/admin/invite/[A-Za-z0-9_-]{43}$`));
    const days = (Date.parse(invite.json.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const invited = (await team(boss)).find((m) => m.username === username);
    expect(invited).toMatchObject({ kind: "invitation", status: "invited", role: "editor", email: "mail.person@example.com", expires_at: invite.json.expires_at });
    // The stored link is the token's hash, never the token.
    const { data } = await db()
      .invitation.get({ token_hash: hashToken(tokenOf(invite.json.url)) })
      .go();
    expect(data?.username).toBe(username);
    expect(JSON.stringify(data)).not.toContain(tokenOf(invite.json.url));

    const token = tokenOf(invite.json.url);
    const view = await call("GET", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp() });
    expect(view.json).toEqual({ kind: "invite", username, email: "mail.person@example.com", role: "editor", expires_at: invite.json.expires_at });
    expect((await call("POST", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "long-enough-password" } })).status).toBe(200);
    const joined = (await team(boss)).filter((m) => m.username === username);
    expect(joined).toEqual([
      expect.objectContaining({
        id: `account.${username}`,
        kind: "account",
        status: "active",
        role: "editor",
        email: "mail.person@example.com",
        two_factor: { totp: false, passkeys: 0 },
        last_login_at: null,
      }),
    ]);
    await signIn(username, "long-enough-password");
    expect((await team(boss)).find((m) => m.username === username)?.last_login_at).toEqual(expect.any(String));
  });

  it("works once: a used link is refused with 410, for reading and for accepting", async () => {
    const boss = await owner();
    const invite = await boss.call("POST", "/api/admin/team/invitations", { body: { role: "editor" } });
    const path = `/api/team/invitations/${tokenOf(invite.json.url)}`;
    const username = unique("once");
    const first = await call("POST", path, { baseUrl: runtime.url, ip: freshIp(), body: { username, password: "first-password-123" } });
    expect(first.json).toMatchObject({ success: true, username });
    const again = await call("POST", path, { baseUrl: runtime.url, ip: freshIp(), body: { username: unique("twice"), password: "second-password-123" } });
    expect(again.status).toBe(410);
    expect(again.json).toMatchObject({ error: invitationMessages.used, code: "used" });
    expect((await call("GET", path, { baseUrl: runtime.url, ip: freshIp() })).status).toBe(410);
    // The first password stands.
    await signIn(username, "first-password-123");
  });

  it("lets only one of two simultaneous acceptances of a link through", async () => {
    const boss = await owner();
    const invite = await boss.call("POST", "/api/admin/team/invitations", { body: { role: "editor" } });
    const path = `/api/team/invitations/${tokenOf(invite.json.url)}`;
    const results = await Promise.all(
      [unique("race"), unique("race")].map((username) => call("POST", path, { baseUrl: runtime.url, ip: freshIp(), body: { username, password: "race-password-1234" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it("refuses an expired link with 410 and a 404 for a token it never made", async () => {
    const boss = await owner();
    const invite = await boss.call("POST", "/api/admin/team/invitations", { body: { username: unique("late"), role: "editor" } });
    const token = tokenOf(invite.json.url);
    await db()
      .invitation.patch({ token_hash: hashToken(token) })
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .go();
    const read = await call("GET", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp() });
    expect(read.status).toBe(410);
    expect(read.json).toMatchObject({ error: invitationMessages.expired, code: "expired" });
    const accept = await call("POST", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "too-late-password" } });
    expect(accept.status).toBe(410);
    for (const unknown of ["A".repeat(43), "short"]) {
      const res = await call("GET", `/api/team/invitations/${unknown}`, { baseUrl: runtime.url, ip: freshIp() });
      expect(res.status).toBe(404);
      expect(res.json.error).toBe(invitationMessages.notFound);
    }
  });

  it("answers 400 naming the field: a taken username, an unknown role, a missing username, a short password", async () => {
    const boss = await owner();
    const taken = await boss.call("POST", "/api/admin/team/invitations", { body: { username: "boss", role: "editor" } });
    expect(taken.status).toBe(400);
    expect(taken.json.fields).toEqual({ username: invitationMessages.usernameTaken });
    const pendingName = unique("pending");
    expect((await boss.call("POST", "/api/admin/team/invitations", { body: { username: pendingName, role: "editor" } })).status).toBe(201);
    expect((await boss.call("POST", "/api/admin/team/invitations", { body: { username: pendingName, role: "admin" } })).json.fields).toEqual({
      username: invitationMessages.usernameTaken,
    });
    const role = await boss.call("POST", "/api/admin/team/invitations", { body: { role: "superuser" } });
    expect(role.status).toBe(400);
    expect(Object.keys(role.json.fields)).toEqual(["role"]);
    expect((await boss.call("POST", "/api/admin/team/invitations", { body: { role: "editor", email: "not-an-email" } })).json.fields).toHaveProperty("email");

    const open = await boss.call("POST", "/api/admin/team/invitations", { body: { role: "editor" } });
    const path = `/api/team/invitations/${tokenOf(open.json.url)}`;
    const noName = await call("POST", path, { baseUrl: runtime.url, ip: freshIp(), body: { password: "long-enough-password" } });
    expect(noName.status).toBe(400);
    expect(noName.json.fields).toEqual({ username: invitationMessages.usernameRequired });
    const takenName = await call("POST", path, { baseUrl: runtime.url, ip: freshIp(), body: { username: "boss", password: "long-enough-password" } });
    expect(takenName.json.fields).toEqual({ username: invitationMessages.usernameTaken });
    const short = await call("POST", path, { baseUrl: runtime.url, ip: freshIp(), body: { username: unique("short"), password: "short" } });
    expect(short.status).toBe(400);
    expect(Object.keys(short.json.fields)).toEqual(["password"]);
    // None of these used the link up.
    expect((await call("POST", path, { baseUrl: runtime.url, ip: freshIp(), body: { username: unique("fine"), password: "long-enough-password" } })).status).toBe(200);
  });

  it("keeps a username reserved by a pending invitation from another invitee (409 naming username)", async () => {
    const boss = await owner();
    const reserved = unique("reserved");
    const named = await boss.call("POST", "/api/admin/team/invitations", { body: { username: reserved, role: "editor" } });
    expect(named.status).toBe(201);
    const open = await boss.call("POST", "/api/admin/team/invitations", { body: { role: "admin" } });
    const taken = await call("POST", `/api/team/invitations/${tokenOf(open.json.url)}`, {
      baseUrl: runtime.url,
      ip: freshIp(),
      body: { username: reserved, password: "long-enough-password" },
    });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.json.fields).toEqual({ username: invitationMessages.usernameTaken });
    const accepted = await call("POST", `/api/team/invitations/${tokenOf(named.json.url)}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "long-enough-password" } });
    expect(accepted.status, accepted.text).toBe(200);
  });

  it("withdraws a pending invitation: its link stops working", async () => {
    const boss = await owner();
    const username = unique("withdrawn");
    const invite = await boss.call("POST", "/api/admin/team/invitations", { body: { username, role: "editor" } });
    const row = (await team(boss)).find((m) => m.username === username)!;
    expect((await boss.call("DELETE", `/api/admin/team/${row.id}`, { body: {} })).status).toBe(200);
    expect((await call("GET", `/api/team/invitations/${tokenOf(invite.json.url)}`, { baseUrl: runtime.url, ip: freshIp() })).status).toBe(404);
    expect((await team(boss)).some((m) => m.username === username)).toBe(false);
  });

  it("makes a password-reset link that sets a new password once and ends the member's sessions", async () => {
    const boss = await owner();
    const { username, visitor } = await member(boss, "editor", "reset");
    const link = await boss.call("POST", `/api/admin/team/account.${username}/password-reset`, { body: {} });
    expect(link.status, link.text).toBe(200);
    const token = tokenOf(link.json.url);
    expect((await call("GET", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp() })).json).toMatchObject({ kind: "reset", username, role: null });
    expect((await call("POST", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "a-brand-new-password" } })).status).toBe(200);
    expect((await visitor.call("GET", "/api/admin/me")).status).toBe(401);
    await signIn(username, "a-brand-new-password");
    expect((await call("POST", `/api/team/invitations/${token}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "yet-another-password" } })).status).toBe(410);
    expect((await boss.call("POST", "/api/admin/team/account.nobody-here/password-reset", { body: {} })).status).toBe(404);
  });
});

describe("pending links", () => {
  it("never lets a reset link made for a removed account reset a later account of the same username", async () => {
    const boss = await owner();
    const { username } = await member(boss, "editor", "reborn");
    const link = await boss.call("POST", `/api/admin/team/account.${username}/password-reset`, { body: {} });
    expect(link.status, link.text).toBe(200);
    expect((await boss.call("DELETE", `/api/admin/team/account.${username}`, { body: {} })).status).toBe(200);
    // The same username, invited again: another person's account.
    const again = await boss.call("POST", "/api/admin/team/invitations", { body: { username, role: "editor" } });
    expect(
      (await call("POST", `/api/team/invitations/${tokenOf(again.json.url)}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "the-new-owners-password" } })).status,
    ).toBe(200);
    const reset = await call("POST", `/api/team/invitations/${tokenOf(link.json.url)}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "an-attackers-password" } });
    expect([404, 410], reset.text).toContain(reset.status);
    // The later account keeps its own password.
    await signIn(username, "the-new-owners-password");
  });

  it("binds a reset link to its account's identity, however the account went (410 account_gone)", async () => {
    const boss = await owner();
    const { username } = await member(boss, "editor", "rebound");
    const link = await boss.call("POST", `/api/admin/team/account.${username}/password-reset`, { body: {} });
    // Removed by another path than the team screen (the shell), then made again under the same name.
    await AdminAccounts.remove(username);
    await AdminAccounts.create({ username, password: "the-second-account-password", role: "editor" });
    const reset = await call("POST", `/api/team/invitations/${tokenOf(link.json.url)}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "an-attackers-password" } });
    expect(reset.status, reset.text).toBe(410);
    expect(reset.json).toMatchObject({ error: invitationMessages.accountGone, code: "account_gone" });
    await signIn(username, "the-second-account-password");
  });

  it("lists pending invitations and reset links to an owner, shows one again, and withdraws one (audited)", async () => {
    const boss = await owner();
    const invited = unique("listed");
    const invite = await boss.call("POST", "/api/admin/team/invitations", { body: { username: invited, role: "admin" } });
    const { username } = await member(boss, "editor", "relink");
    const reset = await boss.call("POST", `/api/admin/team/account.${username}/password-reset`, { body: {} });
    const listed = await boss.call("GET", "/api/admin/team/links");
    expect(listed.status, listed.text).toBe(200);
    const links = listed.json as PendingLink[];
    const inv = links.find((l) => l.kind === "invite" && l.username === invited)!;
    const res = links.find((l) => l.kind === "reset" && l.username === username)!;
    expect(inv).toMatchObject({ role: "admin", email: null, created_by: "admin#boss", expires_at: invite.json.expires_at });
    expect(res).toMatchObject({ role: null, expires_at: reset.json.expires_at });
    // No token or hash in the list.
    expect(JSON.stringify(links)).not.toContain(tokenOf(invite.json.url));
    expect(Object.keys(inv).sort()).toEqual(["created_at", "created_by", "email", "expires_at", "id", "kind", "role", "username"]);

    const shown = await boss.call("GET", `/api/admin/team/links/${inv.id}/url`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json).toEqual(invite.json);
    expect((await boss.call("GET", `/api/admin/team/links/${res.id}/url`)).json).toEqual(reset.json);

    expect((await boss.call("DELETE", `/api/admin/team/links/${res.id}`, { body: {} })).status).toBe(200);
    expect((await call("POST", `/api/team/invitations/${tokenOf(reset.json.url)}`, { baseUrl: runtime.url, ip: freshIp(), body: { password: "too-late-password" } })).status).toBe(
      404,
    );
    expect((await boss.call("DELETE", `/api/admin/team/links/${inv.id}`, { body: {} })).status).toBe(200);
    expect((await call("GET", `/api/team/invitations/${tokenOf(invite.json.url)}`, { baseUrl: runtime.url, ip: freshIp() })).status).toBe(404);
    const after = (await boss.call("GET", "/api/admin/team/links")).json as PendingLink[];
    expect(after.map((l) => l.id)).not.toContain(inv.id);
    expect(after.map((l) => l.id)).not.toContain(res.id);
    expect((await boss.call("GET", `/api/admin/team/links/${inv.id}/url`)).status).toBe(404);
    expect((await boss.call("DELETE", `/api/admin/team/links/${inv.id}`, { body: {} })).status).toBe(404);

    const log = (await boss.call("GET", "/api/admin/audit-log?limit=100")).json as { action: string; entity: string; entity_id: string }[];
    const withdrawals = log.filter((e) => e.action === "delete" && (e.entity_id === `invitation.${inv.id}` || e.entity_id === `password-reset.${res.id}`));
    expect(withdrawals.map((e) => `${e.action} ${e.entity} ${e.entity_id}`).sort()).toEqual([
      `delete team-member invitation.${inv.id}`,
      `delete team-member password-reset.${res.id}`,
    ]);
  });

  it("keeps pending links from anyone but an owner", async () => {
    const boss = await owner();
    const { visitor } = await member(boss, "admin", "nolinks");
    expect((await visitor.call("GET", "/api/admin/team/links")).status).toBe(403);
    expect((await visitor.call("GET", "/api/admin/team/links/x/url")).status).toBe(403);
    expect((await visitor.call("DELETE", "/api/admin/team/links/x", { body: {} })).status).toBe(403);
  });
});

describe("changing and removing members", () => {
  it("applies a demotion at the member's next request", async () => {
    const boss = await owner();
    const { username, visitor } = await member(boss, "admin", "demoted");
    expect((await visitor.call("GET", "/api/admin/users")).status).toBe(200);
    const res = await boss.call("PUT", `/api/admin/team/account.${username}`, { body: { role: "editor" } });
    expect(res.json).toMatchObject({ id: `account.${username}`, role: "editor", status: "active" });
    expect((await visitor.call("GET", "/api/admin/users")).status).toBe(403);
    expect((await visitor.call("GET", "/api/admin/blog-posts")).status).toBe(200);
  });

  it("ends a disabled member's sessions at once, refuses their sign-in, and lets them back when enabled", async () => {
    const boss = await owner();
    const { username, password, visitor } = await member(boss, "editor", "disabled");
    expect((await boss.call("PUT", `/api/admin/team/account.${username}`, { body: { disabled: true } })).json.status).toBe("disabled");
    expect((await visitor.call("GET", "/api/admin/me")).status).toBe(401);
    expect(
      await db()
        .session.query.bySubject({ subject: subjectOf.admin(username) })
        .go()
        .then((r) => r.data),
    ).toEqual([]);
    expect((await new Visitor(runtime.url).call("POST", "/api/admin/login", { body: { username, password } })).status).toBe(401);
    expect((await team(boss)).find((m) => m.id === `account.${username}`)?.status).toBe("disabled");
    await boss.call("PUT", `/api/admin/team/account.${username}`, { body: { disabled: false } });
    await signIn(username, password);
  });

  it("ends a removed member's sessions at once and deletes the account", async () => {
    const boss = await owner();
    const { username, password, visitor } = await member(boss, "editor", "removed");
    expect((await boss.call("DELETE", `/api/admin/team/account.${username}`, { body: {} })).json).toEqual({ success: true });
    expect((await visitor.call("GET", "/api/admin/me")).status).toBe(401);
    expect((await new Visitor(runtime.url).call("POST", "/api/admin/login", { body: { username, password } })).status).toBe(401);
    expect((await team(boss)).some((m) => m.id === `account.${username}`)).toBe(false);
    expect((await boss.call("DELETE", `/api/admin/team/account.${username}`, { body: {} })).status).toBe(404);
  });

  it("keeps the last owner: no demotion, disabling or removal (409), until another owner exists", async () => {
    const boss = await owner();
    for (const [method, body] of [
      ["PUT", { role: "admin" }],
      ["PUT", { disabled: true }],
      ["DELETE", {}],
    ] as const) {
      const res = await boss.call(method, "/api/admin/team/account.boss", { body });
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(res.json.error).toBe("The site needs an owner: make someone else an owner first.");
    }
    expect((await team(boss)).find((m) => m.id === "account.boss")).toMatchObject({ role: "owner", status: "active" });
    const second = await member(boss, "owner", "second");
    expect((await second.visitor.call("PUT", "/api/admin/team/account.boss", { body: { role: "admin" } })).status).toBe(200);
    // Now the second owner is the last one, even to themselves.
    expect((await second.visitor.call("PUT", `/api/admin/team/account.${second.username}`, { body: { role: "editor" } })).status).toBe(409);
    expect((await second.visitor.call("PUT", "/api/admin/team/account.boss", { body: { role: "owner" } })).status).toBe(200);
    expect((await boss.call("DELETE", `/api/admin/team/account.${second.username}`, { body: {} })).status).toBe(200);
  });

  it("lets only an owner touch a Google owner, and no one take a team member off through the Users screen", async () => {
    const boss = await owner();
    const google = new Visitor(runtime.url);
    expect((await signInWithGoogle(google, demo.admin)).status).toBe(200);
    const row = (await team(boss)).find((m) => m.email === demo.admin.email)!;
    expect((await boss.call("PUT", `/api/admin/team/${row.id}`, { body: { role: "owner" } })).status).toBe(200);
    const userId = row.id.slice("google.".length);
    const admin = (await member(boss, "admin", "users-screen")).visitor;
    const byAdmin = await admin.call("DELETE", `/api/admin/users/${userId}`, { body: {} });
    expect(byAdmin.status, byAdmin.text).toBe(403);
    expect(byAdmin.json).toMatchObject({ error: "Only an owner can change an owner.", code: "owners_only" });
    const byOwner = await boss.call("DELETE", `/api/admin/users/${userId}`, { body: {} });
    expect(byOwner.status, byOwner.text).toBe(409);
    expect(byOwner.json.error).toBe("This person is on the team: an owner takes them off it on the Team screen first.");
    expect((await team(boss)).find((m) => m.id === row.id)).toMatchObject({ role: "owner", status: "active" });
    expect((await google.call("GET", "/api/admin/me")).json.role).toBe("owner");
    // Account & security says the session's role too, not 'admin' for every Google member.
    expect((await google.call("GET", "/api/admin/account")).json).toMatchObject({ username: null, email: demo.admin.email, role: "owner" });
    // A disabled member is on the team too.
    expect((await boss.call("PUT", `/api/admin/team/${row.id}`, { body: { role: "admin", disabled: true } })).status).toBe(200);
    expect((await admin.call("DELETE", `/api/admin/users/${userId}`, { body: {} })).status).toBe(409);
    expect((await boss.call("PUT", `/api/admin/team/${row.id}`, { body: { disabled: false } })).status).toBe(200);
  });

  it("gives a Google admin from ADMIN_EMAILS the admin role until an owner changes it, and takes them off the team on removal", async () => {
    const boss = await owner();
    const google = new Visitor(runtime.url);
    expect((await signInWithGoogle(google, demo.admin)).status).toBe(200);
    expect((await google.call("GET", "/api/admin/me")).json).toMatchObject({ type: "google", role: "admin" });
    const row = (await team(boss)).find((m) => m.email === demo.admin.email)!;
    expect(row).toMatchObject({ kind: "google", role: "admin", status: "active" });
    expect((await boss.call("PUT", `/api/admin/team/${row.id}`, { body: { role: "editor" } })).status).toBe(200);
    expect((await google.call("GET", "/api/admin/me")).json.role).toBe("editor");
    expect((await google.call("GET", "/api/admin/contact-submissions")).status).toBe(403);
    expect((await boss.call("PUT", `/api/admin/team/${row.id}`, { body: { disabled: true } })).status).toBe(200);
    expect((await google.call("GET", "/api/admin/me")).status).toBe(401);
    expect((await signInWithGoogle(new Visitor(runtime.url), demo.admin)).status).toBe(403);
    expect((await boss.call("PUT", `/api/admin/team/${row.id}`, { body: { disabled: false } })).status).toBe(200);
    const back = new Visitor(runtime.url);
    expect((await signInWithGoogle(back, demo.admin)).status).toBe(200);
    expect((await boss.call("POST", `/api/admin/team/${row.id}/password-reset`, { body: {} })).status).toBe(409);
    // The owner sees and ends one of the Google admin's sessions by the team screen's id.
    const tab = new Visitor(runtime.url);
    expect((await signInWithGoogle(tab, demo.admin)).status).toBe(200);
    const listed = await boss.call("GET", `/api/admin/team/${row.id}/sessions`);
    expect(listed.status, listed.text).toBe(200);
    const tabSession = (listed.json as Array<{ id: string; ip: string }>).find((s) => s.ip === tab.ip)!;
    expect((await boss.call("DELETE", `/api/admin/team/${row.id}/sessions/${tabSession.id}`, { body: {} })).status).toBe(200);
    expect((await tab.call("GET", "/api/admin/me")).status).toBe(401);
    expect((await back.call("GET", "/api/admin/me")).status).toBe(200);
    expect((await boss.call("DELETE", `/api/admin/team/${row.id}`, { body: {} })).status).toBe(200);
    expect((await back.call("GET", "/api/admin/me")).status).toBe(401);
    expect((await signInWithGoogle(new Visitor(runtime.url), demo.admin)).status).toBe(403);
    expect((await team(boss)).some((m) => m.id === row.id)).toBe(false);
    // Off the team, their sessions are no longer the owner's to see.
    expect((await boss.call("GET", `/api/admin/team/${row.id}/sessions`)).status).toBe(404);
  });

  it("does not let a Google admin an owner took off the team back in when their user record is deleted", async () => {
    const boss = await owner();
    const user = (await db().user.query.byEmail({ email: demo.admin.email }).go()).data[0]!;
    expect(user.admin_role).toBe("none"); // the test before took them off the team
    const admin = (await member(boss, "admin", "deleter")).visitor;
    expect((await admin.call("DELETE", `/api/admin/users/${user.id}`, { body: {} })).status).toBe(200);
    expect((await signInWithGoogle(new Visitor(runtime.url), demo.admin)).status).toBe(403);
    expect((await team(boss)).some((m) => m.email === demo.admin.email)).toBe(false);
  });

  it("keeps one owner when two owners end each other's ownership at the same moment (10 tries)", async () => {
    const boss = await owner();
    const pair = [await member(boss, "owner", "race-a"), await member(boss, "owner", "race-b")];
    expect((await pair[0]!.visitor.call("PUT", "/api/admin/team/account.boss", { body: { role: "admin" } })).status).toBe(200);
    let last = pair[0]!;
    for (let attempt = 0; attempt < 10; attempt++) {
      const [a, b] = pair as [(typeof pair)[0], (typeof pair)[0]];
      const [method, body] = attempt === 9 ? (["DELETE", {}] as const) : attempt % 2 ? (["PUT", { disabled: true }] as const) : (["PUT", { role: "admin" }] as const);
      const results = await Promise.all([
        a.visitor.call(method, `/api/admin/team/account.${b.username}`, { body }),
        b.visitor.call(method, `/api/admin/team/account.${a.username}`, { body }),
      ]);
      expect(results.map((r) => r.status).sort(), `attempt ${attempt}: ${results.map((r) => r.text).join(" / ")}`).toEqual([200, 409]);
      const survivor = results[0]!.status === 200 ? a : b;
      const loser = survivor === a ? b : a;
      last = survivor;
      const owners = (await team(survivor.visitor)).filter((m) => m.role === "owner" && m.status === "active");
      expect(
        owners.map((m) => m.id),
        `attempt ${attempt}`,
      ).toEqual([`account.${survivor.username}`]);
      if (method === "DELETE") break;
      expect((await survivor.visitor.call("PUT", `/api/admin/team/account.${loser.username}`, { body: { role: "owner", disabled: false } })).status).toBe(200);
      if ("disabled" in body) loser.visitor = await signIn(loser.username, loser.password);
    }
    expect((await last.visitor.call("PUT", "/api/admin/team/account.boss", { body: { role: "owner" } })).status).toBe(200);
    expect((await boss.call("DELETE", `/api/admin/team/account.${last.username}`, { body: {} })).status).toBe(200);
  }, 300_000);

  it("answers 400 naming the field for a bad change, 404 for nobody, 409 for an invitation", async () => {
    const boss = await owner();
    const { username } = await member(boss, "editor", "bad");
    const role = await boss.call("PUT", `/api/admin/team/account.${username}`, { body: { role: "superuser" } });
    expect(role.status).toBe(400);
    expect(Object.keys(role.json.fields)).toEqual(["role"]);
    expect((await boss.call("PUT", `/api/admin/team/account.${username}`, { body: { disabled: "yes" } })).json.fields).toHaveProperty("disabled");
    expect((await boss.call("PUT", `/api/admin/team/account.${username}`, { body: {} })).status).toBe(400);
    expect((await boss.call("PUT", `/api/admin/team/account.${username}`, { body: { role: "admin", extra: 1 } })).status).toBe(400);
    for (const id of ["account.nobody-here", "google.no-such-user", "stranger", "constructor.x"]) {
      expect((await boss.call("PUT", `/api/admin/team/${id}`, { body: { role: "admin" } })).status, id).toBe(404);
    }
    const inv = await boss.call("POST", "/api/admin/team/invitations", { body: { role: "editor" } });
    expect(inv.status).toBe(201);
    const row = (await team(boss)).find((m) => m.kind === "invitation")!;
    expect((await boss.call("PUT", `/api/admin/team/${row.id}`, { body: { role: "admin" } })).status).toBe(409);
  });

  it("refuses every team write from another site (403), changing nothing", async () => {
    const boss = await owner();
    const { username } = await member(boss, "editor", "csrf");
    const evil = { origin: "https://evil.example" };
    const writes: [string, string, unknown][] = [
      ["POST", "/api/admin/team/invitations", { role: "owner", username: unique("evil") }],
      ["PUT", `/api/admin/team/account.${username}`, { role: "owner" }],
      ["POST", `/api/admin/team/account.${username}/password-reset`, {}],
      ["DELETE", `/api/admin/team/account.${username}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const res = await boss.call(method, path, { headers: evil, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await team(boss)).find((m) => m.id === `account.${username}`)).toMatchObject({ role: "editor", status: "active" });
  });

  it("records every team write in the audit log", async () => {
    const boss = await owner();
    const { username } = await member(boss, "editor", "audited");
    await boss.call("PUT", `/api/admin/team/account.${username}`, { body: { role: "admin" } });
    await boss.call("POST", `/api/admin/team/account.${username}/password-reset`, { body: {} });
    await boss.call("DELETE", `/api/admin/team/account.${username}`, { body: {} });
    const log = (await boss.call("GET", "/api/admin/audit-log?limit=100")).json as { action: string; entity: string; entity_id: string; changed_fields: string[] }[];
    const mine = log.filter((e) => e.entity_id === `account.${username}` || e.entity_id === username);
    expect(mine.map((e) => `${e.action} ${e.entity}`).sort()).toEqual(
      ["create admin-account", "delete team-member", "password_reset team-member", "sign_in admin-account", "update team-member"].sort(),
    );
    expect(mine.find((e) => e.action === "update")?.changed_fields).toEqual(["role"]);
    expect(log.some((e) => e.action === "invite" && e.entity === "team-member")).toBe(true);
  });
});

it("keeps sessions it did not touch", async () => {
  // Ending a member's sessions is by subject: the owner's own session survives all of the above.
  const boss = await owner();
  const { username } = await member(boss, "editor", "bystander");
  await boss.call("DELETE", `/api/admin/team/account.${username}`, { body: {} });
  expect((await boss.call("GET", "/api/admin/me")).status).toBe(200);
  expect(await Sessions.endAllFor(subjectOf.admin(username))).toBe(0);
});
