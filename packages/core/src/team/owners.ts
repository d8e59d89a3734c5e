import { AdminAccounts } from "../auth/admin-accounts";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError } from "../errors";
import { Users } from "../users/users";
import { accountRole, activeGoogleRole } from "./roles";

export const LAST_OWNER_MESSAGE = "The site needs an owner: make someone else an owner first.";

/** The active owners as the records say: username accounts and Google users (team-screen ids). */
export async function activeOwnersOnRecord(): Promise<string[]> {
  const [accounts, users] = await Promise.all([AdminAccounts.list(), Users.listAll()]);
  return [
    ...accounts.filter((a) => !a.disabled && accountRole(a) === "owner").map((a) => `account.${a.username}`),
    ...users.filter((u) => activeGoogleRole(u) === "owner").map((u) => `google.${u.id}`),
  ];
}

async function stored(): Promise<Set<string> | undefined> {
  const { data } = await db().teamOwners.get({}).go({ consistent: true });
  return data ? new Set(data.owners ?? []) : undefined;
}

/** The owners item, built from the records the first time it is needed (an existing table). */
async function ensure(): Promise<Set<string>> {
  const found = await stored();
  if (found) return found;
  const owners = await activeOwnersOnRecord();
  try {
    await db()
      .teamOwners.create({ built_at: new Date().toISOString(), ...(owners.length ? { owners } : {}) })
      .go({ response: "none" });
  } catch (err) {
    if (!isConditionalFailure(err)) throw err; // built at the same moment by another request
  }
  return (await stored())!;
}

/**
 * The one rule for the team's owners: the site always keeps an active owner. Every change that
 * makes or ends an owner (a role, disabling, removal; the team screen, invitations, the shell) goes
 * through `join` and `leave`.
 */
export const Owners = {
  /** Counts a member as an active owner, after the write that made them one. */
  async join(id: string): Promise<void> {
    await ensure();
    await db()
      .teamOwners.update({})
      .add({ owners: [id] })
      .go({ response: "none" });
  },

  /** No longer counts a member (the shell's recovery tool: no condition). */
  async forget(id: string): Promise<void> {
    await ensure();
    await db()
      .teamOwners.update({})
      .delete({ owners: [id] })
      .go({ response: "none" });
  },

  /**
   * Ends a member's ownership with `write` (a demotion, disabling, removal), or refuses with 409
   * when they are the last active owner. First the records must name another active owner (an
   * address taken off ADMIN_EMAILS is no owner, whatever the item says); then the member's id leaves
   * the owners item under the condition that another id stays, so of two owners ending each other's
   * ownership at once only one succeeds. If the write fails, the id goes back.
   */
  async leave(id: string, write: () => Promise<void>): Promise<void> {
    const owners = await ensure();
    if (!(await activeOwnersOnRecord()).some((other) => other !== id)) throw new ConflictError(LAST_OWNER_MESSAGE);
    let counted = owners.has(id);
    if (counted) {
      try {
        await db()
          .teamOwners.update({})
          .delete({ owners: [id] })
          .where((a, { contains, size, escape }) => `${contains(a.owners, id)} AND ${size(a.owners)} > ${escape(1)}`)
          .go({ response: "none" });
      } catch (err) {
        if (!isConditionalFailure(err)) throw err;
        // Either the last one left, or another request already took this id out (the same change).
        if ((await stored())?.has(id)) throw new ConflictError(LAST_OWNER_MESSAGE);
        counted = false;
      }
    }
    try {
      await write();
    } catch (err) {
      if (counted) await Owners.join(id);
      throw err;
    }
  },
};
