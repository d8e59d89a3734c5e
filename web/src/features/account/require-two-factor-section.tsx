import { useState } from "react";
import { Users } from "lucide-react";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { CheckboxField } from "../../components/admin/form-fields";
import { LoadFailed } from "../../components/admin/load-failed";
import { SettingsSection } from "../../components/admin/settings-section";
import { useToast } from "../../components/admin/toasts";
import { Spinner } from "../../components/spinner";
import { useSaveSecuritySettings, useSecuritySettings } from "./api";

/**
 * Require two-factor for every username account: a member without it is sent to set it up at their
 * next sign-in. (Meant for owners: the route's permission comes with roles.)
 */
export function RequireTwoFactorSection() {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const showError = useApiErrorHandler();
  const toast = useToast();
  // What the click asked for, set in the click's own event: the box shows it (and is disabled) at
  // once. The mutation's own pending state reaches React only in a later task, so a box drawn from
  // it snapped back to the old value for a moment after each click.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <SettingsSection icon={Users} title="Team sign-in">
      {settings.isPending ? (
        <Spinner label="Loading the security settings" className="py-4" />
      ) : settings.isError ? (
        <LoadFailed onRetry={() => settings.refetch()} className="py-4" />
      ) : (
        <CheckboxField
          label="Require two-factor for every admin account"
          hint="Anyone signing in with a username and password and no second factor is asked to set one up before anything else."
          // While saving, the box shows what was asked for; a refusal puts it back.
          checked={asked ?? settings.data.require_two_factor}
          disabled={asked !== null}
          onChange={(require_two_factor) => {
            setAsked(require_two_factor);
            save.mutate(
              { require_two_factor },
              {
                onSuccess: () => toast.success(require_two_factor ? "Two-factor is now required" : "Two-factor is no longer required"),
                onError: (err) => showError(err, { fallback: "Failed to save the setting" }),
                onSettled: () => setAsked(null),
              },
            );
          }}
        />
      )}
    </SettingsSection>
  );
}
