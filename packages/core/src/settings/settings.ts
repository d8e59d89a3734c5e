import type { EntityItem } from "electrodb";
import { checkSettingValue, publicSettingKeys } from "../contract/settings";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { HttpError, NotFoundError } from "../errors";
import type { SiteSettingEntity } from "./entity";

export type SiteSetting = EntityItem<typeof SiteSettingEntity>;

export const SiteSettings = {
  /** Every setting, in Settings-page order. One Query. */
  async list(): Promise<SiteSetting[]> {
    const { data } = await db().siteSetting.query.all({}).go({ pages: "all" });
    return data;
  },
  /** The settings the public site may read, as a key -> value map. */
  async publicValues(): Promise<Record<string, string>> {
    const allowed = new Set<string>(publicSettingKeys);
    const out: Record<string, string> = {};
    for (const s of await SiteSettings.list()) if (allowed.has(s.key)) out[s.key] = s.value ?? "";
    return out;
  },
  async update(key: string, value: string): Promise<SiteSetting> {
    const { data: current } = await db().siteSetting.get({ key }).go();
    if (!current) throw new NotFoundError("Setting not found");
    const problem = checkSettingValue(current.type, value);
    if (problem) throw new HttpError(400, "Validation failed", { fields: { value: problem } });
    try {
      const { data } = await db().siteSetting.patch({ key }).set({ value }).go({ response: "all_new" });
      return data as SiteSetting;
    } catch (err) {
      if (isConditionalFailure(err)) throw new NotFoundError("Setting not found");
      throw err;
    }
  },
};
