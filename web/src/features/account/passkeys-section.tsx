import { useState, type FormEvent } from "react";
import { Fingerprint, KeyRound, Trash2 } from "lucide-react";
import { passkeyMessages, type PasskeySummary } from "@agency/core/contract/passkeys";
import type { AccountInfo } from "@agency/core/contract/account";
import { apiErrorMessage, useApiErrorHandler } from "../../components/admin/api-errors";
import { actionPrimary, iconAction } from "../../components/admin/classes";
import { useConfirm } from "../../components/admin/confirm-dialog";
import { EmptyState } from "../../components/admin/empty-state";
import { TextField } from "../../components/admin/form-fields";
import { LoadFailed } from "../../components/admin/load-failed";
import { SettingsRow, SettingsSection } from "../../components/admin/settings-section";
import { useToast } from "../../components/admin/toasts";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import { useAdminMe } from "../session/api";
import { useAddPasskey, usePasskeys, useRemovePasskey } from "./api";
import { ceremonyErrorMessage } from "./ceremony-errors";

function PasskeyRow({ passkey, onRemove, busy }: { passkey: PasskeySummary; onRemove: () => void; busy: boolean }) {
  return (
    <SettingsRow
      icon={KeyRound}
      title={passkey.name}
      meta={`Added ${formatDateTime(passkey.created_at)} · ${passkey.last_used_at ? `Last used ${formatDateTime(passkey.last_used_at)}` : "Not used yet"}`}
      action={
        <button type="button" className={iconAction} aria-label={`Remove passkey ${passkey.name}`} title="Remove passkey" onClick={onRemove} disabled={busy}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      }
    />
  );
}

/**
 * 'Passkeys' of Account & security: the account's passkeys (sign in without a password; each
 * counts as both factors), adding one under a name, removing one. Username accounts only.
 */
export function PasskeysSection({ account }: { account: Pick<AccountInfo, "two_factor_available"> }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [confirmDialog, confirm] = useConfirm();
  const [name, setName] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");

  // Passkeys are for username accounts (the same rule as the authenticator app): a Google account
  // signs in at Google, and Development Login has no account to hold one.
  const signsInWithGoogle = useAdminMe().data?.type === "google";

  function submit(e: FormEvent) {
    e.preventDefault();
    setFieldErrors({});
    setFailure("");
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldErrors({ name: "Name is required" });
      return;
    }
    add.mutate(trimmed, {
      onSuccess: (added) => {
        setName("");
        toast.success(`Passkey "${added.name}" added`);
      },
      onError: (err) => {
        console.error("Failed to add the passkey:", err);
        if (err instanceof ApiError && err.fields?.name) setFieldErrors({ name: err.fields.name });
        // Shown beside the form (not only a toast): the browser's dialog just closed and this says why.
        else setFailure(ceremonyErrorMessage(err) ?? apiErrorMessage(err, "Failed to add the passkey"));
      },
    });
  }

  async function removePasskey(p: PasskeySummary) {
    const ok = await confirm({
      title: "Remove passkey",
      message: `Remove the passkey "${p.name}"? It will no longer sign you in.`,
      confirmLabel: "Remove",
    });
    if (!ok) return;
    remove.mutate(p.id, {
      onSuccess: () => toast.success(`Passkey "${p.name}" removed`),
      onError: (err) => showError(err, { fallback: "Failed to remove the passkey" }),
    });
  }

  return (
    <SettingsSection
      icon={Fingerprint}
      title="Passkeys"
      description="Sign in with your fingerprint, face, screen lock or security key instead of a password. A passkey counts as both factors."
    >
      {!account.two_factor_available ? (
        <p className="text-sm text-slate-700">
          {passkeyMessages.usernameOnly}
          {signsInWithGoogle ? ": you sign in with Google." : "."}
        </p>
      ) : passkeys.isPending ? (
        <Spinner label="Loading passkeys" className="py-6" />
      ) : passkeys.isError ? (
        <LoadFailed onRetry={() => passkeys.refetch()} />
      ) : (
        <>
          {passkeys.data.length === 0 ? (
            <EmptyState icon={KeyRound} title="No passkeys yet" hint="Add one to sign in without typing your password." />
          ) : (
            <ul aria-label="Your passkeys" className="divide-y divide-slate-200">
              {passkeys.data.map((p) => (
                <PasskeyRow key={p.id} passkey={p} onRemove={() => void removePasskey(p)} busy={remove.isPending} />
              ))}
            </ul>
          )}
          <form onSubmit={submit} noValidate aria-label="Add a passkey" className="mt-4 space-y-3 border-t border-slate-200 pt-4">
            <div className="max-w-md">
              <TextField
                label="Passkey name"
                hint="So you can tell your passkeys apart, e.g. 'Work laptop'"
                value={name}
                onChange={setName}
                error={fieldErrors.name}
                required
                autoComplete="off"
                name="passkey-name"
              />
            </div>
            <button type="submit" className={actionPrimary} disabled={add.isPending}>
              <KeyRound aria-hidden="true" className="h-4 w-4" />
              {add.isPending ? "Waiting for your device..." : "Add a passkey"}
            </button>
          </form>
          {failure && (
            <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {failure}
            </p>
          )}
        </>
      )}
      {confirmDialog}
    </SettingsSection>
  );
}
