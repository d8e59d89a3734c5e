import { Entity } from "../db/entity";
import { idAttribute } from "../db/attributes";
import { versionAttribute } from "../db/versions";

/**
 * Page sections: the editable texts of each page. Sections are seeded and then only saved, never
 * created from the back office. Content is HTML for the policies (sanitised on save), plain text
 * for every other page. `version`: saves are conditional on the version read (db/versions.ts).
 *
 * Access patterns:
 *   byId    Get    one section by id                          pk: id
 *   byPage  Query  every section of a page, by section_key    gsi1: page_slug / section_key
 */
export const PageSectionEntity = new Entity({
  model: { entity: "pageSection", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    page_slug: { type: "string", required: true, readOnly: true },
    section_key: { type: "string", required: true, readOnly: true },
    title: { type: "string", default: "" },
    content: { type: "string", default: "" },
    video_url: { type: "string", default: "" },
    image_url: { type: "string", default: "" },
    image_alt: { type: "string", default: "" },
    is_active: { type: "boolean", required: true, default: true },
    version: versionAttribute,
    // Every write refreshes it, unless the write sets it itself (an import writes records as they were).
    updated_at: { type: "string", required: true, default: () => new Date().toISOString(), watch: "*", set: (value?: string) => value ?? new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byPage: { index: "gsi1", pk: { field: "gsi1pk", composite: ["page_slug"] }, sk: { field: "gsi1sk", composite: ["section_key"] } },
  },
});
