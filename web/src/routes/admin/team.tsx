import { useId, useMemo, useState, type FormEvent } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { KeyRound, MonitorSmartphone, ShieldCheck, Trash2, UserCheck, UserPlus, UserX } from "lucide-react";
import type { SessionSummary } from "@agency/core/contract/sessions";
import { roleLabels, type TeamLink, type TeamMember, type TeamStatus } from "@agency/core/contract/team";
import { roles, type Role } from "@agency/core/contract/roles";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge, type BadgeTone } from "../../components/admin/badge";
import { actionPrimary, fieldControl } from "../../components/admin/classes";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { useConfirm } from "../../components/admin/confirm-dialog";
import { DataTable } from "../../components/admin/data-table";
import { DialogHeader } from "../../components/admin/dialog-header";
import { EmptyState } from "../../components/admin/empty-state";
import { SelectField, TextField } from "../../components/admin/form-fields";
import { FormActions } from "../../components/admin/form-actions";
import { PageHeader } from "../../components/admin/page-header";
import { RowAction } from "../../components/admin/row-actions";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { Modal } from "../../components/ui/modal";
import { endSessionQuestion, SessionList } from "../../features/account/sessions-section";
import { PendingLinks } from "../../features/team/pending-links";
import { LinkDialog, LinkResult, linkUse } from "../../features/team/team-link";
import { useEndMemberSession, useInvite, useMemberSessions, usePasswordReset, useRemoveMember, useTeam, useUpdateMember } from "../../features/team/admin-api";
import { formatDateTime } from "../../lib/format";

const roleOptions = roles.map((r) => ({ value: r, label: roleLabels[r] }));
const statusBadges: Record<TeamStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: "green", label: "Active" },
  disabled: { tone: "red", label: "Disabled" },
  invited: { tone: "amber", label: "Invited" },
};
const roleHints: Record<Role, string> = {
  owner: "Everything, including the team.",
  admin: "Everything but the team.",
  editor: "Content, blog posts, courses, service details, policies and media. No messages, registrations, users, settings, team or activity.",
};

/** Invite someone: a username (or leave it to them), an email to remember them by, a role; then the link. */
function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const invite = useInvite();
  const showError = useApiErrorHandler();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [link, setLink] = useState<TeamLink | null>(null);

  const close = () => {
    setUsername("");
    setEmail("");
    setRole("editor");
    setErrors({});
    setLink(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const input = { role, ...(username.trim() ? { username: username.trim() } : {}), ...(email.trim() ? { email: email.trim() } : {}) };
    invite.mutate(input, { onSuccess: setLink, onError: (err) => showError(err, { fallback: "Failed to create the invitation", setFieldErrors: setErrors }) });
  };

  return (
    <Modal open={open} onClose={close} labelledBy={titleId} width="max-w-lg">
      <DialogHeader id={titleId} title="Invite someone" onClose={close} />
      <div className="p-6">
        {link ? (
          <div className="space-y-4">
            <LinkResult link={link} what={linkUse.invite} />
            <div className="flex justify-end">
              <button type="button" className={actionPrimary} onClick={close}>
                Done
              </button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <TextField label="Username" value={username} onChange={setUsername} error={errors.username} autoComplete="off" hint="Leave empty to let them choose one." />
            <TextField label="Email" type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="off" hint="Kept with the account; no email is sent." />
            <SelectField label="Role" value={role} onChange={(v) => setRole(v as Role)} options={roleOptions} error={errors.role} hint={roleHints[role]} required />
            <FormActions className="flex justify-end gap-2" onCancel={close} pending={invite.isPending} label="Create invitation link" pendingLabel="Creating link..." />
          </form>
        )}
      </div>
    </Modal>
  );
}

