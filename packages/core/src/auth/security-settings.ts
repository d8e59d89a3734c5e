import type { SecuritySettings as Settings } from "../contract/account";
import { db } from "../db/service";

/** The back office's security settings (one record; absent means the defaults). */
export const SecuritySettings = {
  async get(): Promise<Settings> {
    const { data } = await db().securitySettings.get({}).go();
    return data ? { require_two_factor: data.require_two_factor, updated_at: data.updated_at } : { require_two_factor: false };
  },

  async update(input: { require_two_factor: boolean }): Promise<Settings> {
    const { data } = await db().securitySettings.upsert({ require_two_factor: input.require_two_factor }).go({ response: "all_new" });
    return { require_two_factor: data.require_two_factor, updated_at: data.updated_at };
  },
};
