import { useEffect, useId, useState, type FormEvent } from "react";
import QRCode from "qrcode";
import { Copy, Download, KeyRound, ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import type { AccountInfo, TotpSetup } from "@agency/core/contract/account";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge } from "../../components/admin/badge";
import { actionDanger, actionOutline, actionPrimary } from "../../components/admin/classes";
import { TextField } from "../../components/admin/form-fields";
import { SettingsSection } from "../../components/admin/settings-section";
import { useToast } from "../../components/admin/toasts";
import { downloadText } from "../export/download";
import { useConfirmTotp, useDisableTotp, useStartTotp } from "./api";

/** The otpauth URL as an SVG QR code (a data URL: the page's CSP allows data: images). */
function useQrCode(text: string): string {
  const [src, setSrc] = useState("");
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      (err: unknown) => console.error("Failed to draw the QR code:", err),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Step 2 of the set-up, and turning it off: one code field and its form. */
function CodeForm(props: {
  label: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  tone?: "danger";
  busy: boolean;
  error: string;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  recovery?: boolean;
}) {
  const [code, setCode] = useState("");
  function submit(e: FormEvent) {
    e.preventDefault();
    props.onSubmit(code.trim());
  }
  return (
    <form onSubmit={submit} className="mt-4 max-w-sm space-y-3" aria-label={props.submitLabel}>
      <TextField
        label={props.label}
        hint={props.hint}
        value={code}
        onChange={setCode}
        error={props.error || undefined}
        required
        inputMode={props.recovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        name="code"
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={props.tone === "danger" ? actionDanger : actionPrimary} disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </button>
        <button type="button" className={actionOutline} onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The new authenticator's QR code and key, and the code that confirms it. */
function SetupSteps({ setup, onDone, onCancel }: { setup: TotpSetup; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const qr = useQrCode(setup.otpauth_url);
  const confirm = useConfirmTotp();
  const showError = useApiErrorHandler();
  const [error, setError] = useState("");
  const keyId = useId();
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li>
          <p>Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</p>
          <div className="mt-3 flex flex-wrap items-start gap-6">
            {qr ? (
              <img src={qr} alt="QR code to add this account to your authenticator app" width={176} height={176} className="rounded-lg border border-slate-200" />
            ) : (
              <div className="h-44 w-44 rounded-lg border border-slate-200 bg-slate-50" aria-hidden="true" />
            )}
            <div className="min-w-0">
              <p id={keyId} className="font-medium text-slate-800">
                Can’t scan it? Enter this key instead:
              </p>
              <code aria-describedby={keyId} data-testid="totp-secret" className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900">
                {grouped(setup.secret)}
              </code>
              <p className="mt-1 text-xs text-slate-600">Time-based, 6 digits, every 30 seconds.</p>
            </div>
          </div>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows to finish.</p>
          <CodeForm
            label="Code from the app"
            hint="Six digits"
            submitLabel="Turn on two-factor"
            busyLabel="Checking..."
            busy={confirm.isPending}
            error={error}
            onCancel={onCancel}
            onSubmit={(code) => {
              setError("");
              confirm.mutate(code, {
                onSuccess: ({ recovery_codes }) => onDone(recovery_codes),
                onError: (err) => showError(err, { fallback: "Failed to turn on two-factor", setFieldErrors: (f) => setError(f.code ?? Object.values(f)[0] ?? "") }),
              });
            }}
          />
        </li>
      </ol>
    </div>
  );
}

/** The ten recovery codes, shown this once: copy, download, done. */
function RecoveryCodesShown({ codes, username, onDone }: { codes: string[]; username: string; onDone: () => void }) {
  const toast = useToast();
  const text = `Recovery codes for ${username} (${window.location.host})\nEach code signs in once, instead of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4" role="region" aria-label="Your recovery codes">
      <h3 className="font-semibold text-slate-900">Save your recovery codes</h3>
      <p className="mt-1 text-sm text-slate-700">
        Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now.
      </p>
      <ul data-testid="recovery-codes" className="mt-3 grid grid-cols-1 gap-1 font-mono text-sm text-slate-900 sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className={actionOutline}
          onClick={() =>
            navigator.clipboard.writeText(codes.join("\n")).then(
              () => toast.success("Recovery codes copied"),
              () => toast.error("Could not copy. Select the codes and copy them instead."),
            )
          }
        >
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy
        </button>
        <button type="button" className={actionOutline} onClick={() => downloadText(`recovery-codes-${username}.txt`, text)}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </button>
        <button type="button" className={actionPrimary} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/**
 * Account & security: the authenticator app (TOTP). Off: set it up (QR code and key, then a code
 * to confirm); the ten recovery codes are shown once; on: how many recovery codes are left, and
 * turning it off with a code.
 */
export function TotpSection({ account }: { account: AccountInfo }) {
  const start = useStartTotp();
  const disable = useDisableTotp();
  const showError = useApiErrorHandler();
  const toast = useToast();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [offError, setOffError] = useState("");

  const on = account.totp_enabled || codes !== null;
  return (
    <SettingsSection
      icon={Smartphone}
      title="Authenticator app"
      description="A 6-digit code from an app on your phone, asked for after your password."
      aside={
        account.two_factor_available &&
        (on ? (
          <Badge tone="green" icon={ShieldCheck}>
            On
          </Badge>
        ) : (
          <Badge tone="slate" icon={ShieldOff}>
            Off
          </Badge>
        ))
      }
    >
      {!account.two_factor_available ? (
        <p className="text-sm text-slate-700">Two-factor sign-in is for admin accounts with a username and password. Google accounts use Google’s own 2-Step Verification.</p>
      ) : codes ? (
        <RecoveryCodesShown codes={codes} username={account.username ?? ""} onDone={() => setCodes(null)} />
      ) : account.totp_enabled ? (
        <div>
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <KeyRound aria-hidden="true" className="h-4 w-4 text-slate-500" />
            Recovery codes left: <strong data-testid="recovery-codes-left">{account.recovery_codes_left}</strong>
          </p>
          {turningOff ? (
            <CodeForm
              label="Code from the app, or a recovery code"
              hint="Turning two-factor off needs a current code"
              submitLabel="Turn off two-factor"
              busyLabel="Turning off..."
              tone="danger"
              recovery
              busy={disable.isPending}
              error={offError}
              onCancel={() => {
                setTurningOff(false);
                setOffError("");
              }}
              onSubmit={(code) => {
                setOffError("");
                disable.mutate(code, {
                  onSuccess: () => {
                    setTurningOff(false);
                    toast.success("Two-factor sign-in is off");
                  },
                  onError: (err) => showError(err, { fallback: "Failed to turn off two-factor", setFieldErrors: (f) => setOffError(f.code ?? Object.values(f)[0] ?? "") }),
                });
              }}
            />
          ) : (
            <button type="button" className={`${actionOutline} mt-4`} onClick={() => setTurningOff(true)}>
              Turn off
            </button>
          )}
        </div>
      ) : setup ? (
        <SetupSteps
          setup={setup}
          onCancel={() => setSetup(null)}
          onDone={(recovery) => {
            setSetup(null);
            setCodes(recovery);
          }}
        />
      ) : (
        <button
          type="button"
          className={actionPrimary}
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: (err) => showError(err, { fallback: "Failed to start the set-up" }) })}
        >
          {start.isPending ? "Starting..." : "Set up authenticator app"}
        </button>
      )}
    </SettingsSection>
  );
}