/** A member's sessions (browser and system, address, when); ending one signs that browser out at once. */
function MemberSessionsDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const titleId = useId();
  const sessions = useMemberSessions(member?.id ?? null);
  const end = useEndMemberSession(member?.id ?? "");
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [confirmDialog, confirm] = useConfirm();

  async function endOne(s: SessionSummary) {
    if (!(await confirm(endSessionQuestion(s)))) return;
    end.mutate(s.id, {
      onSuccess: () => toast.success("Session ended"),
      onError: (err) => showError(err, { fallback: "Failed to end the session" }),
    });
  }

  return (
    <Modal open={member !== null} onClose={onClose} labelledBy={titleId} width="max-w-xl">
      <DialogHeader id={titleId} title={`Sessions of ${member?.name ?? ""}`} onClose={onClose} />
      <div className="p-6">
        <p className="mb-2 text-sm text-slate-600">Where they are signed in. Ending a session signs that browser out at once.</p>
        <SessionList sessions={sessions} label={`Sessions of ${member?.name ?? ""}`} empty="Not signed in anywhere." onEnd={(s) => void endOne(s)} busy={end.isPending} />
      </div>
      {confirmDialog}
    </Modal>
  );
}

interface RowActions {
  onRole: (m: TeamMember, role: Role) => void;
  onToggle: (m: TeamMember) => void;
  onReset: (m: TeamMember) => void;
  onSessions: (m: TeamMember) => void;
  onRemove: (m: TeamMember) => void;
}

function teamColumns(actions: RowActions): ColumnDef<TeamMember>[] {
  return [
    {
      id: "member",
      header: "Member",
      meta: { className: "min-w-[12rem]" },
      cell: ({ row: { original: m } }) => (
        <div className="min-w-0">
          <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">{m.name}</p>
          <p className="text-xs break-all text-slate-600">
            {m.kind === "google" ? `Google: ${m.email}` : [m.username && `@${m.username}`, m.email].filter(Boolean).join(" · ") || "Username chosen on accepting"}
          </p>
        </div>
      ),
    },
    {
      id: "role",
      header: "Role",
      // Room for the widest role in the select (it fills its cell).
      meta: { className: "min-w-[7.5rem]" },
      cell: ({ row: { original: m } }) =>
        m.kind === "invitation" ? (
          <Badge tone="slate">{roleLabels[m.role]}</Badge>
        ) : (
          <select aria-label={`Role of ${m.name}`} value={m.role} onChange={(e) => actions.onRole(m, e.target.value as Role)} className={`${fieldControl} w-auto py-1`}>
            {roleOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ),
    },
    {
      id: "status",
      header: "Status",
      meta: { className: "min-w-[8rem]" },
      cell: ({ row: { original: m } }) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={statusBadges[m.status].tone}>{statusBadges[m.status].label}</Badge>
          {m.expires_at && <span className="text-xs text-slate-600">Until {formatDateTime(m.expires_at)}</span>}
        </span>
      ),
    },
    {
      id: "two_factor",
      header: "Two-factor",
      cell: ({ row: { original: m } }) => {
        if (m.kind === "google") return <span className="text-sm text-slate-600">Google account</span>;
        if (m.kind === "invitation") return <span className="text-sm text-slate-600">—</span>;
        const on = [m.two_factor.totp && "Authenticator app", m.two_factor.passkeys > 0 && `${m.two_factor.passkeys} passkey${m.two_factor.passkeys === 1 ? "" : "s"}`].filter(
          Boolean,
        );
        return on.length ? <Badge tone="green">{on.join(", ")}</Badge> : <Badge tone="slate">Off</Badge>;
      },
    },
    dateColumn<TeamMember>("last_login_at", "Last sign-in", (m) => m.last_login_at, { empty: "Never", wrap: true }),
    actionsColumn<TeamMember>((m) =>
      m.kind === "invitation" ? (
        <RowAction label={`Withdraw the invitation of ${m.name}`} icon={Trash2} danger onClick={() => actions.onRemove(m)} />
      ) : (
        <>
          <RowAction label={`Sessions of ${m.name}`} icon={MonitorSmartphone} onClick={() => actions.onSessions(m)} />
          {m.kind === "account" && <RowAction label={`Password-reset link for ${m.name}`} icon={KeyRound} onClick={() => actions.onReset(m)} />}
          <RowAction
            label={m.status === "disabled" ? `Enable ${m.name}` : `Disable ${m.name}`}
            icon={m.status === "disabled" ? UserCheck : UserX}
            onClick={() => actions.onToggle(m)}
          />
          <RowAction label={`Remove ${m.name}`} icon={Trash2} danger onClick={() => actions.onRemove(m)} />
        </>
      ),
    ),
  ];
}

