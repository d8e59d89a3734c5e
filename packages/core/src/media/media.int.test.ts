import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import { Media } from "./media";
import { backfillMediaSearch } from "./search";

/** The records behind the media library (the S3 side is covered by tests/api/admin-media.test.ts). */
const record = (status: "pending" | "complete", ttl?: number) => {
  const id = randomUUID();
  const created_at = new Date().toISOString();
  return {
    id,
    status,
    filename: `${id}.png`,
    content_type: "image/png" as const,
    size: 10,
    key: `media/${created_at.slice(0, 4)}/${id}.png`,
    created_at,
    bucket: created_at.slice(0, 4),
    ttl,
  };
};

describe("media records", () => {
  it("treat a pending upload past its ttl as gone, though the table (dynalite: no TTL) still holds it", async () => {
    const stale = record("pending", Math.floor(Date.now() / 1000) - 1);
    await db().media.create(stale).go();
    expect((await db().media.get({ id: stale.id }).go()).data).not.toBeNull();
    await expect(Media.get(stale.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(Media.complete(stale.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(Media.remove(stale.id)).rejects.toBeInstanceOf(NotFoundError);

    const fresh = record("pending", Math.floor(Date.now() / 1000) + 60);
    await db().media.create(fresh).go();
    expect((await Media.get(fresh.id)).status).toBe("pending");
  });

  it("list completed images only: pending uploads have no keys in the by-year index", async () => {
    const pending = record("pending", Math.floor(Date.now() / 1000) + 60);
    const done = record("complete");
    await db().media.create(pending).go();
    await db().media.create(done).go();
    const ids = (await Media.list({ limit: 100, cursor: undefined, q: "" })).items.map((m) => m.id);
    expect(ids).toContain(done.id);
    expect(ids).not.toContain(pending.id);
    const yearQuery = await db().media.query.byYear({ bucket: pending.bucket }).go({ pages: "all" });
    expect(yearQuery.data.map((m) => m.id)).not.toContain(pending.id);
  });

  it("rename an image and set its alt text, a field left out keeping its value, and find it by either", async () => {
    const done = record("complete");
    await db().media.create(done).go();
    const tag = randomUUID().slice(0, 8);
    expect(await Media.update(done.id, { filename: `Harbour-${tag}.PNG` })).toMatchObject({ id: done.id, filename: `Harbour-${tag}.PNG`, alt: "" });
    expect(await Media.update(done.id, { alt: `Boats at dusk ${tag}` })).toMatchObject({ filename: `Harbour-${tag}.PNG`, alt: `Boats at dusk ${tag}` });
    // Still in the by-year index after the patches, and found by name or alt, case-insensitively.
    for (const q of [`harbour-${tag}`, `dusk ${tag}`]) {
      expect(
        (await Media.list({ limit: 100, cursor: undefined, q })).items.map((m) => m.id),
        q,
      ).toEqual([done.id]);
    }
    expect((await Media.list({ limit: 100, cursor: undefined, q: `nothing-${tag}` })).items).toEqual([]);
  });

  it("refuse to edit an upload that was never completed: 404, as if it were not there", async () => {
    const pending = record("pending", Math.floor(Date.now() / 1000) + 60);
    await db().media.create(pending).go();
    await expect(Media.update(pending.id, { alt: "x" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(Media.update(randomUUID(), { alt: "x" })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("backfill the search text of images stored before it existed, so a search finds them", async () => {
    const old = { ...record("complete"), filename: `Legacy-${randomUUID().slice(0, 8)}.png` };
    await db().media.create(old).go();
    const q = old.filename.toLowerCase();
    expect((await Media.list({ limit: 100, cursor: undefined, q })).items).toEqual([]);
    expect(await backfillMediaSearch()).toBeGreaterThanOrEqual(1);
    expect((await Media.list({ limit: 100, cursor: undefined, q })).items.map((m) => m.id)).toEqual([old.id]);
  });

  it("serve at a /media/ path only the completed image whose key is that path", async () => {
    const done = record("complete");
    const pending = record("pending", Math.floor(Date.now() / 1000) + 60);
    await db().media.create(done).go();
    await db().media.create(pending).go();
    expect((await Media.servedAt(`/${done.key}`))?.key).toBe(done.key);
    expect(await Media.servedAt(`/${pending.key}`)).toBeUndefined();
    // The same id under another year or extension, an unknown id, or a path that is no media path.
    expect(await Media.servedAt(`/${done.key.replace(/\.png$/, ".gif")}`)).toBeUndefined();
    expect(await Media.servedAt(`/media/1999/${done.id}.png`)).toBeUndefined();
    expect(await Media.servedAt(`/media/${done.bucket}/${randomUUID()}.png`)).toBeUndefined();
    expect(await Media.servedAt(`/media/${done.bucket}/../${done.bucket}/${done.id}.png`)).toBeUndefined();
    expect(await Media.servedAt(`/uploads/${done.id}`)).toBeUndefined();
  });
});
