/**
 * Edits that are never lost (zod-free: the admin screens import it).
 *
 * Every editable admin item (page section, service, industry, site setting, course, service detail,
 * blog post) carries a `version` (a whole number, 1 on create) that every GET returns. A PUT sends
 * back the version it was read at plus only the fields it changes: a field left out keeps its stored
 * value. A PUT whose version is not the stored one changes nothing and answers 409 with
 * STALE_ITEM_MESSAGE and `{ code: "stale" }`; a successful write answers the stored item with its new
 * version (version + 1).
 *
 * A PUT without a whole-number `version` from 1 is a 400 naming `version`. Exceptions and details:
 * PUT /api/admin/blog-posts/{id}/publish (the list's toggle) may leave `version` out (checked when
 * sent); the settings batch PUT /api/admin/site-settings sends `{ key, value, version }` items, and a
 * stale one is a 409 whose `fields` name the stale keys. Items stored before versions existed read
 * as version 1.
 */
export const STALE_ITEM_MESSAGE = "This item was changed by someone else. Reload to see the latest version.";
export const STALE_ITEM_CODE = "stale";

export interface Versioned {
  version: number;
}
