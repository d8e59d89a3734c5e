import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CodeXml, KeyRound, Lock, ShieldCheck } from "lucide-react";
import type { SecondFactorChallenge } from "@agency/core/contract/account";
import { authMessages, loginErrorText } from "@agency/core/contract/auth-texts";
import { adminReturnPath, afterSignIn, RETURN_PARAM } from "@agency/core/contract/return-path";
import { btnDev, btnOutline, btnPrimary, input, label } from "../../components/admin/classes";
import { AuthCard } from "../../components/admin/auth-card";
import { GoogleMark } from "../../components/admin/google-mark";
import { Spinner } from "../../components/spinner";
import { browserHasPasskeys, signInWithPasskey } from "../../features/account/passkey-sign-in";
import { adminMeKey, useAuthConfig } from "../../features/session/api";
import { session, useSession } from "../../features/session/session-store";
import { ApiError } from "../../lib/api";

/** A labelled, required field of the sign-in form. */
function LoginField(props: {
  id: string;
  name: string;
  text: string;
  type?: "password";
  autoComplete: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={label}>
        {props.text}
      </label>
      <input
        id={props.id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        maxLength={props.maxLength}
        className={input}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * The second step of a password sign-in for an account with two-factor: a code from the
 * authenticator app, or ('Use a recovery code') one of the recovery codes.
 */
function SecondFactorForm({ challenge, onDone, onRestart }: { challenge: SecondFactorChallenge; onDone: () => void; onRestart: (message: string) => void }) {
  if (!challenge.methods.includes("totp") && challenge.methods.includes("passkey")) return <PasskeyStep onDone={onDone} onRestart={onRestart} />;
  return <CodeStep challenge={challenge} onDone={onDone} onRestart={onRestart} />;
}

/** The second step of an account whose only second factor is a passkey, when the team requires two-factor: its passkey finishes the sign-in. */
function PasskeyStep({ onDone, onRestart }: { onDone: () => void; onRestart: (message: string) => void }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  async function finish() {
    setError("");
    setBusy(true);
    try {
      await signInWithPasskey();
      await session.loadUser();
      onDone();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }
  return (
    <div className="space-y-4" role="group" aria-label="Two-step verification">
      <div className="flex items-start gap-3 rounded-lg bg-purple-50 px-4 py-3 text-sm text-purple-900">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <p>Your team requires two-factor sign-in. Finish signing in with your passkey.</p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="button" className={btnPrimary} onClick={finish} disabled={busy}>
        <KeyRound aria-hidden="true" className="h-5 w-5" />
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </button>
      <div className="text-sm">
        <button type="button" className="font-medium text-slate-700 underline-offset-2 hover:underline" onClick={() => onRestart("")}>
          Start over
        </button>
      </div>
    </div>
  );
}

/** The code step: a code from the authenticator app, or a recovery code. */
function CodeStep({ challenge, onDone, onRestart }: { challenge: SecondFactorChallenge; onDone: () => void; onRestart: (message: string) => void }) {
  const canUseRecovery = challenge.methods.includes("recovery");
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    setBusy(true);
    try {
      await session.verifySecondFactor(code.trim());
      onDone();
    } catch (err) {
      setBusy(false);
      setCode("");
      if (!(err instanceof ApiError)) return setError(authMessages.loginFailed);
      // The sign-in itself is over (expired, or ended after too many codes): back to the password.
      if (err.status === 429 || err.code === "no_pending_sign_in") return onRestart(err.message);
      setError(err.fields?.code ?? err.message);
    }
  }

  const fieldId = recovery ? "login-recovery-code" : "login-totp-code";
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Two-step verification">
      <div className="flex items-start gap-3 rounded-lg bg-purple-50 px-4 py-3 text-sm text-purple-900">
        <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <p>
          {recovery
            ? "Enter one of the recovery codes you saved when you turned on two-factor. Each code works once."
            : "Open your authenticator app and enter the 6-digit code it shows for this account."}
        </p>
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div>
        <label htmlFor={fieldId} className={label}>
          {recovery ? "Recovery code" : "Authentication code"}
        </label>
        <input
          key={fieldId}
          id={fieldId}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the code step replaces the password step: focus moves to its one field
          autoFocus
          required
          maxLength={recovery ? 24 : 7}
          className={input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className={btnPrimary} disabled={busy}>
        {busy ? "Verifying..." : "Verify"}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        {canUseRecovery && (
          <button
            type="button"
            className="font-medium text-purple-700 underline-offset-2 hover:underline"
            onClick={() => {
              setRecovery((r) => !r);
              setCode("");
              setError("");
            }}
          >
            {recovery ? "Use your authenticator app" : "Use a recovery code"}
          </button>
        )}
        <button type="button" className="font-medium text-slate-700 underline-offset-2 hover:underline" onClick={() => onRestart("")}>
          Start over
        </button>
      </div>
    </form>
  );
}

/** The text for a failed username sign-in: the server's for 401 and 429, SPEC's otherwise. */
const passwordError = (err: unknown) => (err instanceof ApiError && (err.status === 401 || err.status === 429) ? err.message : authMessages.loginFailed);

/**
 * /admin/login: Development Login (when on), Continue with Google, a username form, the back link.
 * `?next=` is the admin address that was asked for while signed out: every way in returns there
 * (Google through the server, which keeps it with the sign-in), or to the Overview when it is not one.
 */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const config = useAuthConfig();
  const { user } = useSession();
  const initialError = loginErrorText(params.get("error"));
  const next = adminReturnPath(params.get(RETURN_PARAM));
  const [error, setError] = useState(initialError);
  const [busy, setBusy] = useState<"" | "dev" | "google" | "password" | "passkey">("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  // Without the config (server unreachable) the page still offers Google and the form.
  const methods = config.data ?? { devLogin: false, google: true, password: true };

  const enterAdmin = () => {
    queryClient.removeQueries({ queryKey: adminMeKey });
    navigate(afterSignIn(next), { replace: true });
  };

  async function google() {
    setError("");
    setBusy("google");
    const url = await session.googleRedirectUrl(next);
    if (url) {
      window.location.assign(url);
      return;
    }
    setError(authMessages.googleFailed);
    setBusy("");
  }

  async function devLogin() {
    setError("");
    setBusy("dev");
    try {
      await session.devLogin();
      enterAdmin();
    } catch (err) {
      console.error("Development Login failed:", err);
      setError(authMessages.loginFailed);
      setBusy("");
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    setBusy("password");
    try {
      const secondStep = await session.passwordLogin(username.trim(), password);
      setPassword("");
      if (secondStep) {
        setChallenge(secondStep);
        setBusy("");
        return;
      }
      enterAdmin();
    } catch (err) {
      setError(passwordError(err));
      setPassword("");
      setBusy("");
    }
  }

  async function passkey() {
    setError("");
    setBusy("passkey");
    try {
      await signInWithPasskey();
      await session.loadUser();
      enterAdmin();
    } catch (err) {
      setError((err as Error).message);
      setBusy("");
    }
  }

  return (
    <AuthCard
      icon={Lock}
      title="Admin Login"
      subtitle="Sign in to manage the website"
      below={
        <p className="mt-6 text-center">
          <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-purple-700 hover:text-purple-900">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            Back to website
          </Link>
        </p>
      }
    >
      {user?.is_admin && !error && (
        <p role="status" className="mb-5 rounded-lg border border-purple-200 bg-purple-50 px-4 py-3 text-sm text-purple-900">
          Signed in as {user.type === "google" ? user.email : `@${user.username}`}.{" "}
          <Link to={afterSignIn(next)} className="font-semibold underline">
            {next ? "Continue" : "Go to the dashboard"}
          </Link>
        </p>
      )}

      {error && (
        <p role="alert" className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}

      {challenge ? (
        <SecondFactorForm
          challenge={challenge}
          onDone={enterAdmin}
          onRestart={(message) => {
            setChallenge(null);
            setError(message);
          }}
        />
      ) : config.isPending ? (
        <Spinner label="Loading sign-in options" className="py-6" />
      ) : (
        <div className="space-y-3">
          {methods.devLogin && (
            <button type="button" className={btnDev} onClick={devLogin} disabled={busy !== ""}>
              <CodeXml aria-hidden="true" className="h-5 w-5" />
              {busy === "dev" ? "Signing in..." : "Development Login"}
            </button>
          )}
          {methods.google && (
            <button type="button" className={btnOutline} onClick={google} disabled={busy !== ""}>
              <GoogleMark />
              {busy === "google" ? "Redirecting..." : "Continue with Google"}
            </button>
          )}
          {methods.password && (
            <>
              {(methods.devLogin || methods.google) && (
                <div className="flex items-center gap-3 py-2 text-xs uppercase tracking-wide text-slate-500">
                  <span className="h-px flex-1 bg-slate-200" />
                  or with an admin account
                  <span className="h-px flex-1 bg-slate-200" />
                </div>
              )}
              <form onSubmit={submit} className="space-y-4" aria-label="Admin account sign-in">
                <LoginField id="login-username" name="username" text="Username" autoComplete="username" maxLength={100} value={username} onChange={setUsername} />
                <LoginField
                  id="login-password"
                  name="password"
                  text="Password"
                  type="password"
                  autoComplete="current-password"
                  maxLength={1024}
                  value={password}
                  onChange={setPassword}
                />
                <button type="submit" className={btnPrimary} disabled={busy !== ""}>
                  {busy === "password" ? "Signing in..." : "Sign in"}
                </button>
              </form>
              {browserHasPasskeys() && (
                <button type="button" className={btnOutline} onClick={passkey} disabled={busy !== ""}>
                  <KeyRound aria-hidden="true" className="h-5 w-5" />
                  {busy === "passkey" ? "Waiting for your passkey..." : "Sign in with a passkey"}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </AuthCard>
  );
}
