import { randomUUID } from "node:crypto";
import type { EntityItem } from "electrodb";
import type * as z from "../contract/zod";
import {
  imageExtensions,
  MAX_UPLOAD_BYTES,
  uploadMessages,
  type CompletedUpload,
  type MediaItem,
  type MediaLibraryItem,
  type mediaListQuery,
  type mediaUpdate,
  type UploadTicket,
  type uploadRequest,
} from "../contract/media";
import { DERIVED_PATH, derivedFolder, derivedName, derivedOwner, isMediaPath, SOCIAL_IMAGE, WIDE_CROP } from "../contract/media-path";
import { bucketOf } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { pageAcrossYears, type Page } from "../db/paging";
import { db } from "../db/service";
import { HttpError, NotFoundError } from "../errors";
import type { MediaEntity } from "./entity";
import { searchOf } from "./search";
import { isImageOfType, MAGIC_BYTES_NEEDED } from "./magic";
import { deriveImage, prepareImage, RefusedImage, wantsWide, widthsFor } from "./derive";
import { mediaCompleted } from "./derivation-queue";
import { copyPrivate, deleteObject, firstBytes, objectSize, originalKey, publish, putServed, readBytes, sha256Of, signUpload, stagingKey, trashKey } from "./storage";
import { inUseMessage, loadUsage } from "./usage";

export type MediaRecord = EntityItem<typeof MediaEntity>;

/** An upload nobody completes expires after a day (its staging object stays until deleted). */
export const PENDING_TTL_SECONDS = 24 * 60 * 60;

const notFound = () => new NotFoundError("Image not found");
/** A stored file that is not what was promised: 422 naming the file, as the screens show it. */
const refused = (message: string) => new HttpError(422, message, { fields: { file: message } });
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** TTL deletes lazily (and dynalite never), so a pending upload past its ttl is gone to every reader. */
const expired = (m: MediaRecord) => m.status === "pending" && m.ttl !== undefined && m.ttl <= nowSeconds();

/** The wire form: the key `media/...` is served at `/media/...` on the site's origin. */
export const toMediaItem = (m: MediaRecord): MediaItem => ({
  id: m.id,
  url: `/${m.key}`,
  filename: m.filename,
  alt: m.alt ?? "",
  content_type: m.content_type,
  size: m.size,
  created_at: m.created_at,
  status: m.derivation ?? "processing",
  width: m.width ?? 0,
  height: m.height ?? 0,
});

/**
 * Whether image `m` has its sizes at today's widths: ready, derived at every width of DERIVED_WIDTHS
 * its own allows, and cut to the featured slot when its shape asks for it. An image derived before a
 * width was added (768, for phones) or before the featured slot's crop is derived again by
 * `npm run admin -- media-derive` and each deploy's run.
 */
export const hasCurrentSizes = (m: MediaRecord): boolean =>
  m.derivation === "ready" && m.width !== undefined && (m.widths ?? []).join() === widthsFor(m.width).join() && (m.wide ?? false) === wantsWide(m.width, m.height ?? 0);

/** The keys of an image's derived files (`media/{yyyy}/{id}/640.avif`...), as its record names them. */
export const derivedKeys = (m: MediaRecord): string[] => {
  const folder = derivedFolder(`/${m.key}`).slice(1);
  const names = (m.widths ?? []).flatMap((w) => [
    ...(["avif", "webp", m.fallback ?? "jpg"] as const).map((f) => derivedName(w, f)),
    ...(m.wide ? WIDE_CROP.formats.map((f) => derivedName(w, f, true)) : []),
  ]);
  return [...names, SOCIAL_IMAGE.name].map((n) => folder + n);
};

const originalOf = (m: MediaRecord) => originalKey(m.id, imageExtensions[m.content_type]);
const contentTypeOf: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function find(id: string): Promise<MediaRecord | undefined> {
  const { data } = await db().media.get({ id }).go();
  return data && !expired(data) ? data : undefined;
}

/**
 * Claims the digest of upload `id`'s bytes. Answers the completed image that already holds it (the
 * upload is then a duplicate), or undefined once `id` holds it. A claim whose image is gone, or
 * still pending (its completion failed part-way, or is running right now), is taken over: at
 * worst two concurrent uploads of one file both become images, never none.
 */
