import { settingValue } from "@agency/core/contract/settings";
import { SiteSettings } from "@agency/core/settings/settings";
import { http } from "../http";

export const handler = http({
  "GET /api/admin/site-settings": () => SiteSettings.list(),
  "PUT /api/admin/site-settings/{key}": (req) => SiteSettings.update(req.params.key ?? "", req.body(settingValue).value),
});
