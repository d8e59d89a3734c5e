import { useMemo, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { BadgeCheck, Copy, Trash2, UserCheck, UserPlus, Users as UsersIcon, UserX } from "lucide-react";
import { userRoleLabels, type AdminUser, type UserListFilters, type UserRole } from "@agency/core/contract/admin";
import { Badge, type BadgeTone } from "../../components/admin/badge";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SearchBox, SelectFilter, useDebouncedValue } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { RowAction } from "../../components/admin/row-actions";
import { StatCard, StatGrid } from "../../components/admin/stat-card";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { activityOf, initialsOf } from "../../features/users/activity";
import { useDeleteUser, useUsers, useUserStats } from "../../features/users/admin-api";

const sortOptions = [
  { value: "created_at", label: "Sort by Join Date" },
  { value: "last_login_at", label: "Sort by Last Login" },
  { value: "name", label: "Sort by Name" },
  { value: "email", label: "Sort by Email" },
];
const orderOptions = [
  { value: "desc", label: "Newest First" },
  { value: "asc", label: "Oldest First" },
];

const roleTones: Record<UserRole, BadgeTone> = { admin_account: "indigo", admin_google: "purple", no_access: "slate" };

/** The name shown: a Google user's name, an account's full name or username, else 'Unknown'. */
const nameOf = (u: AdminUser) => (u.kind === "google" ? u.google_user_data.name : u.full_name || u.username) || "Unknown";

/** The Google picture when there is one, else initials drawn here (no outside image service). */
function Avatar({ user }: { user: AdminUser }) {
  const [failed, setFailed] = useState(false);
  const picture = user.kind === "google" ? user.google_user_data.picture : undefined;
  if (picture && /^https:\/\//i.test(picture) && !failed) {
    return <img src={picture} alt="" referrerPolicy="no-referrer" onError={() => setFailed(true)} className="h-10 w-10 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-purple-100 text-sm font-semibold text-purple-800">
      {user.kind === "google" ? initialsOf(user.google_user_data.name, user.email) : initialsOf(user.full_name, user.username)}
    </span>
  );
}

type GoogleRow = Extract<AdminUser, { kind: "google" }>;

function userColumns(actions: { onCopy: (u: GoogleRow) => void; onDelete: (u: AdminUser) => void }): ColumnDef<AdminUser>[] {
  return [
    {
      id: "user",
      header: "User",
      meta: { className: "min-w-[12rem]" },
      cell: ({ row: { original: u } }) => (
        <div className="flex items-center gap-3">
          <Avatar user={u} />
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{nameOf(u)}</p>
            <p className="text-xs break-all text-slate-600">{u.kind === "google" ? `ID: ${u.id}` : `@${u.username}`}</p>
          </div>
        </div>
      ),
    },
    {
      id: "email",
      header: "Email",
      meta: { className: "min-w-[12rem]" },
      cell: ({ row: { original: u } }) =>
        u.kind === "google" ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="[overflow-wrap:anywhere]">{u.email}</span>
            {u.google_user_data.email_verified && (
              <Badge tone="green" icon={BadgeCheck}>
                Verified
              </Badge>
            )}
          </span>
        ) : (
          <span className="text-slate-600">No email (username account)</span>
        ),
    },
    {
      id: "role",
      header: "Role",
      cell: ({ row: { original: u } }) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={roleTones[u.role]}>{userRoleLabels[u.role]}</Badge>
          {u.kind === "account" && u.disabled && <Badge tone="red">Disabled</Badge>}
        </span>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row: { original: u } }) => {
        const a = activityOf(u.last_login_at);
        return <Badge tone={a.tone}>{a.label}</Badge>;
      },
    },
    dateColumn<AdminUser>("created_at", "Joined", (u) => u.created_at, { wrap: true }),
    dateColumn<AdminUser>("last_login_at", "Last Login", (u) => u.last_login_at, { empty: "Never", wrap: true }),
    // An admin account is managed from the shell (`npm run admin -- disable <username>`), not here.
    actionsColumn<AdminUser>((u) =>
      u.kind === "google" ? (
        <>
          <RowAction label="Copy email" icon={Copy} onClick={() => actions.onCopy(u)} />
          <RowAction label="Delete user" icon={Trash2} danger onClick={() => actions.onDelete(u)} />
        </>
      ) : null,
    ),
  ];
}

/** /admin/users: 'User Management', the username admin accounts and everyone who signed in with Google, with their role. */
export default function UsersPage() {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<UserListFilters["sort"]>("created_at");
  const [order, setOrder] = useState<UserListFilters["order"]>("desc");
  const q = useDebouncedValue(search.trim(), 300);
  const filters: UserListFilters = useMemo(() => ({ q, sort, order }), [q, sort, order]);

  const list = useUsers(filters);
  const stats = useUserStats();
  const remove = useDeleteUser();
  const toast = useToast();

  const [confirmDialog, deleteUser] = useConfirmedDelete<AdminUser>({
    title: "Delete user",
    message: "Are you sure you want to delete this user? This action cannot be undone.",
    remove: (u) => remove.mutateAsync(u.id),
    success: "User deleted",
    fallback: "Failed to delete the user",
    onReload: () => list.refetch(),
  });

  const columns = useMemo(
    () =>
      userColumns({
        onCopy: (u) =>
          navigator.clipboard.writeText(u.email).then(
            () => toast.success(`Copied ${u.email}`),
            () => toast.error("Could not copy the email address"),
          ),
        onDelete: deleteUser,
      }),
    [deleteUser, toast],
  );

  return (
    <div>
      <PageHeader title="User Management" />
      <StatGrid label="User counts">
        <StatCard label="Total Users" value={stats.data?.total} icon={UsersIcon} tone="purple" />
        <StatCard label="Active (7 days)" value={stats.data?.active_7d} icon={UserCheck} tone="green" />
        <StatCard label="New (30 days)" value={stats.data?.new_30d} icon={UserPlus} tone="blue" />
        <StatCard label="Inactive (30+ days)" value={stats.data?.inactive_30d} icon={UserX} tone="red" />
      </StatGrid>

      <FilterBar label="Filter users">
        <SearchBox label="Search users" placeholder="Search by name or email..." value={search} onChange={setSearch} />
        <SelectFilter label="Sort by" value={sort} onChange={(v) => setSort(v as UserListFilters["sort"])} options={sortOptions} />
        <SelectFilter label="Order" value={order} onChange={(v) => setOrder(v as UserListFilters["order"])} options={orderOptions} />
      </FilterBar>

      <DataTable
        caption="Users"
        {...fromPagedList(list)}
        columns={columns}
        getRowId={(u) => u.id}
        empty={<EmptyState icon={UsersIcon} title="No users found" hint={q ? "Try adjusting your search term" : "Users will appear here once they sign up"} />}
      />
      {confirmDialog}
    </div>
  );
}
