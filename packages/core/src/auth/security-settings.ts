import type { SecuritySettings as Settings } from "../contract/account";
import { batchRead, type BatchRead } from "../db/batch";
import { db } from "../db/service";

/** The stored record as the settings (absent: the defaults). */
const settingsOf = (data: { require_two_factor: boolean; updated_at?: string } | null | undefined): Settings =>
  data ? { require_two_factor: data.require_two_factor, updated_at: data.updated_at } : { require_two_factor: false };

/** The back office's security settings (one record; absent means the defaults). */
export const SecuritySettings = {
  async get(): Promise<Settings> {
    const { data } = await db().securitySettings.get({}).go();
    return settingsOf(data);
  },

  /**
   * The record as one read of a BatchGet across entities (db/batch.ts getAcross): the guard reads it
   * beside the session and its account. `of` turns that read's answer (null: no record) into the settings.
   */
  batchRead: (): BatchRead<Settings> => batchRead<Settings>(db().securitySettings, {}),
  of: settingsOf,

  async update(input: { require_two_factor: boolean }): Promise<Settings> {
    const { data } = await db().securitySettings.upsert({ require_two_factor: input.require_two_factor }).go({ response: "all_new" });
    return settingsOf(data);
  },
};
