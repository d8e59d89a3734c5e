import { useState, type FormEvent } from "react";
import { LockKeyhole } from "lucide-react";
import { PASSWORD_MIN_LENGTH } from "@agency/core/contract/auth";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { actionPrimary } from "../../components/admin/classes";
import { TextField } from "../../components/admin/form-fields";
import { SettingsSection } from "../../components/admin/settings-section";
import { useToast } from "../../components/admin/toasts";
import { ApiError } from "../../lib/api";
import { counted } from "../../lib/format";
import { useChangePassword } from "./api";

const empty = { current_password: "", new_password: "", confirm: "" };

/**
 * 'Password' of Account & security, for a username account: the current password, the new one
 * twice. Saving it signs every other browser of the account out (the Sessions list shows it).
 */
export function PasswordSection() {
  const change = useChangePassword();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof empty) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!values.current_password) found.current_password = "Current password is required";
    if (values.new_password.length < PASSWORD_MIN_LENGTH) found.new_password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
    else if (values.confirm !== values.new_password) found.confirm = "The two new passwords do not match";
    setErrors(found);
    if (Object.keys(found).length) return;
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: ({ sessions_ended }) => {
          setValues(empty);
          toast.success(sessions_ended ? `Password changed. ${counted(sessions_ended, "other session")} signed out.` : "Password changed");
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          else showError(err, { fallback: "Failed to change the password" });
        },
      },
    );
  }

  return (
    <SettingsSection icon={LockKeyhole} title="Password" description="Changing it signs you out everywhere else.">
      <form onSubmit={submit} noValidate aria-label="Change password" className="max-w-md space-y-3">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={values.current_password}
          onChange={set("current_password")}
          error={errors.current_password}
          required
          name="current-password"
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          value={values.new_password}
          onChange={set("new_password")}
          error={errors.new_password}
          required
          name="new-password"
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={set("confirm")}
          error={errors.confirm}
          required
          name="confirm-password"
        />
        <button type="submit" className={actionPrimary} disabled={change.isPending}>
          <LockKeyhole aria-hidden="true" className="h-4 w-4" />
          {change.isPending ? "Changing..." : "Change password"}
        </button>
      </form>
    </SettingsSection>
  );
}
