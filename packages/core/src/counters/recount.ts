import { AdminAccounts } from "../auth/admin-accounts";
import { BlogPosts } from "../blog/blog";
import { BlogSchedules } from "../blog/schedules";
import { Courses } from "../catalog/catalog";
import { Messages } from "../messages/messages";
import { db } from "../db/service";
import { backfillMediaSearch } from "../media/search";
import { Newsletter } from "../newsletter/newsletter";
import { Registrations } from "../registrations/registrations";
import { Users } from "../users/users";
import { CounterDeltas, Counters, tally } from "./counters";

/**
 * Rebuilds every counter from the records (`npm run admin -- recount`, the seed, the bench), and
 * writes the hidden search attribute of records stored before it existed. Reads every record, so it
 * is never on a request path. A write that lands while it runs may be counted twice or not at all:
 * run it when the back office is quiet, or run it again.
 */
export async function recount(): Promise<{ counters: number; backfilled: number }> {
  const backfilled = (
    await Promise.all([
      Messages.backfillSearch(),
      Registrations.backfillSearch(),
      Users.backfillSearch(),
      Users.backfillAdmission(),
      BlogPosts.backfillSearch(),
      BlogPosts.backfillPublished(),
      backfillMediaSearch(),
      AdminAccounts.backfillIndex(),
      BlogSchedules.backfillIndex(),
    ])
  ).reduce((a, b) => a + b, 0);
  const [posts, courses, messages, registrations, users, subscribers] = await Promise.all([
    BlogPosts.listAll(),
    Courses.list(),
    Messages.listAll(),
    Registrations.listAll(),
    Users.listAll(),
    Newsletter.listAll(),
  ]);
  const figures = new CounterDeltas();
  for (const p of posts) figures.addAll(tally.post(p), 1);
  for (const c of courses) figures.addAll(tally.course(c), 1);
  for (const m of messages) figures.addAll(tally.message(m), 1);
  for (const r of registrations) figures.addAll(tally.registration(r), 1);
  for (const u of users) figures.addAll(tally.user(u), 1);
  for (const s of subscribers) figures.addAll(tally.subscriber(s), 1);
  await Counters.replace(figures);
  await db().meta.put({ key: COUNTERS_MARKER, value: COUNTERS_VERSION }).go();
  return { counters: figures.byId.size, backfilled };
}

const COUNTERS_MARKER = "counters";
/**
 * Bump when what is counted or backfilled changes: every table recounts once at its next start or
 * deploy. 2: users by day; 3: blog posts' search text; 4: media search text; 5: admin accounts' list index;
 * 6: published posts per category, and the published posts' index keys (byPublished); 7: the
 * schedules' soonest-first index keys (bySoonest); 8: a record kind's counters in one item (and one
 * per kind and day), the items of one counter each deleted; 9: Google admins' stored role (team/roles.ts).
 */
const COUNTERS_VERSION = "9";

/**
 * Counts once in a table whose records predate the counters (an upgrade): the local runtime and the
 * deploy script call it at every start; after the first recount it is one Get.
 */
export async function ensureCounters(): Promise<"recounted" | "ready"> {
  const { data } = await db().meta.get({ key: COUNTERS_MARKER }).go();
  if (data?.value === COUNTERS_VERSION) return "ready";
  await recount();
  return "recounted";
}
