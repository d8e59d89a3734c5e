import type { EntityItem } from "electrodb";
import { checkSettingValue, publicSettingKeys, settingKeys } from "../contract/settings";
import { untilProcessed } from "../db/batch";
import { db } from "../db/service";
import { atVersion, saveAtVersion, withVersion } from "../db/versions";
import { STALE_ITEM_CODE, STALE_ITEM_MESSAGE } from "../contract/versioned";
import { HttpError, NotFoundError } from "../errors";
import { keepOriginal } from "../revisions/original";
import { imageInfos, socialImagePath } from "../media/info";
import type { SiteSettingEntity } from "./entity";

export type SiteSetting = EntityItem<typeof SiteSettingEntity>;

/** A setting stored by an earlier version and offered no more is left in the table, unread and unsaved. */
const offered = (key: string) => settingKeys.includes(key);

export const SiteSettings = {
  /** Every setting offered (contract/settings.ts), in Settings-page order. One Query. */
  async list(): Promise<SiteSetting[]> {
    const { data } = await db().siteSetting.query.all({}).go({ pages: "all" });
    return data.filter((s) => offered(s.key)).map(withVersion);
  },
  /**
   * The settings the public site may read, as a key -> value map. `default_social_image` is what a
   * link preview shows: a library image's 1200x630 JPEG (`/media/{yyyy}/{id}/og.jpg`) once its sizes
   * exist, else the address as stored.
   */
  async publicValues(): Promise<Record<string, string>> {
    const allowed = new Set<string>(publicSettingKeys);
    const out: Record<string, string> = {};
    for (const s of await SiteSettings.list()) if (allowed.has(s.key)) out[s.key] = s.value ?? "";
    const social = out.default_social_image;
    if (social) {
      const info = (await imageInfos([social]))[social];
      if (info) out.default_social_image = socialImagePath(info);
    }
    return out;
  },
  /**
   * Saves several settings, all or nothing: every key must exist, every value suit its setting's
   * type and every version be the stored one, checked (one BatchGet) before anything is written;
   * otherwise a 400 (or, for versions, a 409 with code "stale") names each refused key in `fields`
   * and nothing changes. Each write is then conditional on its version: a save of one of these keys
   * that lands in the moment between the check and the writes makes that key's write a 409 while the
   * others are saved (there are no transactions to make them one). Returns the saved settings, in
   * the order given.
   */
  async updateMany(entries: { key: string; value: string; version: number }[]): Promise<SiteSetting[]> {
    const keys = [...new Set(entries.map((e) => e.key))].map((key) => ({ key }));
    const data = await untilProcessed(
      keys,
      (k) => String(k.key),
      (batch) => db().siteSetting.get(batch).go(),
    );
    const byKey = new Map(data.filter((s) => offered(s.key)).map((s) => [s.key, withVersion(s)]));
    const problems = new Map<string, string>();
    const stale = new Map<string, string>();
    const seen = new Set<string>();
    for (const { key, value, version } of entries) {
      const current = byKey.get(key);
      const problem = seen.has(key) ? "Listed more than once" : !current ? "Unknown setting" : checkSettingValue(current.type, value, key);
      seen.add(key);
      if (problem && !problems.has(key)) problems.set(key, problem);
      else if (current && current.version !== version) stale.set(key, STALE_ITEM_MESSAGE);
    }
    if (problems.size) throw new HttpError(400, "Validation failed", { fields: Object.fromEntries(problems) });
    if (stale.size) throw new HttpError(409, STALE_ITEM_MESSAGE, { code: STALE_ITEM_CODE, fields: Object.fromEntries(stale) });
    return Promise.all(entries.map(({ key, value, version }) => write(key, value, version)));
  },
  /** Saves one value at the version read (409 stale otherwise); answers the setting with its new version. */
  update: (key: string, { value, version }: { value: string; version: number }) => write(key, value, version),
};

/** Writes a value at the version read: the setting must exist, at that version, and the value suit its type. */
async function write(key: string, value: string, version: number): Promise<SiteSetting> {
  const { before, saved } = await saveAtVersion({
    read: version,
    get: async () => (offered(key) ? (await db().siteSetting.get({ key }).go()).data : null),
    notFound: () => new NotFoundError("Setting not found"),
    write: async (current, next) => {
      const problem = checkSettingValue(current.type, value, key);
      if (problem) throw new HttpError(400, "Validation failed", { fields: { value: problem } });
      const { data } = await db().siteSetting.patch({ key }).set({ value, version: next }).where(atVersion(current.version)).go({ response: "all_new" });
      return data as SiteSetting;
    },
  });
  await keepOriginal("site-settings", key, before);
  return saved;
}
