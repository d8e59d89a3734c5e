import { randomUUID } from "node:crypto";
import type { AuditActor } from "../contract/audit";
import { bucketOf, searchText } from "../db/attributes";
import { retryUnprocessed, UnprocessedError } from "../db/batch";
import { db } from "../db/service";
import { siteExportKinds, type SiteExport, type SiteImportCounts } from "../contract/site-export";
import { recount } from "../counters/recount";
import { HttpError, NotFoundError } from "../errors";

/**
 * Replaces the site's content with an export (contract/site-export.ts): every record of every kind
 * the export holds is deleted, then the export's records are written as they were stored, with what
 * an export leaves out (hidden index keys, slug claims, schedules, image digests) made again, and
 * every counter rebuilt. The team's accounts, sessions, passkeys, the audit log and History are
 * not content: they stay. What is replaced is the caller's to keep first (an export of it).
 *
 * Every record is checked against its entity before anything is deleted, so a document that does
 * not fit is refused (400 naming the records) and nothing changes. Writes are batches of 25 (no
 * transactions: docs say dynalite has none); a failure part-way can be repaired by importing again.
 */

type Rec = { [k: string]: unknown; id: string };
/** The ElectroDB calls an import makes on each kind: batch put and delete, and one put's params to check a record. */
interface Writable {
  put(items: object[] | object): { go(o?: object): Promise<{ unprocessed?: unknown[] }>; params(): unknown };
  delete(keys: object[]): { go(o?: object): Promise<{ unprocessed?: unknown[] }> };
}
const entity = (name: keyof ReturnType<typeof db>) => db()[name] as unknown as Writable;

/** The entity of each kind of record, and how an export's record becomes the stored item. */
const kinds = {
  posts: {
    entity: () => entity("blogPost"),
    item: (r: Rec) => ({
      ...r,
      bucket: bucketOf(String(r.created_at ?? "")),
      ...(r.is_published === true && typeof r.published_at === "string" ? { pub_bucket: bucketOf(r.published_at) } : {}),
    }),
  },
  page_sections: { entity: () => entity("pageSection"), item: (r: Rec) => r },
  services: { entity: () => entity("service"), item: (r: Rec) => r },
  industries: { entity: () => entity("industry"), item: (r: Rec) => r },
  courses: { entity: () => entity("course"), item: (r: Rec) => r },
  service_details: { entity: () => entity("serviceDetail"), item: (r: Rec) => r },
  contact_submissions: { entity: () => entity("contactSubmission"), item: (r: Rec) => lead(r) },
  course_registrations: { entity: () => entity("courseRegistration"), item: (r: Rec) => lead(r) },
  // Searched by address; a mail still due is not sent again from the new table (lead() below).
  newsletter_subscribers: { entity: () => entity("newsletterSubscriber"), item: (r: Rec) => ({ ...lead(r), search: searchText(String(r.email ?? "")) }) },
  media: { entity: () => entity("media"), item: (r: Rec) => ({ ...r, bucket: bucketOf(String(r.created_at ?? "")) }) },
} as const;
type RecordKind = keyof typeof kinds;
const recordKinds = Object.keys(kinds) as RecordKind[];

/**
 * A lead's notification (or a subscriber's confirmation) was sent (or failed) where it was first
 * stored: an imported one that was still waiting is marked failed, so the stream does not mail the
 * team about old leads, or an address its confirmation, again; the inbox offers Resend.
 */
function lead(r: Rec) {
  const waiting = r.mail_status === "pending" || r.mail_status === "sending";
  return { ...r, bucket: bucketOf(String(r.created_at ?? "")), ...(waiting ? { mail_status: "failed" } : {}) };
}

/** The key of each stored item a kind holds: what its delete names. */
const keyOf: Record<RecordKind, (r: Rec) => object> = Object.fromEntries(recordKinds.map((k) => [k, (r: Rec) => ({ id: r.id })])) as never;

/** Every record checked against its entity, and the export's own rules; 400 naming each record that fails. */
export function checkSiteImport(doc: SiteExport): void {
  const fields: Record<string, string> = {};
  const fail = (path: string, message: string) => {
    if (Object.keys(fields).length < 50) fields[path] = message;
  };
  for (const kind of recordKinds) {
    const seen = new Set<string>();
    doc[kind].forEach((r, i) => {
      if (seen.has(r.id)) fail(`${kind}[${i}].id`, `id ${r.id} appears twice`);
      seen.add(r.id);
      try {
        kinds[kind].entity().put(kinds[kind].item(r)).params();
      } catch (err) {
        fail(`${kind}[${i}]`, (err as Error).message.replace(/ - For more detail.*$/s, ""));
      }
    });
  }
  const settingKeys = new Set<string>();
  doc.settings.forEach((s, i) => {
    if (settingKeys.has(s.key)) fail(`settings[${i}].key`, `key ${s.key} appears twice`);
    settingKeys.add(s.key);
    try {
      entity("siteSetting").put(s).params();
    } catch (err) {
      fail(`settings[${i}]`, (err as Error).message.replace(/ - For more detail.*$/s, ""));
    }
  });
  const slugs = new Map<string, string>();
  doc.posts.forEach((p, i) => {
    const slug = String(p.slug ?? "");
    if (slugs.has(slug)) fail(`posts[${i}].slug`, `slug ${slug} is used by two posts`);
    slugs.set(slug, p.id);
  });
  const postIds = new Set(doc.posts.map((p) => p.id));
  doc.slug_redirects.forEach((r, i) => {
    if (!postIds.has(r.post_id)) fail(`slug_redirects[${i}].post_id`, `post ${r.post_id} is not in the export`);
    else if (slugs.has(r.slug)) fail(`slug_redirects[${i}].slug`, `slug ${r.slug} is a post's own slug`);
  });
  if (Object.keys(fields).length) throw new HttpError(400, "The export does not fit this product's records: nothing was imported", { fields });
}

