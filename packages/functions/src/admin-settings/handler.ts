import { SecuritySettings } from "@agency/core/auth/security-settings";
import { securitySettingsInput } from "@agency/core/contract/account";
import { settingsBatchInput } from "@agency/core/contract/admin";
import { settingValue } from "@agency/core/contract/settings";
import { SiteSettings } from "@agency/core/settings/settings";
import { http } from "../http";
import { invalidateSettings as changed } from "../invalidate";

/** A dozen settings of at most 5000 characters each, JSON-escaped. */
const MAX_BATCH_BODY = 512 * 1024;

export const handler = http({
  "GET /api/admin/site-settings": () => SiteSettings.list(),
  "PUT /api/admin/site-settings": async (req) => {
    const { settings } = req.body(settingsBatchInput, { maxBytes: MAX_BATCH_BODY });
    req.audit({ entity_id: settings.length === 1 ? settings[0]!.key : "", entity_label: "Settings", changed_fields: settings.map((s) => s.key) });
    return changed(
      await SiteSettings.updateMany(settings),
      settings.map((s) => s.key),
    );
  },
  "PUT /api/admin/site-settings/{key}": async (req) => {
    const key = req.params.key ?? "";
    req.audit({ entity_label: key, changed_fields: [key] });
    return changed(await SiteSettings.update(key, req.body(settingValue)), [key]);
  },
  /** Back-office security (not site content: never public, never cached). */
  "GET /api/admin/security-settings": () => SecuritySettings.get(),
  "PUT /api/admin/security-settings": async (req) => {
    const input = req.body(securitySettingsInput);
    req.audit({ entity_id: "require_two_factor", entity_label: "Require two-factor", changed_fields: ["require_two_factor"] });
    return SecuritySettings.update(input);
  },
});
