import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { config } from "../config";
import { dynamo } from "../db/client";
import { BlogPosts } from "../blog/blog";
import { BlogEditor } from "../blog/editor";
import { Courses } from "../catalog/catalog";
import { Messages } from "../messages/messages";
import { blogPostInput } from "../contract/blog";
import { courseInput, courseUpdate } from "../contract/catalog";
import { dashboardStats } from "../dashboard/dashboard";
import { db } from "../db/service";
import { Registrations } from "../registrations/registrations";
import { Users } from "../users/users";
import { CounterDeltas, Counters, counters, type CounterKey } from "./counters";
import { recount } from "./recount";

const read = async (...keys: CounterKey[]) => Counters.read(keys);
/** The change of `keys` across `action`, counter by counter. */
async function deltas(keys: CounterKey[], action: () => Promise<unknown>): Promise<number[]> {
  const before = await Counters.read(keys);
  await action();
  const after = await Counters.read(keys);
  return after.map((v, i) => v - before[i]!);
}
const message = (name: string, form_type: "general" | "automation" | "education" | "partnership" = "general") => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  company: "",
  message: "Hello",
  form_type,
});
const today = () => new Date().toISOString().slice(0, 10);

describe("message counters", () => {
  const keys = () => [counters.contactsTotal, counters.contactsUnread, counters.contactsOfType("partnership"), counters.contactsOfDay(today())];

  it("count a new message in total, unread, its type and its day, and uncount it when deleted", async () => {
    let id = "";
    expect(await deltas(keys(), async () => (id = (await Messages.create(message("Ann", "partnership"))).id))).toEqual([1, 1, 1, 1]);
    expect(await deltas(keys(), () => Messages.remove(id))).toEqual([-1, -1, -1, -1]);
    await expect(Messages.remove(id)).rejects.toMatchObject({ status: 404 });
    expect(await deltas(keys(), () => Messages.remove(id).catch(() => undefined))).toEqual([0, 0, 0, 0]);
  });

  it("move unread only when the message really changes, however often or concurrently it is toggled", async () => {
    const { id } = await Messages.create(message("Bob"));
    expect(await deltas([counters.contactsUnread], () => Messages.setRead(id, true))).toEqual([-1]);
    expect(await deltas([counters.contactsUnread], () => Messages.setRead(id, true))).toEqual([0]);
    expect(await deltas([counters.contactsUnread], () => Promise.all(Array.from({ length: 8 }, () => Messages.setRead(id, false))))).toEqual([1]);
    expect((await Messages.get(id)).is_read).toBe(false);
    await expect(Messages.setRead("no-such-message", true)).rejects.toMatchObject({ status: 404 });
  });

  it("stay right when Mark All Read races single toggles", async () => {
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => Messages.create(message(`Race${i}`))));
    await Promise.all([Messages.markAllRead(), ...made.slice(0, 10).map((m) => Messages.setRead(m.id, true)), Messages.markAllRead()]);
    const all = await Messages.listAll();
    const [unread] = await read(counters.contactsUnread);
    expect(unread).toBe(all.filter((m) => !m.is_read).length);
    expect(unread).toBe(0);
    const result = await Messages.markAllRead();
    expect(result).toEqual({ updated: 0, remaining: 0 });
  });

  it("give the Messages figures with every form_type as stored, as a list", async () => {
    // An old message of a type the site no longer offers, written as older data was.
    await db()
      .contactSubmission.create({ ...Messages.record({ ...message("Old"), form_type: "general" }), form_type: "constructor" })
      .go();
    await recount();
    const stats = await Messages.stats();
    expect(Array.isArray(stats.by_type)).toBe(true);
    expect(stats.by_type).toContainEqual({ form_type: "constructor", count: 1 });
    expect(stats.read).toBe(stats.total - stats.unread);
    expect(stats.by_type.reduce((a, t) => a + t.count, 0)).toBe(stats.total);
    expect(stats.today).toBeGreaterThanOrEqual(1);
  });
});

