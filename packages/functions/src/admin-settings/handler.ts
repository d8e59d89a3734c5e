import { settingsBatchInput } from "@agency/core/contract/admin";
import { settingValue } from "@agency/core/contract/settings";
import { SiteSettings } from "@agency/core/settings/settings";
import { http } from "../http";

/** Fourteen settings of at most 5000 characters each, JSON-escaped. */
const MAX_BATCH_BODY = 512 * 1024;

export const handler = http({
  "GET /api/admin/site-settings": () => SiteSettings.list(),
  "PUT /api/admin/site-settings": (req) => SiteSettings.updateMany(req.body(settingsBatchInput, { maxBytes: MAX_BATCH_BODY }).settings),
  "PUT /api/admin/site-settings/{key}": (req) => SiteSettings.update(req.params.key ?? "", req.body(settingValue).value),
});
