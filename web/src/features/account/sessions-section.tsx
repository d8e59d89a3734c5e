import type { UseQueryResult } from "@tanstack/react-query";
import { LogOut, MonitorSmartphone } from "lucide-react";
import type { SessionSummary } from "@agency/core/contract/sessions";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge } from "../../components/admin/badge";
import { actionOutline, panel, textAction } from "../../components/admin/classes";
import { useConfirm, type ConfirmOptions } from "../../components/admin/confirm-dialog";
import { LoadFailed } from "../../components/admin/load-failed";
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
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="session-row">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <MonitorSmartphone aria-hidden="true" className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900" title={session.user_agent || undefined}>
          {device}
          {session.current && <Badge tone="green">This browser</Badge>}
        </p>
        <p className="text-xs text-slate-600">
          Signed in {formatDateTime(session.created_at)} · Last active {formatDateTime(session.last_seen_at)}
          {session.ip ? ` · ${session.ip}` : ""}
        </p>
      </div>
      {!session.current && (
        <button type="button" className={textAction} onClick={onEnd} disabled={busy} aria-label={`End session: ${device}, signed in ${formatDateTime(session.created_at)}`}>
          <LogOut aria-hidden="true" className="h-3.5 w-3.5" />
          End session
        </button>
      )}
    </li>
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
    <ul aria-label={label} className="mt-2 divide-y divide-slate-200">
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
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => toast.success(`${counted(ended, "session")} ended`),
      onError: (err) => showError(err, { fallback: "Failed to end the other sessions" }),
    });
  }

  return (
    <section aria-labelledby="sessions-heading" className={`${panel} p-5`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
            Sessions
          </h2>
          <p className="mt-1 text-sm text-slate-600">Where your account is signed in. End any you do not recognise.</p>
        </div>
        {others.length > 0 && (
          <button type="button" className={actionOutline} onClick={() => void endAllOthers()} disabled={endOthers.isPending}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            End all other sessions
          </button>
        )}
      </div>
      <SessionList sessions={sessions} label="Your sessions" onEnd={(s) => void endOne(s)} busy={end.isPending} />
      {confirmDialog}
    </section>
  );
}
