import { Entity } from "../db/entity";
import { byYearIndex, idAttribute } from "../db/attributes";
import { imageTypes } from "../contract/media";

/**
 * Uploaded images (the media library).
 *
 * Access patterns:
 *   byId    Get    one image or upload by id                      pk: id
 *   byYear  Query  completed images of one year, newest first     gsi1: bucket (year) / created_at
 *           (a sparse index: the index's condition writes gsi1 keys only for `complete` images, so
 *            the library never reads pending or abandoned uploads; the list pages through the years,
 *            newest first)
 *
 * An upload is stored `pending` when its POST is signed, with `ttl` one day ahead: an abandoned one
 * expires (DynamoDB's TTL; readers check `ttl` themselves, since TTL deletes lazily and dynalite
 * never). Completing it sets `complete` and removes `ttl`. `key` is the object's key once
 * served (`media/{yyyy}/{id}.{ext}`); until then the file sits at `uploads/{id}`.
 */
export const MediaEntity = new Entity({
  model: { entity: "media", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    status: { type: ["pending", "complete"] as const, required: true },
    filename: { type: "string", required: true },
    content_type: { type: imageTypes, required: true, readOnly: true },
    size: { type: "number", required: true },
    key: { type: "string", required: true, readOnly: true },
    // Neither is readOnly: completing writes both again, unchanged, since ElectroDB writes the keys
    // of an index with a condition only from an update that names every composite of it.
    created_at: { type: "string", required: true },
    bucket: { type: "string", required: true, hidden: true },
    ttl: { type: "number" },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    // Sparse: only completed images have gsi1 keys.
    byYear: { ...byYearIndex("gsi1"), condition: (item) => item.status === "complete" },
  },
});
