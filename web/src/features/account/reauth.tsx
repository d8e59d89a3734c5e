import { useEffect, useId, useState, type FormEvent } from "react";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { REAUTH_REQUIRED_CODE, type AccountInfo } from "@agency/core/contract/account";
import { actionOutline, actionPrimary } from "../../components/admin/classes";
import { TextField } from "../../components/admin/form-fields";
import { Modal } from "../../components/ui/modal";
import { ApiError, api } from "../../lib/api";

/** The mounted dialog's way to ask for a proof: resolves true once the server has one. */
let ask: (() => Promise<boolean>) | undefined;

/**
 * Runs a change that needs a fresh proof (passkeys, the authenticator app, the password): when the
 * server answers 403 reauth_required, the re-auth dialog asks for the password, a code or a passkey,
 * and the change is tried once more. Cancelled: the server's refusal stands.
 */
export async function withFreshProof<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 403 && err.code === REAUTH_REQUIRED_CODE) || !ask) throw err;
    if (!(await ask())) throw err;
    return run();
  }
}

/** What the dialog asks for: the password, and the code or passkey only where the account has one. */
export function reauthPrompt(account: Pick<AccountInfo, "totp_enabled" | "passkeys">): string {
  const typed = account.totp_enabled ? "your password or a code from your authenticator app" : "your password";
  return `To make this change, enter ${typed}${account.passkeys > 0 ? ", or use a passkey" : ""}.`;
}

/**
 * The re-auth dialog of Account & security: one per screen, opened by withFreshProof. It offers the
 * proofs `account` can give: its password, a code once the authenticator app is on, a passkey once it has one.
 */
export function ReauthDialog({ account }: { account: Pick<AccountInfo, "totp_enabled" | "passkeys"> }) {
  const [pending, setPending] = useState<((proved: boolean) => void) | undefined>();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<{ password?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    ask = () =>
      new Promise<boolean>((resolve) => {
        setPassword("");
        setCode("");
        setError({});
        setPending(() => resolve);
      });
    return () => {
      ask = undefined;
    };
  }, []);

  const finish = (proved: boolean) => {
    pending?.(proved);
    setPending(undefined);
  };

  async function prove(body: object) {
    setBusy(true);
    setError({});
    try {
      await api.post("/api/admin/account/reauth", body);
      finish(true);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setError(err.fields);
      else setError({ form: err instanceof Error ? err.message : "That did not work. Try again." });
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void prove(code.trim() ? { code: code.trim() } : { password });
  }

  async function confirmWithPasskey() {
    try {
      const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>("/api/admin/account/reauth/passkey/options");
      const { startAuthentication } = await import("@simplewebauthn/browser");
      await prove({ response: await startAuthentication({ optionsJSON }) });
    } catch (err) {
      setError({ form: err instanceof Error ? err.message : "The passkey did not answer." });
    }
  }

  return (
    <Modal open={pending !== undefined} onClose={() => finish(false)} labelledBy={titleId} describedBy={textId} width="max-w-md">
      <form className="space-y-4 p-6" onSubmit={submit} noValidate>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Confirm it's you
        </h2>
        <p id={textId} className="text-sm text-slate-700">
          {reauthPrompt(account)}
        </p>
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={error.password} />
        {account.totp_enabled && (
          <TextField label="Or a code from your authenticator app" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={setCode} error={error.code} />
        )}
        {error.form && (
          <p role="alert" className="text-sm text-red-700">
            {error.form}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={actionOutline} onClick={() => finish(false)}>
            Cancel
          </button>
          {account.passkeys > 0 && (
            <button type="button" className={actionOutline} onClick={() => void confirmWithPasskey()} disabled={busy}>
              Use a passkey
            </button>
          )}
          <button type="submit" className={actionPrimary} disabled={busy || (!password && !code.trim())}>
            Confirm
          </button>
        </div>
      </form>
    </Modal>
  );
}
