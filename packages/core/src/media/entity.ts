import { Entity } from "../db/entity";
import { byYearIndex, idAttribute, searchAttribute } from "../db/attributes";
import { derivationStatuses, imageTypes } from "../contract/media";

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
 *
 * The library's search is a FilterExpression `contains(search, :q)` on the byYear queries: `search`
 * is the file name and alt text, lowercased, written on complete and on every rename or alt change
 * (the recount writes it for images stored before it existed). `sha256` is the stored file's digest,
 * claimed in MediaHashEntity; an upload whose bytes were already in the library stays pending with
 * `duplicate_of` naming that image (its file deleted) until its ttl, so completing it again answers
 * the same.
 *
 * Completing checks the whole file with sharp, keeps the original private (`originals/{id}.{ext}`),
 * serves a copy without metadata at `key`, and stores `width`, `height` and a tiny `placeholder`;
 * `derivation` is then `processing` until the derived files exist (media/derive.ts, run by
 * Media.derive): `widths` and the `fallback` format name them (contract/media-path.ts).
 */
export const MediaEntity = new Entity({
  model: { entity: "media", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    status: { type: ["pending", "complete"] as const, required: true },
    filename: { type: "string", required: true },
    alt: { type: "string", default: "" },
    content_type: { type: imageTypes, required: true, readOnly: true },
    size: { type: "number", required: true },
    key: { type: "string", required: true, readOnly: true },
    // Neither is readOnly: completing writes both again, unchanged, since ElectroDB writes the keys
    // of an index with a condition only from an update that names every composite of it.
    created_at: { type: "string", required: true },
    bucket: { type: "string", required: true, hidden: true },
    ttl: { type: "number" },
    search: searchAttribute,
    sha256: { type: "string" },
    duplicate_of: { type: "string" },
    derivation: { type: derivationStatuses },
    width: { type: "number" },
    height: { type: "number" },
    placeholder: { type: "string" },
    widths: { type: "list", items: { type: "number" } },
    fallback: { type: ["jpg", "png"] as const },
    // Whether the featured slot's crop (WIDE_CROP) was derived too.
    wide: { type: "boolean" },
  },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    // Sparse: only completed images have gsi1 keys.
    byYear: { ...byYearIndex("gsi1"), condition: (item) => item.status === "complete" },
  },
});

/**
 * One claim per distinct file in the library: the SHA-256 of a completed image's bytes and the
 * image's id, created with a condition, so the same bytes uploaded again (even twice at once) find
 * the image they already are instead of becoming a copy. A claim whose image is gone, or never got
 * served, is taken over by the next upload of those bytes; deleting the image deletes its claim.
 *
 * Access patterns:
 *   bySha256  Get  the image holding a digest   pk: sha256
 */
export const MediaHashEntity = new Entity({
  model: { entity: "mediaHash", version: "1", service: "agency" },
  attributes: {
    sha256: { type: "string", required: true, readOnly: true },
    media_id: { type: "string", required: true },
  },
  indexes: {
    bySha256: { pk: { field: "pk", composite: ["sha256"] }, sk: { field: "sk", composite: [] } },
  },
});
