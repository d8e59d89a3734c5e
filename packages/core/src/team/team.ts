import { AdminAccounts, type AdminAccount } from "../auth/admin-accounts";
import { Sessions, subjectOf } from "../auth/sessions";
import type { TeamMember } from "../contract/team";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import type { Role } from "../contract/roles";
import { SELF_DELETE_MESSAGE, Users, type User } from "../users/users";
import { Invitations, type Invitation } from "./invitations";
import { Owners } from "./owners";
import { accountRole, googleRole, twoFactorOf } from "./roles";

/** A member id, as the team screen names them: `account.<username>`, `google.<user id>`, `invitation.<id>`. */
export function parseMemberId(id: string): { kind: "account" | "google" | "invitation"; key: string } {
  const dot = id.indexOf(".");
  const kind = id.slice(0, dot);
  const key = id.slice(dot + 1);
  if (dot <= 0 || !key || (kind !== "account" && kind !== "google" && kind !== "invitation")) throw new NotFoundError("Team member not found");
  return { kind, key };
}

const accountMember = (a: AdminAccount): TeamMember => ({
  id: `account.${a.username}`,
  kind: "account",
  name: a.full_name || a.username,
  username: a.username,
  email: a.email ?? null,
  role: accountRole(a),
  status: a.disabled ? "disabled" : "active",
  two_factor: twoFactorOf(a),
  last_login_at: a.last_login_at ?? null,
  created_at: a.created_at,
  expires_at: null,
});

const googleMember = (u: User, role: Role): TeamMember => ({
  id: `google.${u.id}`,
  kind: "google",
  name: u.google_user_data?.name || u.email,
  username: null,
  email: u.email,
  role,
  status: u.admin_disabled ? "disabled" : "active",
  // Google's own sign-in (and its second factors) protects these accounts; nothing of ours to show.
  two_factor: { totp: false, passkeys: 0 },
  last_login_at: u.last_login_at ?? null,
  created_at: u.created_at,
  expires_at: null,
});

const invitedMember = (i: Invitation): TeamMember => ({
  id: `invitation.${i.id}`,
  kind: "invitation",
  name: i.username ?? i.email ?? "Invited",
  username: i.username ?? null,
  email: i.email ?? null,
  role: i.role ?? "editor",
  status: "invited",
  two_factor: { totp: false, passkeys: 0 },
  last_login_at: null,
  created_at: i.created_at,
  expires_at: i.expires_at,
});

/** The Google users on the team: those ADMIN_EMAILS names, less those an owner took off. Users are a small set (one Query per year). */
async function googleMembers(): Promise<TeamMember[]> {
  const users = await Users.listAll();
  return users.flatMap((u) => {
    const role = googleRole(u);
    return role ? [googleMember(u, role)] : [];
  });
}

async function members(now: number): Promise<TeamMember[]> {
  const [accounts, google, invitations] = await Promise.all([AdminAccounts.list(), googleMembers(), Invitations.pending(now)]);
  return [...accounts.map(accountMember), ...google, ...invitations.filter((i) => i.kind === "invite").map(invitedMember)];
}

/** The member behind an id, with what it takes to change it. */
async function find(id: string): Promise<{ member: TeamMember; account?: AdminAccount; user?: User }> {
  const { kind, key } = parseMemberId(id);
  if (kind === "account") {
    const account = await AdminAccounts.get(key);
    if (!account) throw new NotFoundError("Team member not found");
    return { member: accountMember(account), account };
  }
  if (kind === "google") {
    const user = await Users.find(key);
    const role = user && googleRole(user);
    if (!user || !role) throw new NotFoundError("Team member not found");
    return { member: googleMember(user, role), user };
  }
  throw new NotFoundError("Team member not found");
}

/** The Users screen (admins too) cannot take someone off the team: an owner does, on the Team screen. */
export const ON_TEAM_MESSAGE = "This person is on the team: an owner takes them off it on the Team screen first.";
export const OWNERS_ONLY_MESSAGE = "Only an owner can change an owner.";

/**
 * The one rule for every change of who is on the team and with which role: only an owner touches
 * an owner, and the last active owner is never removed, demoted or disabled (owners.ts, under
 * concurrency too). `write` makes the change; `after` is the member's state once it is made.
 */
async function changeMember(member: TeamMember, after: { role?: Role; active: boolean }, by: Role, write: () => Promise<void>) {
  if ((member.role === "owner" || after.role === "owner") && by !== "owner") throw new HttpError(403, OWNERS_ONLY_MESSAGE, { code: "owners_only" });
  const wasOwner = member.role === "owner" && member.status === "active";
  const isOwner = after.role === "owner" && after.active;
  if (wasOwner && !isOwner) return Owners.leave(member.id, write);
  await write();
  if (isOwner && !wasOwner) await Owners.join(member.id);
}