/** Runs batch writes until DynamoDB has taken every item (a batch may hand some back under load). */
async function batch(write: (items: object[]) => { go(o?: object): Promise<{ unprocessed?: unknown[] }> }, items: object[]) {
  let left = items;
  if (!left.length) return;
  await retryUnprocessed(
    async () => {
      const { unprocessed = [] } = await write(left).go({ concurrency: 4 });
      left = unprocessed as object[];
      if (left.length) throw new UnprocessedError(`DynamoDB left ${left.length} items unwritten after 5 attempts`);
    },
    { rounds: 5, firstWaitMs: 200 },
  );
}

/** The items beside the records: slug claims and redirects, schedules, image digests. */
function claimsOf(doc: Pick<SiteExport, "posts" | "slug_redirects" | "media">) {
  return {
    slugs: [
      ...doc.posts.map((p) => ({ slug: String(p.slug), post_id: p.id, kind: "post" })),
      ...doc.slug_redirects.map((r) => ({ slug: r.slug, post_id: r.post_id, kind: "redirect" })),
    ],
    schedules: doc.posts
      .filter((p) => p.is_published !== true && typeof p.publish_at === "string")
      .map((p) => ({ due_bucket: bucketOf(p.publish_at as string), publish_at: p.publish_at as string, post_id: p.id })),
    hashes: doc.media.filter((m) => typeof m.sha256 === "string").map((m) => ({ sha256: m.sha256 as string, media_id: m.id })),
  };
}

/**
 * Replaces the content `current` holds (an export of the site as it is now) with `doc`'s. Answers
 * how many records of each kind were written.
 */
export async function importSite(doc: SiteExport, current: SiteExport): Promise<SiteImportCounts> {
  checkSiteImport(doc);
  const before = claimsOf(current);
  // The old content goes first, its claims with it (a slug or digest the import holds is claimed again below).
  await Promise.all([
    ...recordKinds.map((k) => batch((keys) => kinds[k].entity().delete(keys), current[k].map(keyOf[k]))),
    batch(
      (keys) => entity("siteSetting").delete(keys),
      current.settings.map((s) => ({ key: s.key })),
    ),
    batch(
      (keys) => entity("blogSlug").delete(keys),
      before.slugs.map(({ slug }) => ({ slug })),
    ),
    batch((keys) => entity("blogSchedule").delete(keys), before.schedules),
    batch(
      (keys) => entity("mediaHash").delete(keys),
      before.hashes.map(({ sha256 }) => ({ sha256 })),
    ),
  ]);
  const after = claimsOf(doc);
  await Promise.all([
    ...recordKinds.map((k) => batch((items) => kinds[k].entity().put(items), doc[k].map(kinds[k].item))),
    batch((items) => entity("siteSetting").put(items), doc.settings),
    batch((items) => entity("blogSlug").put(items), after.slugs),
    batch((items) => entity("blogSchedule").put(items), after.schedules),
    batch((items) => entity("mediaHash").put(items), after.hashes),
  ]);
  // Counters, search text and the published index's keys, from the records now stored.
  await recount();
  return Object.fromEntries(siteExportKinds.map((k) => [k, doc[k].length])) as SiteImportCounts;
}

/**
 * Keeps the export an import is about to replace, for TRASH_DAYS: its file in the media bucket's
 * trash/ prefix (an export can be far larger than a DynamoDB item), a Trash item pointing at it that
 * the Trash screen lists with a Download link. Answers the Trash item.
 */
export async function keepBeforeImport(current: SiteExport, by: AuditActor) {
  const [{ Trash }, { writeObject, keptExportKey }] = await Promise.all([import("../trash/trash"), import("../media/storage")]);
  const id = randomUUID();
  const key = keptExportKey(id);
  await writeObject(key, new TextEncoder().encode(JSON.stringify(current)), "application/json; charset=utf-8");
  return Trash.keep(
    "site-export",
    { id, key, exported_at: current.exported_at, title: `Site content before the import of ${current.exported_at.slice(0, 16).replace("T", " ")} UTC` },
    by,
  );
}

/** The kept export's file, as it was written; 404 when the item is not a kept export or its file is gone. */
export async function readKeptExport(trashId: string): Promise<{ text: string; exported_at: string }> {
  const [{ Trash }, { readObject }] = await Promise.all([import("../trash/trash"), import("../media/storage")]);
  const kept = await Trash.get(trashId);
  const key = kept.record.key;
  if (kept.entity !== "site-export" || typeof key !== "string") throw new NotFoundError("Not a kept site export");
  const object = await readObject(key);
  if (!object?.body) throw new NotFoundError("The kept export's file is gone");
  return { text: await object.body.transformToString("utf8"), exported_at: String(kept.record.exported_at ?? kept.deleted_at) };
}