describe("registration counters", () => {
  const keys = () => [counters.registrationsTotal, ...(["pending", "contacted", "enrolled", "declined"] as const).map(counters.registrationsWithStatus)];

  it("follow each status change once, from the status it really replaced", async () => {
    let id = "";
    expect(
      await deltas(
        keys(),
        async () =>
          (id = (
            await Registrations.create({
              name: "Cy",
              email: "cy@example.com",
              phone: "",
              company: "",
              course_interest: "AI",
              experience_level: "",
              preferred_start_date: "",
              additional_notes: "",
            })
          ).id),
      ),
    ).toEqual([1, 1, 0, 0, 0]);
    expect(await deltas(keys(), () => Registrations.setStatus(id, "contacted"))).toEqual([0, -1, 1, 0, 0]);
    expect(await deltas(keys(), () => Registrations.setStatus(id, "contacted"))).toEqual([0, 0, 0, 0, 0]);
    // Racing changes: whichever order they land in, every move starts from the status it replaced.
    await Promise.all([Registrations.setStatus(id, "enrolled"), Registrations.setStatus(id, "declined"), Registrations.setStatus(id, "enrolled")]);
    const final = (await Registrations.get(id)).status;
    const stats = await Registrations.stats();
    const all = await Registrations.listAll();
    for (const { status, count } of stats.by_status) expect(count, status).toBe(all.filter((r) => r.status === status).length);
    expect(await deltas(keys(), () => Registrations.remove(id))).toEqual([-1, ...(["pending", "contacted", "enrolled", "declined"] as const).map((s) => (s === final ? -1 : 0))]);
    await expect(Registrations.setStatus(id, "pending")).rejects.toMatchObject({ status: 404 });
  });
});

describe("post, course and user counters", () => {
  const post = (slug: string, is_published: boolean) => blogPostInput.parse({ title: slug, slug, content: "<p>x</p>", is_published });

  it("count posts and published posts through create, edit, publish and delete", async () => {
    const keys = [counters.postsTotal, counters.postsPublished];
    let id = "";
    expect(await deltas(keys, async () => (id = (await BlogEditor.create(post("counted-post", false))).id))).toEqual([1, 0]);
    expect(await deltas(keys, () => BlogEditor.setPublished(id, { is_published: true }))).toEqual([0, 1]);
    expect(await deltas(keys, async () => BlogEditor.update(id, { ...post("counted-post", true), version: (await BlogPosts.get(id)).version }))).toEqual([0, 0]);
    expect(await deltas(keys, async () => BlogEditor.update(id, { ...post("counted-post-2", false), version: (await BlogPosts.get(id)).version }))).toEqual([0, -1]);
    expect(await deltas(keys, () => BlogEditor.create(post("counted-post-2", true)).catch(() => undefined))).toEqual([0, 0]);
    expect(await deltas(keys, () => BlogEditor.remove(id))).toEqual([-1, 0]);
  });

  it("count courses and active courses through create, update and delete", async () => {
    const keys = [counters.coursesTotal, counters.coursesActive];
    let id = "";
    expect(await deltas(keys, async () => (id = (await Courses.create(courseInput.parse({ title: "Counted" }))).id))).toEqual([1, 1]);
    expect(await deltas(keys, () => Courses.update(id, courseUpdate.parse({ title: "Counted", is_active: false, version: 1 })))).toEqual([0, -1]);
    expect(await deltas(keys, () => Courses.update(id, courseUpdate.parse({ title: "Counted again", version: 2 })))).toEqual([0, 0]);
    expect(await Courses.get(id)).toMatchObject({ title: "Counted again", is_active: false, version: 3 });
    expect(await deltas(keys, () => Courses.remove(id))).toEqual([-1, 0]);
    await expect(Courses.update(id, courseUpdate.parse({ title: "Gone", version: 3 }))).rejects.toMatchObject({ status: 404 });
  });

  it("count a user once when first signing in, by join day and last sign-in day, and uncount a deleted one", async () => {
    const jan1 = Date.UTC(2026, 0, 1, 10);
    const jan3 = Date.UTC(2026, 0, 3, 23);
    const keys = [counters.usersTotal, counters.usersJoinedOn("2026-01-01"), counters.usersLastSignedInOn("2026-01-01"), counters.usersLastSignedInOn("2026-01-03")];
    const profile = { sub: "c-1", email: "count@example.com", email_verified: true };
    let id = "";
    expect(await deltas(keys, async () => (id = (await Users.upsertFromGoogle(profile, jan1))!.id))).toEqual([1, 1, 1, 0]);
    expect(await deltas(keys, () => Users.upsertFromGoogle(profile, jan1 + 60_000))).toEqual([0, 0, 0, 0]);
    expect(await deltas(keys, () => Users.upsertFromGoogle(profile, jan3))).toEqual([0, 0, -1, 1]);
    // Jan 10: the last sign-in was 7 days ago (active), the join 9 days ago (new). Feb 3: 31 days, inactive.
    expect(await Users.stats(Date.UTC(2026, 0, 10, 12))).toMatchObject({ active_7d: 1, new_30d: 1, inactive_30d: 0 });
    expect(await Users.stats(Date.UTC(2026, 1, 3, 12))).toMatchObject({ active_7d: 0, new_30d: 0, inactive_30d: 1 });
    await expect(Users.remove(id, { signedInAs: id })).rejects.toMatchObject({ status: 409, message: "You cannot delete the account you are signed in with." });
    expect(await deltas(keys, () => Users.remove(id))).toEqual([-1, -1, 0, -1]);
  });
});

