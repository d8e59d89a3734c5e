import type { UseQueryResult } from "@tanstack/react-query";
import { LogOut, MonitorSmartphone } from "lucide-react";
import type { SessionSummary } from "@agency/core/contract/sessions";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge } from "../../components/admin/badge";
import { actionOutline, textAction } from "../../components/admin/classes";
import { useConfirm, type ConfirmOptions } from "../../components/admin/confirm-dialog";
import { LoadFailed } from "../../components/admin/load-failed";
import { SettingsRow, SettingsSection } from "../../components/admin/settings-section";
import { useToast } from "../../components/admin/toasts";
import { Spinner } from "../../components/spinner";
import { counted, formatDateTime } from "../../lib/format";
import { useEndOtherSessions, useEndSession, useSessions } from "./api";
import { describeUserAgent } from "./user-agent";

/** "Chrome 131 on macOS", from the session's user agent. */
export function sessionDevice(s: Pick<SessionSummary, "user_agent">): string {
  const { browser, system } = describeUserAgent(s.user_agent);
  return `${browser} on ${system}`;
}

function SessionRow({ session, onEnd, busy }: { session: SessionSummary; onEnd: () => void; busy: boolean }) {
  const device = sessionDevice(session);
  return (
    <SettingsRow
      testId="session-row"
      icon={MonitorSmartphone}
      titleHint={session.user_agent || undefined}
      title={
        <>
          {device}
          {session.current && <Badge tone="green">This browser</Badge>}
        </>
      }
      meta={`Signed in ${formatDateTime(session.created_at)} · Last active ${formatDateTime(session.last_seen_at)}${session.ip ? ` · ${session.ip}` : ""}`}
      action={
        !session.current && (
          <button type="button" className={textAction} onClick={onEnd} disabled={busy} aria-label={`End session: ${device}, signed in ${formatDateTime(session.created_at)}`}>
            <LogOut aria-hidden="true" className="h-3.5 w-3.5" />
            End session
          </button>
        )
      }
    />
  );
}

/** The question before a session ends. */
export const endSessionQuestion = (s: SessionSummary): ConfirmOptions => ({
  title: "End session",
  message: `End the session of ${sessionDevice(s)}? That browser is signed out at once.`,
  confirmLabel: "End session",
});

/**
 * A list of sessions (one's own on Account & security, a member's on the Team screen): loading,
 * failed with Retry, or the rows, each but this browser's with 'End session'.
 */
export function SessionList({
  sessions,
  label,
  empty,
  onEnd,
  busy,
}: {
  sessions: UseQueryResult<SessionSummary[]>;
  label: string;
  /** Shown when there are none (a member signed in nowhere). */
  empty?: string;
  onEnd: (s: SessionSummary) => void;
  busy: boolean;
}) {
  if (sessions.isPending) return <Spinner label="Loading sessions" className="py-6" />;
  if (sessions.isError) return <LoadFailed onRetry={() => sessions.refetch()} />;
  if (!sessions.data.length && empty) return <p className="py-4 text-sm text-slate-600">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200">
      {sessions.data.map((s) => (
        <SessionRow key={s.id} session={s} onEnd={() => onEnd(s)} busy={busy} />
      ))}
    </ul>
  );
}

/**
 * 'Sessions' of Account & security: where this account is signed in (browser and system, address,
 * when), this browser marked; ending one signs that browser out at once, or all the others.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [confirmDialog, confirm] = useConfirm();
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const canHavePasskeys = sessions.data?.find((s) => s.current)?.can_have_passkeys === true;

  async function endOne(s: SessionSummary) {
    if (!(await confirm(endSessionQuestion(s)))) return;
    end.mutate(s.id, {
      onSuccess: () => toast.success("Session ended"),
      onError: (err) => showError(err, { fallback: "Failed to end the session" }),
    });
  }

  async function endAllOthers() {
    const ok = await confirm({
      title: "End all other sessions",
      message: `End ${counted(others.length, "other session")}? Every other browser signed in to this account is signed out at once.`,
      confirmLabel: "End sessions",
    });
    if (!ok) return;
    // A passkey a stolen session added would outlive it: the owner may remove the recent ones too,
    // when this account can have passkeys at all (not one signed in with Google or Development Login).
    const removeRecentPasskeys =
      canHavePasskeys &&
      (await confirm({
        title: "Remove recent passkeys",
        message: "Also remove the passkeys added to this account in the last 24 hours?",
        confirmLabel: "Remove them",
        cancelLabel: "Keep them",
      }));
    endOthers.mutate(removeRecentPasskeys, {
      onSuccess: ({ ended, passkeys_removed }) => toast.success(`${counted(ended, "session")} ended${passkeys_removed ? `, ${counted(passkeys_removed, "passkey")} removed` : ""}`),
      onError: (err) => showError(err, { fallback: "Failed to end the other sessions" }),
    });
  }

  return (
    <SettingsSection
      icon={MonitorSmartphone}
      title="Sessions"
      description="Where your account is signed in. End any you do not recognise."
      aside={
        others.length > 0 && (
          <button type="button" className={actionOutline} onClick={() => void endAllOthers()} disabled={endOthers.isPending}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            End all other sessions
          </button>
        )
      }
    >
      <SessionList sessions={sessions} label="Your sessions" onEnd={(s) => void endOne(s)} busy={end.isPending} />
      {confirmDialog}
    </SettingsSection>
  );
}
