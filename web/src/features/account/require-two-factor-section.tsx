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
          checked={save.isPending && save.variables ? save.variables.require_two_factor : settings.data.require_two_factor}
          disabled={save.isPending}
          onChange={(require_two_factor) =>
            save.mutate(
              { require_two_factor },
              {
                onSuccess: () => toast.success(require_two_factor ? "Two-factor is now required" : "Two-factor is no longer required"),
                onError: (err) => showError(err, { fallback: "Failed to save the setting" }),
              },
            )
          }
        />
      )}
    </SettingsSection>
  );
}
