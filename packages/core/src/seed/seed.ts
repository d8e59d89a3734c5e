import { BlogEditor } from "../blog/editor";
import { blogPostInput } from "../contract/blog";
import { recount } from "../counters/recount";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { atVersion } from "../db/versions";
import { ConflictError } from "../errors";
import { seedBlogPosts, seedCourses, seedIndustries, seedPageSections, seedServiceDetails, seedServices, seedSiteSettings } from "./content";

/**
 * The seed a table holds. 2: the six courses carry the tech school cards' texts (the page reads
 * them from Course Management since then), with highlights and a rating.
 */
const SEED_VERSION = "2";

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
    if (marker.value === "1") {
      await upgradeSeededCourses();
      await e.meta.put({ key: "seed", value: SEED_VERSION }).go();
    }
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

/**
 * Seed 1 to 2: each seeded course nobody has saved since (still version 1) takes the seed's current
 * texts, so the tech school page of an older table shows the cards it showed before it read Course
 * Management. A course an admin edited or deleted is left as it is; a save racing this one wins.
 */
async function upgradeSeededCourses() {
  const e = db();
  await Promise.all(
    seedCourses.map(async ({ id, title, description, level, student_count, highlights, rating }) => {
      try {
        await e.course.patch({ id }).set({ title, description, level, student_count, highlights, rating, version: 2 }).where(atVersion(1)).go();
      } catch (err) {
        if (!isConditionalFailure(err)) throw err;
      }
    }),
  );
}

/** Counters for a table whose records predate them (run after seedDefaults at every start and deploy). */
export { ensureCounters } from "../counters/recount";

/** The ADMIN_USERNAME / ADMIN_PASSWORD account, created or updated at local start and at every deploy. */
export { bootstrapAdmin } from "../auth/admin-accounts";