async function claimDigest(sha256: string, id: string): Promise<MediaRecord | undefined> {
  for (;;) {
    try {
      await db().mediaHash.create({ sha256, media_id: id }).go({ response: "none" });
      return undefined;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
    const { data: claim } = await db().mediaHash.get({ sha256 }).go();
    if (!claim) continue; // released meanwhile (its image deleted): claim it afresh
    if (claim.media_id === id) return undefined; // this upload's own claim (a completion repeated)
    const holder = await find(claim.media_id);
    if (holder?.status === "complete") return holder;
    try {
      await db()
        .mediaHash.patch({ sha256 })
        .set({ media_id: id })
        .where((c, { eq }) => eq(c.media_id, claim.media_id))
        .go({ response: "none" });
      return undefined;
    } catch (err) {
      if (!isConditionalFailure(err)) throw err; // taken or released meanwhile: look again
    }
  }
}

async function setDerivation(id: string, derivation: "ready" | "failed", changes: Partial<MediaRecord>) {
  await db()
    .media.patch({ id })
    .set({ ...changes, derivation })
    .where((m, { eq }) => eq(m.status, "complete"))
    .go({ response: "none" })
    .catch((err: unknown) => {
      if (!isConditionalFailure(err)) throw err; // deleted meanwhile
    });
}

export const Media = {
  /**
   * Records a pending upload and signs the form that puts the file at its staging key. The key is
   * made here (never from the file name): `uploads/{id}` now, `media/{yyyy}/{id}.{ext}` once checked.
   */
  async startUpload(input: z.output<typeof uploadRequest>): Promise<UploadTicket> {
    const id = randomUUID();
    const created_at = new Date().toISOString();
    const year = bucketOf(created_at);
    const key = `media/${year}/${id}.${imageExtensions[input.content_type]}`;
    // Stored before signing: a form is never handed out for an upload that could not be completed.
    await db()
      .media.create({
        id,
        status: "pending",
        filename: input.filename,
        content_type: input.content_type,
        size: input.size,
        key,
        created_at,
        bucket: year,
        ttl: nowSeconds() + PENDING_TTL_SECONDS,
      })
      .go({ response: "none" });
    const post = await signUpload(stagingKey(id), input.content_type);
    return { id, url: post.url, fields: post.fields, public_url: `/${key}` };
  },

  /**
   * What is served at `path`: `/media/{yyyy}/{id}.{ext}`, the completed image whose key is that very
   * path, or one of its derived files (`/media/{yyyy}/{id}/640.avif`...) once they exist; undefined
   * otherwise. The local gateway serves nothing else from the bucket, and serves it with the type
   * named here (the record's, which completing verified; a derived file's by its name), never the
   * object's stored header.
   */
  async servedAt(path: string): Promise<{ key: string; content_type: string } | undefined> {
    if (isMediaPath(path)) {
      const id = path.slice(path.lastIndexOf("/") + 1, path.lastIndexOf("."));
      const item = await find(id);
      return item?.status === "complete" && `/${item.key}` === path ? { key: item.key, content_type: item.content_type } : undefined;
    }
    if (!DERIVED_PATH.test(path)) return undefined;
    const owner = derivedOwner(path);
    const item = await find(owner.slice(owner.lastIndexOf("/") + 1));
    if (item?.status !== "complete" || item.derivation !== "ready" || !item.key.startsWith(owner.slice(1) + ".")) return undefined;
    const key = path.slice(1);
    return derivedKeys(item).includes(key) ? { key, content_type: contentTypeOf[key.slice(key.lastIndexOf(".") + 1)]! } : undefined;
  },

  /**
   * Makes the derived files of image `id` (media/derive.ts) and marks it `ready`, or `failed` when
   * its original cannot be derived. Run once its upload is completed (locally by the runtime, in AWS
   * by the media-derive function on the original's arrival in the bucket) and by `npm run admin --
   * media-derive`; an image with its sizes at today's widths is left alone unless `again`. An image completed before
   * derivation existed has its original at its served address: it is first copied to its private
   * key and served again without metadata. Answers what it did.
   */
  async derive(id: string, { again = false } = {}): Promise<"ready" | "failed" | "skipped"> {
    let item = await find(id);
    // In AWS the original's arrival can beat the record's completion by a moment.
    for (let i = 0; item?.status === "pending" && i < 10; i++) {
      await sleep(300);
      item = await find(id);
    }
    if (!item) return "skipped";
    if (item.status !== "complete") throw new Error(`Image ${id} is not completed yet`);
    if (hasCurrentSizes(item) && !again) return "skipped";
    const type = item.content_type;
    const original = originalOf(item);
    const changes: Partial<MediaRecord> = {};
    let bytes: Uint8Array;
    try {
      if ((await objectSize(original)) === undefined) {
        if ((await objectSize(item.key)) === undefined) throw new RefusedImage("Its file is missing");
        await copyPrivate(item.key, original, type);
        bytes = await readBytes(original);
        const prepared = await prepareImage(bytes, type);
        await putServed(item.key, prepared.served, type);
        Object.assign(changes, { width: prepared.width, height: prepared.height, placeholder: prepared.placeholder });
      } else {
        bytes = await readBytes(original);
      }
      const derived = await deriveImage(bytes, type);
      const folder = derivedFolder(`/${item.key}`).slice(1);
      for (const f of derived.files) await putServed(folder + f.name, f.body, f.contentType);
      Object.assign(changes, {
        width: derived.width,
        height: derived.height,
        placeholder: derived.placeholder,
        widths: derived.widths,
        fallback: derived.fallback,
        wide: derived.wide,
      });
    } catch (err) {
      if (!(err instanceof RefusedImage)) throw err;
      console.error(JSON.stringify({ level: "error", message: "image derivation refused the original", id, error: err.message }));
      await setDerivation(id, "failed", changes);
      return "failed";
    }
    await setDerivation(id, "ready", changes);
    return "ready";
  },

  /** One image (or a pending upload); 404 when unknown or expired. */
  async get(id: string): Promise<MediaRecord> {
    const found = await find(id);
    if (!found) throw notFound();
    return found;
  },

  /**
   * Checks an uploaded file and serves it: it must exist, be at most MAX_UPLOAD_BYTES, and start
   * with the signature of the claimed type (S3 holds the browser to the signed policy, but nothing
   * looks at the bytes). A refused file is deleted and the upload stays pending (a later call
   * answers "not uploaded"). A good one is copied to its media key with its type and a long cache,
   * the staging copy deleted, and the item completed. Every step is idempotent, so completing
   * twice, or concurrently, answers the same image. A file whose bytes (SHA-256) an image of the
   * library already has is not stored again: its staging copy is deleted, the upload remembers
   * that image (`duplicate_of`) until it expires, and the answer is that image, `duplicate: true`.
   */
  async complete(id: string): Promise<CompletedUpload> {
    const item = await Media.get(id);
    if (item.status === "complete") return { ...toMediaItem(item), duplicate: false };
    if (item.duplicate_of) return { ...toMediaItem(await Media.get(item.duplicate_of)), duplicate: true };
    const staged = stagingKey(id);
    const size = await objectSize(staged);
    if (size === undefined) throw refused(uploadMessages.notUploaded);
    if (size === 0 || size > MAX_UPLOAD_BYTES) {
      await deleteObject(staged);
      throw refused(size === 0 ? uploadMessages.empty : uploadMessages.tooLarge);
    }
    if (!isImageOfType(await firstBytes(staged, MAGIC_BYTES_NEEDED), item.content_type)) {
      await deleteObject(staged);
      throw refused(uploadMessages.notValid(item.content_type));
    }
    const bytes = await readBytes(staged);
    let prepared;
    try {
      prepared = await prepareImage(bytes, item.content_type);
    } catch (err) {
      if (!(err instanceof RefusedImage)) throw err;
      await deleteObject(staged);
      throw refused(err.message);
    }
    const sha256 = sha256Of(bytes);
    const existing = await claimDigest(sha256, id);
    if (existing) {
      // The same bytes are in the library: answer that image, and keep no copy of this one.
      await deleteObject(staged);
      await db()
        .media.patch({ id })
        .set({ duplicate_of: existing.id })
        .where((m, { eq }) => eq(m.status, "pending"))
        .go({ response: "none" })
        .catch((err: unknown) => {
          if (!isConditionalFailure(err)) throw err; // completed meanwhile by a concurrent call
        });
      return { ...toMediaItem(existing), duplicate: true };
    }
    // The original, metadata and all, is kept where nothing serves it; its address serves a copy without.
    await copyPrivate(staged, originalOf(item), item.content_type);
    await putServed(item.key, prepared.served, item.content_type);
    try {
      const { data } = await db()
        .media.patch({ id })
        // created_at and bucket unchanged: named so the sparse index gets its keys (entity.ts).
        .set({
          status: "complete",
          size,
          sha256,
          search: searchOf(item),
          created_at: item.created_at,
          bucket: bucketOf(item.created_at),
          derivation: "processing",
          width: prepared.width,
          height: prepared.height,
          placeholder: prepared.placeholder,
        })
        .remove(["ttl"])
        .where((m, { eq }) => eq(m.status, "pending"))
        .go({ response: "all_new" });
      await deleteObject(staged);
      mediaCompleted(id);
      return { ...toMediaItem(data as MediaRecord), duplicate: false };
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
      const now = await find(id); // completed meanwhile by a concurrent call, or deleted
      if (now?.status === "complete") return { ...toMediaItem(now), duplicate: false };
      throw notFound();
    }
  },

  /**
   * Renames an image and sets its default alt text (a field left out keeps its value); answers the
   * image. Only completed images are in the library: a pending upload is 404.
   */
  async update(id: string, changes: z.output<typeof mediaUpdate>): Promise<MediaItem> {
    const item = await Media.get(id);
    if (item.status !== "complete") throw notFound();
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as { alt?: string; filename?: string };
    try {
      const { data } = await db()
        .media.patch({ id })
        .set({ ...set, search: searchOf({ ...item, ...set }) })
        .where((m, { eq }) => eq(m.status, "complete"))
        .go({ response: "all_new" });
      return toMediaItem(data as MediaRecord);
    } catch (err) {
      if (isConditionalFailure(err)) throw notFound(); // deleted meanwhile
      throw err;
    }
  },

  /**
   * One page of completed images, newest first, each with the records that use it. `q` matches the
   * hidden search text (file name and alt) of every image, through the years, not a loaded page.
   */
  async list({ limit, cursor, q }: z.output<typeof mediaListQuery>): Promise<Page<MediaLibraryItem>> {
    const page = await pageAcrossYears({
      entity: db().media,
      list: "media",
      filters: { q },
      limit,
      cursor,
      filtered: Boolean(q),
      query: (bucket, p) => {
        const byYear = db().media.query.byYear({ bucket });
        return q ? byYear.where((m, { contains }) => contains(m.search, q)).go(p) : byYear.go(p);
      },
    });
    if (!page.items.length) return { ...page, items: [] };
    const usedBy = await loadUsage();
    return {
      ...page,
      items: page.items.map((m) => {
        const item = toMediaItem(m);
        return { ...item, used_by: usedBy(item.url) };
      }),
    };
  },

  /**
   * Deletes an image nothing uses (409 naming the users otherwise) and answers what it was. Its file
   * moves to trashKey(id), which nothing serves, for the Trash to restore or purge; the objects go
   * first, then the item, so a failure part-way leaves an item whose delete can be repeated, never a
   * served file nobody can find.
   */
  async remove(id: string) {
    const item = await Media.get(id);
    const uses = (await loadUsage())(toMediaItem(item).url);
    if (uses.length) throw new HttpError(409, inUseMessage(uses), { used_by: uses });
    // The served copy waits in the Trash; the original stays private (originals/), and the sizes go:
    // a restored image is derived again from its original.
    if (item.status === "complete") await copyPrivate(item.key, trashKey(id), item.content_type);
    await Promise.all([item.key, stagingKey(id), ...derivedKeys(item)].map(deleteObject));
    await db().media.remove({ id }).go({ response: "none" });
    // The same bytes uploaded later are a new image: the digest's claim goes with this one.
    if (item.sha256) {
      await db()
        .mediaHash.delete({ sha256: item.sha256 })
        .where((c, { eq }) => eq(c.media_id, id))
        .go({ response: "none" })
        .catch((err: unknown) => {
          if (!isConditionalFailure(err)) throw err; // taken over meanwhile
        });
    }
    return item;
  },

  /** Puts a deleted image back (the Trash): its file where it was served, its record, its digest's claim unless taken. */
  async restore(record: MediaRecord): Promise<MediaItem> {
    if (await find(record.id)) throw new HttpError(409, "This image already exists");
    await publish(trashKey(record.id), record.key, record.content_type);
    const { data } = await db()
      .media.create({ ...record, bucket: bucketOf(record.created_at), search: searchOf(record) })
      .go();
    await deleteObject(trashKey(record.id));
    // Its sizes were deleted with it: made again from its original, 'processing' until then.
    if (record.status === "complete") {
      await db().media.patch({ id: record.id }).set({ derivation: "processing" }).go({ response: "none" });
      // In AWS an original's arrival starts its derivation (infra/media.ts): it is written again, onto
      // itself. The local runtime is told directly.
      const original = originalOf(record);
      if ((await objectSize(original)) !== undefined) await copyPrivate(original, original, record.content_type);
      mediaCompleted(record.id);
    }
    if (record.sha256) {
      await db()
        .mediaHash.create({ sha256: record.sha256, media_id: record.id })
        .go({ response: "none" })
        .catch((err: unknown) => {
          if (!isConditionalFailure(err)) throw err; // the same bytes were uploaded again meanwhile
        });
    }
    return toMediaItem(data as MediaRecord);
  },

  /**
   * Deletes a trashed image's files for good (the Trash's purge): the served copy and the original,
   * under whichever extension it had (deleting a missing key does nothing).
   */
  purge: (id: string) => Promise.all([trashKey(id), ...[...new Set(Object.values(imageExtensions))].map((ext) => originalKey(id, ext))].map(deleteObject)),
};
