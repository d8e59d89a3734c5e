/**
 * Edits that are never lost (zod-free: the admin screens import it).
 *
 * Every editable admin item (page section, service, industry, site setting, course, service detail,
 * blog post) carries a `version` (a whole number, 1 on create) that every GET returns. A PUT sends
 * back the version it was read at plus only the fields it changes: a field left out keeps its stored
 * value. A PUT whose version is not the stored one changes nothing and answers 409 with
 * STALE_ITEM_MESSAGE and `{ code: "stale" }`; a successful write answers the stored item with its new
 * version (version + 1).
 */
export const STALE_ITEM_MESSAGE = "This item was changed by someone else. Reload to see the latest version.";
export const STALE_ITEM_CODE = "stale";

export interface Versioned {
  version: number;
}
