import { settingTypes } from "../contract/settings";
import { Entity } from "../db/entity";
import { versionAttribute } from "../db/versions";

/**
 * Site settings: a fixed set of keys (SPEC §2 Settings page), seeded, then only saved, each save
 * conditional on the `version` read (db/versions.ts).
 *
 * Access patterns:
 *   byKey  Get    one setting by key                   pk: key
 *   all    Query  every setting, in page order         gsi1: constant partition / position
 */
export const SiteSettingEntity = new Entity({
  model: { entity: "siteSetting", version: "1", service: "agency" },
  attributes: {
    id: { type: "string", required: true, readOnly: true },
    key: { type: "string", required: true, readOnly: true },
    value: { type: "string", default: "" },
    description: { type: "string", default: "" },
    type: { type: settingTypes, required: true, default: "text" },
    position: { type: "number", required: true, default: 0, padding: { length: 4, char: "0" } },
    version: versionAttribute,
    // Every write refreshes it, unless the write sets it itself (an import writes records as they were).
    updated_at: { type: "string", required: true, default: () => new Date().toISOString(), watch: "*", set: (value?: string) => value ?? new Date().toISOString() },
  },
  indexes: {
    byKey: { pk: { field: "pk", composite: ["key"] }, sk: { field: "sk", composite: [] } },
    all: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["position", "key"] } },
  },
});