/** /admin/team (owners): who can sign in, their role and status; invitations and reset links. */
export default function TeamPage() {
  const team = useTeam();
  // The mutations' mutate, not their changing state: new columns would remount the rows' buttons and lose focus.
  const { mutate: updateMember } = useUpdateMember();
  const remove = useRemoveMember();
  const { mutate: makeResetLink } = usePasswordReset();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [confirmDialog, confirm] = useConfirm();
  const [inviting, setInviting] = useState(false);
  const [resetFor, setResetFor] = useState<{ member: TeamMember; link: TeamLink } | null>(null);
  const [sessionsOf, setSessionsOf] = useState<TeamMember | null>(null);

  const [removeDialog, requestRemove] = useConfirmedDelete<TeamMember>({
    title: "Remove from the team",
    message: "Are you sure? They are signed out at once and can no longer sign in.",
    confirmLabel: "Remove",
    remove: (m) => remove.mutateAsync(m.id),
    success: "Removed from the team",
    fallback: "Failed to remove the member",
  });

  const columns = useMemo(
    () =>
      teamColumns({
        onRole: (m, role) =>
          updateMember(
            { id: m.id, role },
            {
              onSuccess: () => toast.success(`${m.name} is now ${role === "admin" || role === "owner" ? "an" : "a"} ${roleLabels[role].toLowerCase()}`),
              onError: (err) => showError(err, { fallback: "Failed to change the role" }),
            },
          ),
        onToggle: async (m) => {
          const disabling = m.status !== "disabled";
          if (
            disabling &&
            !(await confirm({ title: `Disable ${m.name}`, message: "They are signed out at once and cannot sign in until enabled again.", confirmLabel: "Disable" }))
          )
            return;
          updateMember(
            { id: m.id, disabled: disabling },
            {
              onSuccess: () => toast.success(disabling ? `${m.name} is disabled` : `${m.name} is enabled`),
              onError: (err) => showError(err, { fallback: "Failed to change the member" }),
            },
          );
        },
        onReset: (m) =>
          makeResetLink(m.id, { onSuccess: (link) => setResetFor({ member: m, link }), onError: (err) => showError(err, { fallback: "Failed to make a reset link" }) }),
        onSessions: setSessionsOf,
        onRemove: (m) => void requestRemove(m),
      }),
    [updateMember, makeResetLink, toast, showError, confirm, requestRemove],
  );

  return (
    <div>
      <PageHeader
        title="Team"
        description="Everyone who can sign in to the back office, and what their role lets them do."
        actions={
          <button type="button" className={actionPrimary} onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Invite
          </button>
        }
      />
      <dl className="mb-6 grid gap-3 sm:grid-cols-3">
        {roles.map((r) => (
          <div key={r} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-900">{roleLabels[r]}</dt>
            <dd className="mt-1 text-sm text-slate-700">{roleHints[r]}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        caption="Team"
        data={team.data ?? []}
        isLoading={team.isPending}
        error={team.error}
        onRetry={() => void team.refetch()}
        columns={columns}
        getRowId={(m) => m.id}
        empty={<EmptyState icon={ShieldCheck} title="Nobody yet" hint="Invite someone to give them access." />}
      />
      <PendingLinks team={team.data ?? []} />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <MemberSessionsDialog member={sessionsOf} onClose={() => setSessionsOf(null)} />
      <LinkDialog title={`Password-reset link for ${resetFor?.member.name ?? ""}`} link={resetFor?.link ?? null} what={linkUse.reset} onClose={() => setResetFor(null)} />
      {confirmDialog}
      {removeDialog}
    </div>
  );
}