describe("the recount", () => {
  it("deletes counters stored one item each (the earlier layout) and rebuilds them as a kind's items", async () => {
    // As the earlier layout stored a form type's count: its own item under the group's key.
    const { pk } = (db().counter.get({ group: "contact-types", name: "all" }).params() as { Key: { pk: string } }).Key;
    const Key = { pk, sk: "$counter_1#name_general" };
    await dynamo().client.send(
      new PutCommand({ TableName: config.tableName, Item: { ...Key, group: "contact-types", name: "general", count: 99, __edb_e__: "counter", __edb_v__: "1" } }),
    );
    await Messages.create(message("Layout", "general"));
    await recount();
    expect((await dynamo().client.send(new GetCommand({ TableName: config.tableName, Key }))).Item).toBeUndefined();
    const general = (await Messages.listAll()).filter((m) => m.form_type === "general").length;
    expect(await Counters.group("contact-types")).toContainEqual({ name: "general", count: general });
  });

  it("rebuilds corrupted counters from the records, and the Overview shows the figures", async () => {
    await Messages.create(message("Recount"));
    await Counters.apply(
      new CounterDeltas().add(counters.contactsTotal, 1000).add(counters.contactsUnread, -7).add(counters.postsTotal, 12).add(counters.contactsOfType("ghost"), 3),
    );
    await recount();
    const messages = await Messages.listAll();
    const [total, unread] = await read(counters.contactsTotal, counters.contactsUnread);
    expect(total).toBe(messages.length);
    expect(unread).toBe(messages.filter((m) => !m.is_read).length);
    expect((await Counters.group("contact-types")).map((t) => t.name)).not.toContain("ghost");
    const { stats } = await dashboardStats();
    expect(stats.contacts).toEqual({ total, unread });
    expect(stats.blogPosts.total).toBe(stats.blogPosts.published + stats.blogPosts.drafts);
  });

  it("writes the search text of records stored before it existed", async () => {
    const { search: _, ...old } = Messages.record(message("Legacy Person"));
    await db().contactSubmission.create(old).go();
    const find = () => Messages.list({ q: "legacy person", form_type: "", status: "all", limit: 10 });
    expect((await find()).items.map((m) => m.id)).not.toContain(old.id);
    expect((await recount()).backfilled).toBeGreaterThanOrEqual(1);
    expect((await find()).items.map((m) => m.id)).toContain(old.id);
  });
});
