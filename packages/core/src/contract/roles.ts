/**
 * Who may do what in the back office: the permissions admin routes need (routes.ts), the roles and
 * the one role -> permissions map. Part of the contract: the session answers a role's permissions,
 * and the back office hides what a role lacks with the same map the guard enforces. No dependencies.
 */

/**
 * What an admin route needs. `account` is what every signed-in admin may do with their own session
 * (who am I); `dashboard` the Overview, whose lead figures need `messages` / `registrations` too.
 */
export const permissions = ["account", "dashboard", "content", "blog", "media", "messages", "registrations", "users", "settings", "audit", "team", "trash", "backup"] as const;
export type Permission = (typeof permissions)[number];

export const roles = ["owner", "admin", "editor"] as const;
export type Role = (typeof roles)[number];

/** The one role -> permissions map: the guard enforces it, the back office hides what a role lacks. */
export const rolePermissions: Readonly<Record<Role, readonly Permission[]>> = {
  owner: permissions,
  // The team and the whole site's export and import (every lead, the site replaced) are the owner's.
  admin: permissions.filter((p) => p !== "team" && p !== "backup"),
  editor: ["account", "dashboard", "content", "blog", "media"],
};

/** Whether a role has a permission; an unknown role (or a name inherited from Object) has none. */
export const roleCan = (role: string, permission: Permission): boolean => Object.hasOwn(rolePermissions, role) && rolePermissions[role as Role].includes(permission);
