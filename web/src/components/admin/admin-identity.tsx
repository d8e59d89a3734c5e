import type { AdminMe } from "@agency/core/contract/auth";
import { roleLabels } from "@agency/core/contract/team";

/** The fallback avatar: a generated-initials image (SPEC §9). */
export const initialsAvatar = (name: string) => `https://ui-avatars.com/api/?name=${encodeURIComponent(name)}&background=7c3aed&color=fff&size=96`;

/** The role (Owner, Admin, Editor) and the kind of account: every role has both kinds. */
function RoleAndKind({ me }: { me: AdminMe }) {
  return (
    <p className="text-xs font-medium text-purple-700" data-testid="admin-role">
      {roleLabels[me.role]}
      <span aria-hidden="true"> · </span>
      {me.type === "google" ? "Google Account" : "Username Account"}
    </p>
  );
}

/**
 * Who is signed in (SPEC §2): for a Google account the picture, name and email; for a username
 * account the full name or username and '@username'; then the role and the account's kind
 * ('Owner · Google Account'), not one label for every role.
 */
export function AdminIdentity({ me }: { me: AdminMe }) {
  if (me.type === "google") {
    const data = me.user.google_user_data;
    const name = data.name || me.user.email;
    return (
      <div data-testid="admin-identity" className="flex items-center gap-3">
        <img src={data.picture || initialsAvatar(name)} alt="" referrerPolicy="no-referrer" className="h-10 w-10 shrink-0 rounded-full bg-purple-100 object-cover" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-600">{me.user.email}</p>
          <RoleAndKind me={me} />
        </div>
      </div>
    );
  }
  const name = me.admin.full_name || me.admin.username;
  return (
    <div data-testid="admin-identity" className="flex items-center gap-3">
      <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-purple-600 text-sm font-bold text-white">
        {name.slice(0, 2).toUpperCase()}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-600">@{me.admin.username}</p>
        <RoleAndKind me={me} />
      </div>
    </div>
  );
}
