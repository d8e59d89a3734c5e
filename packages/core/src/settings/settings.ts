import type { EntityItem } from "electrodb";
import { checkSettingValue, publicSettingKeys } from "../contract/settings";
import { isConditionalFailure } from "../db/errors";
import { untilProcessed } from "../db/batch";
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
  /**
   * Saves several settings, all or nothing: every key must exist and every value suit its setting's
   * type, checked (one BatchGet) before anything is written; otherwise a 400 names each refused key
   * in `fields` and nothing changes. Returns the saved settings, in the order given.
   */
  async updateMany(entries: { key: string; value: string }[]): Promise<SiteSetting[]> {
    const keys = [...new Set(entries.map((e) => e.key))].map((key) => ({ key }));
    const data = await untilProcessed(keys, (k) => String(k.key), (batch) => db().siteSetting.get(batch).go());
    const byKey = new Map(data.map((s) => [s.key, s]));
    const problems = new Map<string, string>();
    const seen = new Set<string>();
    for (const { key, value } of entries) {
      const current = byKey.get(key);
      const problem = seen.has(key) ? "Listed more than once" : !current ? "Unknown setting" : checkSettingValue(current.type, value);
      seen.add(key);
      if (problem && !problems.has(key)) problems.set(key, problem);
    }
    if (problems.size) throw new HttpError(400, "Validation failed", { fields: Object.fromEntries(problems) });
    return Promise.all(entries.map(({ key, value }) => write(key, value)));
  },
  async update(key: string, value: string): Promise<SiteSetting> {
    const { data: current } = await db().siteSetting.get({ key }).go();
    if (!current) throw new NotFoundError("Setting not found");
    const problem = checkSettingValue(current.type, value);
    if (problem) throw new HttpError(400, "Validation failed", { fields: { value: problem } });
    return write(key, value);
  },
};

/** Writes a checked value (the setting must still exist). */
async function write(key: string, value: string): Promise<SiteSetting> {
  try {
    const { data } = await db().siteSetting.patch({ key }).set({ value }).go({ response: "all_new" });
    return data as SiteSetting;
  } catch (err) {
    if (isConditionalFailure(err)) throw new NotFoundError("Setting not found");
    throw err;
  }
}
