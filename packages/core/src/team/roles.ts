import { isAuthorisedEmail } from "../auth/allow-list";
import type { AdminAccount } from "../auth/admin-accounts";
import { config } from "../config";
import type { Role } from "../contract/roles";
import type { EntityItem } from "electrodb";
import type { UserEntity } from "../users/entity";

/** A Google user as stored (users/entity.ts; not users.ts, which imports this module). */
type User = EntityItem<typeof UserEntity>;

/**
 * Who has which role, read from the person's own record on every request (the guard Gets it anyway),
 * so a change takes effect at the next request. A username account without a stored role is an
 * owner when it is ADMIN_USERNAME's (the first owner) and an admin otherwise (accounts made before
 * roles existed could do everything an admin can).
 */
export function accountRole(account: Pick<AdminAccount, "username" | "role">): Role {
  if (account.role) return account.role;
  return account.username === config.adminUsername?.trim().toLowerCase() ? "owner" : "admin";
}

/**
 * A Google user's role on the team, or undefined when they are not on it. Deny by default: only a
 * role stored on the user counts (a sign-in stores `admin` for an address ADMIN_EMAILS names the
 * first time, users/users.ts), and ADMIN_EMAILS must still name the verified address; `none` is
 * an owner's removal. Disabled members keep their role (team/team.ts shows them).
 */
export function googleRole(user: Pick<User, "email" | "google_user_data" | "admin_role">): Role | undefined {
  if (!user.admin_role || user.admin_role === "none") return undefined;
  if (!isAuthorisedEmail(user.email, user.google_user_data?.email_verified)) return undefined;
  return user.admin_role;
}

/** The role a Google user signs in to the back office with, or undefined (not on the team, or disabled). */
export const activeGoogleRole = (user: Pick<User, "email" | "google_user_data" | "admin_role" | "admin_disabled">): Role | undefined =>
  user.admin_disabled ? undefined : googleRole(user);

/**
 * The two-factor state of an account, read defensively: the fields belong to two-factor sign-in
 * (`totp_enabled`, `passkey_count`); an account without them has neither.
 */
export function twoFactorOf(account: object): { totp: boolean; passkeys: number } {
  const a = account as { totp_enabled?: unknown; passkey_count?: unknown; passkeys?: unknown };
  const count = typeof a.passkey_count === "number" ? a.passkey_count : Array.isArray(a.passkeys) ? a.passkeys.length : 0;
  return { totp: a.totp_enabled === true, passkeys: count };
}
