import { BlogEditor } from "../blog/editor";
import { blogPostInput } from "../contract/blog";
import { recount } from "../counters/recount";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { ConflictError } from "../errors";
import {
  seedBlogPosts, seedCourses, seedIndustries, seedPageSections, seedServiceDetails, seedServices, seedSiteSettings,
} from "./content";

const SEED_VERSION = "1";

/** A conditional create that treats "already there" as done, so every step can be re-run. */
async function createOnce(create: () => Promise<unknown>) {
  try {
    await create();
  } catch (err) {
    if (!isConditionalFailure(err) && !(err instanceof ConflictError)) throw err;
  }
}

/**
 * Seeds the default content into a table that has never been seeded. A marker records that seeding
 * finished, so content an admin later deletes does not come back on restart; every item has a fixed
 * id and a conditional create, so an interrupted seed can simply run again. The counters are
 * recounted at the end, so the seeded posts and courses are counted however far an earlier run got.
 */
export async function seedDefaults(): Promise<"seeded" | "already-seeded"> {
  const e = db();
  const { data: marker } = await e.meta.get({ key: "seed" }).go();
  if (marker) {
    // Settings added since the table was seeded (notification_emails): each is created once.
    await Promise.all(seedSiteSettings.map((s) => createOnce(() => e.siteSetting.create({ ...s, id: s.key }).go())));
    return "already-seeded";
  }

  await Promise.all([
    ...seedPageSections.map((s) => createOnce(() => e.pageSection.create(s).go())),
    ...seedServices.map((s) => createOnce(() => e.service.create(s).go())),
    ...seedIndustries.map((s) => createOnce(() => e.industry.create(s).go())),
    ...seedCourses.map((s) => createOnce(() => e.course.create(s).go())),
    ...seedServiceDetails.map((s) => createOnce(() => e.serviceDetail.create(s).go())),
    ...seedSiteSettings.map((s) => createOnce(() => e.siteSetting.create({ ...s, id: s.key }).go())),
  ]);
  for (const { id, created_at, ...post } of seedBlogPosts) {
    await createOnce(() => BlogEditor.create(blogPostInput.parse(post), id, created_at));
  }
  await recount();
  await e.meta.put({ key: "seed", value: SEED_VERSION }).go();
  return "seeded";
}

/** Counters for a table whose records predate them (run after seedDefaults at every start and deploy). */
export { ensureCounters } from "../counters/recount";

/** The ADMIN_USERNAME / ADMIN_PASSWORD account, created or updated at local start and at every deploy. */
export { bootstrapAdmin } from "../auth/admin-accounts";
