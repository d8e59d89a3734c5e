import { useMemo, useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { Ban, Link2, MailCheck } from "lucide-react";
import { roleLabels, type PendingLink, type TeamLink, type TeamMember } from "@agency/core/contract/team";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge } from "../../components/admin/badge";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { DataTable } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { RowAction } from "../../components/admin/row-actions";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useShowLink, useTeamLinks, useWithdrawLink } from "./admin-api";
import { LinkDialog, linkUse } from "./team-link";

const kindLabels: Record<PendingLink["kind"], string> = { invite: "Invitation", reset: "Password reset" };
const linkNames: Record<PendingLink["kind"], string> = { invite: "invitation link", reset: "password-reset link" };

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Who a link is for, in words: its username, else its email, else that the invitee chooses one. */
export const linkFor = (l: PendingLink) => (l.username ? `@${l.username}` : (l.email ?? "Username chosen on accepting"));

function linkColumns(roleOf: (l: PendingLink) => string, onShow: (l: PendingLink) => void, onWithdraw: (l: PendingLink) => void): ColumnDef<PendingLink>[] {
  return [
    {
      id: "kind",
      header: "Kind",
      meta: { className: "whitespace-nowrap" },
      cell: ({ row: { original: l } }) => <Badge tone={l.kind === "invite" ? "amber" : "blue"}>{kindLabels[l.kind]}</Badge>,
    },
    {
      id: "for",
      header: "For",
      meta: { className: "min-w-[10rem]" },
      cell: ({ row: { original: l } }) => (
        <div className="min-w-0">
          <p className="font-semibold break-all text-slate-900">{linkFor(l)}</p>
          {l.username && l.email && <p className="text-xs break-all text-slate-600">{l.email}</p>}
        </div>
      ),
    },
    { id: "role", header: "Role", cell: ({ row: { original: l } }) => roleOf(l) },
    dateColumn<PendingLink>("expires_at", "Expires", (l) => l.expires_at, { wrap: true }),
    actionsColumn<PendingLink>((l) => (
      <>
        <RowAction label={`Show the ${linkNames[l.kind]} for ${linkFor(l)}`} icon={Link2} onClick={() => onShow(l)} />
        <RowAction label={`Withdraw the ${linkNames[l.kind]} for ${linkFor(l)}`} icon={Ban} danger onClick={() => onWithdraw(l)} />
      </>
    )),
  ];
}

/**
 * The invitation and password-reset links not yet used nor expired (owners): each shown again with
 * Copy, or withdrawn so it stops working. A reset link's role is its account's, read from the team.
 */
export function PendingLinks({ team }: { team: readonly TeamMember[] }) {
  const links = useTeamLinks();
  // mutate, not the mutation: its state changes on every call, and new columns would remount the row's buttons (losing focus).
  const { mutate: showLink } = useShowLink();
  const withdraw = useWithdrawLink();
  const showError = useApiErrorHandler();
  const [shown, setShown] = useState<{ link: PendingLink; url: TeamLink } | null>(null);

  const [withdrawDialog, requestWithdraw] = useConfirmedDelete<PendingLink>({
    title: "Withdraw the link",
    message: "It stops working at once; you can make a new one later.",
    confirmLabel: "Withdraw",
    remove: (l) => withdraw.mutateAsync(l.id),
    success: "Link withdrawn",
    fallback: "Failed to withdraw the link",
  });

  const columns = useMemo(() => {
    const roles = new Map(team.map((m) => [m.id, m.role]));
    const roleOf = (l: PendingLink) => {
      const role = l.role ?? (l.username ? roles.get(`account.${l.username}`) : undefined);
      return role ? roleLabels[role] : "—";
    };
    return linkColumns(
      roleOf,
      (l) => showLink(l.id, { onSuccess: (url) => setShown({ link: l, url }), onError: (err) => showError(err, { fallback: "Failed to show the link" }) }),
      (l) => void requestWithdraw(l),
    );
  }, [team, showLink, showError, requestWithdraw]);

  return (
    <section aria-labelledby="pending-links" className="mt-8">
      <h2 id="pending-links" className="mb-1 text-lg font-semibold text-slate-900">
        Pending links
      </h2>
      <p className="mb-3 text-sm text-slate-600">Invitation and password-reset links not yet used. Each works once, until it expires.</p>
      <DataTable
        caption="Pending links"
        data={links.data ?? []}
        isLoading={links.isPending}
        error={links.error}
        onRetry={() => void links.refetch()}
        columns={columns}
        getRowId={(l) => l.id}
        empty={<EmptyState icon={MailCheck} title="No pending links" hint="Invitation and password-reset links appear here until they are used or expire." />}
      />
      <LinkDialog
        title={shown ? `${capitalised(linkNames[shown.link.kind])} for ${linkFor(shown.link)}` : ""}
        link={shown?.url ?? null}
        what={shown ? linkUse[shown.link.kind] : ""}
        onClose={() => setShown(null)}
      />
      {withdrawDialog}
    </section>
  );
}
