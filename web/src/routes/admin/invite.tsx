import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, KeyRound, LinkIcon } from "lucide-react";
import { PASSWORD_MIN_LENGTH } from "@agency/core/contract/auth";
import { formatDateTime } from "../../lib/format";
import { invitationMessages, roleArticle, roleLabels, type InvitationView } from "@agency/core/contract/team";
import { btnPrimary, input, label } from "../../components/admin/classes";
import { AuthCard } from "../../components/admin/auth-card";
import { Spinner } from "../../components/spinner";
import { api, ApiError } from "../../lib/api";

function Card({ icon: Icon, title, children }: { icon: typeof KeyRound; title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);
  return (
    <AuthCard icon={Icon} title={title}>
      {children}
    </AuthCard>
  );
}

function Field(props: { id: string; text: string; type?: "password"; autoComplete: string; value: string; onChange: (v: string) => void; error?: string; hint?: string }) {
  const describedBy = [props.error && `${props.id}-error`, props.hint && `${props.id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={props.id} className={label}>
        {props.text}
      </label>
      <input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        className={input}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && (
        <p id={`${props.id}-hint`} className="mt-1 text-xs text-slate-600">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * /admin/invite/{token}: the page of an invitation or password-reset link (no session needed). The
 * invitee sets a password (and a username when the owner left it to them), then signs in. A used,
 * expired or unknown link says so.
 */
export default function InvitePage() {
  const { token = "" } = useParams();
  const path = `/api/team/invitations/${encodeURIComponent(token)}`;
  const view = useQuery({ queryKey: ["invitation", token], queryFn: () => api.get<InvitationView>(path), retry: false, staleTime: Infinity });
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (view.isPending) return <Spinner label="Opening your link" className="min-h-screen" />;
  if (view.isError || failure) {
    const err = view.error;
    const text = failure || (err instanceof ApiError && (err.status === 404 || err.status === 410) ? err.message : "This link could not be opened. Try again in a moment.");
    return (
      <Card icon={LinkIcon} title="This link does not work">
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {text}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/admin/login" className="font-medium text-purple-700 hover:text-purple-900 hover:underline">
            Go to the sign-in page
          </Link>
        </p>
      </Card>
    );
  }
  const link = view.data;
  const reset = link.kind === "reset";
  if (done) {
    return (
      <Card icon={CircleCheck} title={reset ? "Your password is set" : "Welcome to the team"}>
        <p role="status" className="text-center text-sm text-slate-700">
          {reset ? "Your new password is set, and you were signed out everywhere else." : "Your account is ready."} Sign in with the username <strong>{done}</strong>.
        </p>
        <p className="mt-6 text-center">
          <Link to="/admin/login" className={btnPrimary}>
            Sign in
          </Link>
        </p>
      </Card>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!link.username && !username.trim()) local.username = invitationMessages.usernameRequired;
    if (password !== repeat) local.repeat = "The two passwords differ";
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const res = await api.post<{ username: string }>(path, { password, ...(link.username ? {} : { username: username.trim() }) });
      setDone(res.username);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else if (err instanceof ApiError && (err.status === 404 || err.status === 410)) setFailure(err.message);
      else setErrors({ password: "Your password could not be set. Try again in a moment." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card icon={KeyRound} title={reset ? "Choose a new password" : "Join the team"}>
      <p className="mb-5 text-center text-sm text-slate-600">
        {reset ? (
          <>
            For the account <strong>{link.username}</strong>.
          </>
        ) : (
          <>
            You are invited as {roleArticle(link.role ?? "editor")} <strong>{roleLabels[link.role ?? "editor"].toLowerCase()}</strong>.
          </>
        )}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={reset ? "New password" : "Accept the invitation"}>
        {link.username ? (
          <p className="text-sm text-slate-700">
            Username: <strong>{link.username}</strong>
          </p>
        ) : (
          <Field
            id="invite-username"
            text="Username"
            autoComplete="username"
            value={username}
            onChange={setUsername}
            error={errors.username}
            hint="Letters, digits, '.', '-' or '_'."
          />
        )}
        <Field
          id="invite-password"
          text="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <Field id="invite-repeat" text="Repeat the password" type="password" autoComplete="new-password" value={repeat} onChange={setRepeat} error={errors.repeat} />
        <button type="submit" className={btnPrimary} disabled={busy}>
          {busy ? "Saving..." : reset ? "Set the new password" : "Create my account"}
        </button>
      </form>
      <p className="mt-4 text-center text-xs text-slate-600">This link works once, until {formatDateTime(link.expires_at)}.</p>
    </Card>
  );
}
