import { BlogEditor } from "@agency/core/blog/editor";
import { Courses, Industries, ServiceDetails, Services } from "@agency/core/catalog/catalog";
import { blogPostInput, blogPostUpdate } from "@agency/core/contract/blog";
import { courseInput, courseUpdate, industryInput, industryUpdate, serviceDetailInput, serviceDetailUpdate, serviceInput, serviceUpdate } from "@agency/core/contract/catalog";
import { pageSectionUpdate } from "@agency/core/contract/page-sections";
import type { Revision, RevisionEntity } from "@agency/core/contract/revisions";
import { settingValue } from "@agency/core/contract/settings";
import { db } from "@agency/core/db/service";
import { NotFoundError } from "@agency/core/errors";
import { PageSectionEditor } from "@agency/core/page-sections/editor";
import { SiteSettings } from "@agency/core/settings/settings";
import type * as z from "@agency/core/contract/zod";
import { invalidate, invalidatePost, invalidateSettings, publicPaths } from "../invalidate";

/**
 * Restoring a revision is a save like any other, through the same domain functions and schemas as
 * the editors' PUT (validation, HTML sanitising, counters, slug claims) and the same CDN
 * invalidation: the snapshot's editable fields (those the entity's update schema takes) are sent
 * at the version the editor read. A deleted item (posts and the catalogues can be deleted) is
 * created again under its id through the create path; a post comes back as a draft, and only if its
 * slug is free (the slug claim's 409 names it).
 *
 * A post's publication is not restored (its published state and its scheduled time stay as they
 * are; a deleted post comes back a draft without a schedule): publishing has its own action, and a
 * restore changes text.
 */
type Snapshot = Record<string, unknown>;
type Item = Record<string, unknown>;

interface Target {
  get(id: string): Promise<Item | null>;
  /** The fields a restore sends (read from the update schema when a restore needs them). */
  fields(): readonly string[];
  update(id: string, fields: Snapshot, version: number): Promise<unknown>;
  create?(id: string, fields: Snapshot): Promise<unknown>;
}

/** The fields an update schema takes, but `version` and `except` (the contract's schemas are built on first use: z.lazy). */
const editableFields =
  (schema: z.ZodMiniLazy<z.ZodMiniObject>, except: string[] = []) =>
  () =>
    Object.keys(schema._zod.innerType.shape).filter((k) => k !== "version" && !except.includes(k));
const pick = (snapshot: Snapshot, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => Object.hasOwn(snapshot, f) && snapshot[f] !== undefined).map((f) => [f, snapshot[f]]));

function catalogTarget<C extends z.ZodMiniType, U extends z.ZodMiniLazy<z.ZodMiniObject>>(
  name: "service" | "industry" | "course" | "serviceDetail",
  domain: { create(i: z.output<C>, id?: string): Promise<unknown>; update(id: string, i: z.output<U>): Promise<unknown> },
  createSchema: C,
  updateSchema: U,
  paths: () => string[],
): Target {
  const entity = () => db()[name] as unknown as { get(k: { id: string }): { go(): Promise<{ data: Item | null }> } };
  return {
    get: async (id) => (await entity().get({ id }).go()).data,
    fields: editableFields(updateSchema),
    update: async (id, fields, version) => {
      const saved = await domain.update(id, updateSchema.parse({ ...fields, version }));
      await invalidate(paths());
      return saved;
    },
    create: async (id, fields) => {
      const saved = await domain.create(createSchema.parse(fields), id);
      await invalidate(paths());
      return saved;
    },
  };
}

const targets: Record<RevisionEntity, Target> = {
  "blog-posts": {
    get: async (id) => (await db().blogPost.get({ id }).go()).data,
    // Publication is never restored: not the published state, nor a scheduled time (one that has
    // passed since would publish the post).
    fields: editableFields(blogPostUpdate, ["is_published", "publish_at"]),
    update: async (id, fields, version) => invalidatePost(await BlogEditor.update(id, blogPostUpdate.parse({ ...fields, version }))),
    create: async (id, fields) => invalidatePost(await BlogEditor.create(blogPostInput.parse({ ...fields, is_published: false }), id)),
  },
  "page-sections": {
    get: async (id) => (await db().pageSection.get({ id }).go()).data,
    fields: editableFields(pageSectionUpdate),
    update: async (id, fields, version) => {
      const section = await PageSectionEditor.update(id, pageSectionUpdate.parse({ ...fields, version }));
      await invalidate(publicPaths.pageSections(section.page_slug));
      return section;
    },
  },
  services: catalogTarget("service", Services, serviceInput, serviceUpdate, publicPaths.services),
  industries: catalogTarget("industry", Industries, industryInput, industryUpdate, publicPaths.industries),
  courses: catalogTarget("course", Courses, courseInput, courseUpdate, publicPaths.courses),
  "service-details": catalogTarget("serviceDetail", ServiceDetails, serviceDetailInput, serviceDetailUpdate, publicPaths.serviceDetails),
  "site-settings": {
    get: async (key) => (await db().siteSetting.get({ key }).go()).data,
    fields: () => ["value"],
    update: async (key, fields, version) => invalidateSettings(await SiteSettings.update(key, settingValue.parse({ ...fields, version })), [key]),
  },
};

/**
 * Saves a revision's snapshot over its item at `version` (or recreates a deleted one). Answers the
 * saved item, the fields the restore changed, and whether it was created.
 */
export async function restoreRevision(revision: Revision, version: number): Promise<{ item: unknown; changed: string[]; created: boolean }> {
  const target = targets[revision.entity];
  const fields = pick(revision.snapshot, target.fields());
  const current = await target.get(revision.item_id);
  if (current) {
    const changed = Object.keys(fields).filter((f) => JSON.stringify(current[f] ?? null) !== JSON.stringify(fields[f] ?? null));
    return { item: await target.update(revision.item_id, fields, version), changed, created: false };
  }
  if (!target.create) throw new NotFoundError("The item of this revision no longer exists");
  return { item: await target.create(revision.item_id, fields), changed: Object.keys(fields), created: true };
}
