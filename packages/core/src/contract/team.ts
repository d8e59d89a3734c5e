import * as z from "./zod";
import { roles, type Permission, type Role } from "./roles";
import { usernameSchema } from "./auth";
import { email } from "./common";

/**
 * The team's wire contract (isomorphic: the handler validates with it, the Team screen and the
 * invitation page type their calls with it).
 */

export const roleLabels: Record<Role, string> = { owner: "Owner", admin: "Admin", editor: "Editor" };
/** The article a role takes in a sentence: "an owner", "an admin", "an editor". */
export const roleArticle = (role: Role) => (/^[aeiou]/.test(role) ? "an" : "a");
export const roleSchema = z.enum(roles, { error: "Role must be owner, admin or editor" });

/** Who is signed in, with what they may do: GET /api/admin/me adds these to SPEC's answer. */
export interface RoleGrant {
  role: Role;
  permissions: Permission[];
}

export const teamStatuses = ["active", "disabled", "invited"] as const;
export type TeamStatus = (typeof teamStatuses)[number];

/** GET /api/admin/team: everyone who can sign in, and the invitations not yet accepted. */
export interface TeamMember {
  /** `account.<username>`, `google.<user id>` or `invitation.<id>`. */
  id: string;
  kind: "account" | "google" | "invitation";
  name: string;
  username: string | null;
  email: string | null;
  role: Role;
  status: TeamStatus;
  two_factor: { totp: boolean; passkeys: number };
  last_login_at: string | null;
  created_at: string;
  /** An invitation's end. */
  expires_at: string | null;
}

export const invitationInput = z.lazy(() =>
  z.strictObject({
    username: z.optional(usernameSchema),
    email: z.optional(
      z.pipe(
        email,
        z.transform((v: string) => v.toLowerCase()),
      ),
    ),
    role: roleSchema,
  }),
);
export type InvitationInput = z.input<typeof invitationInput>;

export const teamMemberUpdate = z.lazy(() =>
  z
    .strictObject({
      role: z.optional(roleSchema),
      disabled: z.optional(z.boolean({ error: "disabled must be true or false" })),
    })
    .check(z.refine((v) => v.role !== undefined || v.disabled !== undefined, { path: ["role"], message: "Send a role or disabled" })),
);

/** A link an owner hands out: POST /api/admin/team/invitations and POST /api/admin/team/{id}/password-reset. */
export interface TeamLink {
  url: string;
  expires_at: string;
}

/** A link not yet used nor expired: GET /api/admin/team/links (an owner's list, to withdraw or show again). */
export interface PendingLink {
  id: string;
  kind: "invite" | "reset";
  /** The invitation's chosen username (null: the invitee chooses), or the account a reset is for. */
  username: string | null;
  email: string | null;
  role: Role | null;
  /** The audit actor id of the owner who made it. */
  created_by: string;
  created_at: string;
  expires_at: string;
}

/** What the link's page shows: GET /api/team/invitations/{token}. */
export interface InvitationView {
  kind: "invite" | "reset";
  /** Set when the owner chose it (an invitation) or for a reset; null: the invitee chooses one. */
  username: string | null;
  email: string | null;
  role: Role | null;
  expires_at: string;
}

/** POST /api/team/invitations/{token}: the password, and the username when the link has none. */
export const acceptInvitationInput = z.lazy(() =>
  z.strictObject({
    username: z.optional(usernameSchema),
    password: z.string({ error: "Password is required" }),
  }),
);

/** The texts of the links that no longer work (the page shows them as they are). */
export const invitationMessages = {
  used: "This link has already been used. Ask the site owner for a new one.",
  expired: "This link has expired. Ask the site owner for a new one.",
  notFound: "This link is not valid. Check that you copied all of it, or ask the site owner for a new one.",
  usernameTaken: "This username is taken",
  usernameRequired: "Choose a username",
  accountGone: "This link was made for an account that no longer exists. Ask the site owner for a new one.",
  linkNotFound: "Link not found",
  cannotShowAgain: "This link was made before links could be shown again: withdraw it and make a new one.",
} as const;

/** How long a link works. */
export const INVITATION_DAYS = 7;