async function patchUser(id: string, set: Partial<Pick<User, "admin_role" | "admin_disabled">>) {
  try {
    await db().user.patch({ id }).set(set).go({ response: "none" });
  } catch (err) {
    if (isConditionalFailure(err)) throw new NotFoundError("Team member not found");
    throw err;
  }
}

export const Team = {
  /** Everyone who can sign in (username accounts and Google admins) and the pending invitations, by name. */
  async list(now = Date.now()): Promise<TeamMember[]> {
    return (await members(now)).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  },

  /** A new role, or disabled / enabled. Disabling ends the member's sessions at once; a role applies from their next request. */
  async update(id: string, change: { role?: Role; disabled?: boolean }, by: Role): Promise<TeamMember> {
    if (parseMemberId(id).kind === "invitation") throw new ConflictError("An invitation cannot be changed: remove it and invite again.");
    const { member, account, user } = await find(id);
    const role = change.role ?? member.role;
    const disabled = change.disabled ?? member.status === "disabled";
    await changeMember(member, { role, active: !disabled }, by, async () => {
      if (account) {
        if (change.role !== undefined) await AdminAccounts.setRole(account.username, role);
        if (change.disabled !== undefined) await AdminAccounts.setDisabled(account.username, disabled);
      } else if (user) {
        await patchUser(user.id, { ...(change.role !== undefined ? { admin_role: role } : {}), ...(change.disabled !== undefined ? { admin_disabled: disabled } : {}) });
        if (disabled) await Sessions.endAllFor(subjectOf.user(user.id));
      }
    });
    return { ...member, role, status: disabled ? "disabled" : "active" };
  },

  /**
   * Takes someone off the team and ends their sessions at once: a username account is deleted; a
   * Google admin's user is kept (the Users screen lists it) and marked off the team, which outlasts
   * ADMIN_EMAILS naming them. A pending invitation is withdrawn.
   */
  async remove(id: string, by: Role): Promise<TeamMember> {
    const { kind, key } = parseMemberId(id);
    if (kind === "invitation") return invitedMember(await Invitations.revoke(key, Date.now(), "invite"));
    const { member, account, user } = await find(id);
    await changeMember(member, { active: false }, by, async () => {
      if (account) {
        await AdminAccounts.remove(account.username);
        await Invitations.withdrawResets(account.username);
      } else if (user) {
        await patchUser(user.id, { admin_role: "none" });
        await Sessions.endAllFor(subjectOf.user(user.id));
      }
    });
    return member;
  },

  /**
   * Deletes a Google user's record (the Users screen, admins too). Someone on the team is refused:
   * an owner (403 to anyone else) and any other member (409) are taken off the team on the Team
   * screen. A decision an owner made about the address (taken off the team) is kept, so a later
   * sign-in with it is not let back in.
   */
  async deleteUser(id: string, { signedInAs, by }: { signedInAs?: string; by: Role }) {
    // One's own account first: what the admin is told is that, not that they are on the team.
    if (signedInAs !== undefined && signedInAs === id) throw new ConflictError(SELF_DELETE_MESSAGE);
    const user = await Users.find(id);
    const role = user && googleRole(user);
    if (role === "owner" && by !== "owner") throw new HttpError(403, OWNERS_ONLY_MESSAGE, { code: "owners_only" });
    if (role) throw new ConflictError(ON_TEAM_MESSAGE);
    if (user?.admin_role && user.admin_role !== "admin") {
      await db()
        .googleDecision.upsert({ email: user.email, admin_role: user.admin_role, ...(user.admin_disabled ? { admin_disabled: true } : {}) })
        .go({ response: "none" });
    }
    return Users.remove(id, { signedInAs });
  },

  /** The member behind a team-screen id and whose sessions are theirs (an invitation has none: 404). */
  async sessionSubject(id: string): Promise<{ member: TeamMember; subject: string }> {
    const { member, account, user } = await find(id);
    return { member, subject: account ? subjectOf.admin(account.username) : subjectOf.user(user!.id) };
  },

  /** A password-reset link for a username account (Google admins have no password here). */
  async passwordReset(id: string, createdBy: string, now = Date.now()) {
    const { member, account } = await find(id);
    if (!account) throw new HttpError(409, "Google admins sign in with Google: they have no password here.");
    const link = await Invitations.create({ kind: "reset", username: account.username, account_created_at: account.created_at }, createdBy, now);
    return { member, ...link };
  },
};
