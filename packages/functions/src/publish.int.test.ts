import { describe, expect, it } from "vitest";
import { AuditLog } from "@agency/core/audit/audit";
import { BlogPosts } from "@agency/core/blog/blog";
import { BlogEditor } from "@agency/core/blog/editor";
import { BlogSchedules, onScheduleChanged, type ScheduleChange } from "@agency/core/blog/schedules";
import { blogPostInput, type BlogPostInput } from "@agency/core/contract/blog";
import { Counters, counters } from "@agency/core/counters/counters";
import { config } from "@agency/core/config";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "@agency/core/db/client";
import { db } from "@agency/core/db/service";
import { publishDue, publishScheduled } from "./publish";

const uid = () => Math.random().toString(36).slice(2, 10);
const post = (over: Partial<BlogPostInput> = {}) => blogPostInput.parse({ title: `Scheduled ${uid()}`, slug: `scheduled-${uid()}`, content: "<p>Soon</p>", ...over });
/** A whole second `ms` from now, as the contract stores publish_at. */
const inMs = (ms: number) => new Date(Math.floor((Date.now() + ms) / 1000) * 1000).toISOString();
const HOUR = 3_600_000;
const later = (iso: string, ms = 1000) => new Date(Date.parse(iso) + ms);
const scheduledIds = async (now?: Date) => (await BlogSchedules.upcoming(100, now)).map((s) => s.post_id);
const publishEntries = async (id: string) => (await AuditLog.list({ entity: "blog-post", action: "publish", limit: "100" })).items.filter((e) => e.entity_id === id);

describe("scheduled publishing", () => {
  it("schedules a draft created with a future publish_at and publishes it when due, at the scheduled time", async () => {
    const at = inMs(HOUR);
    const created = await BlogEditor.create(post({ publish_at: at }));
    expect(created).toMatchObject({ is_published: false, publish_at: at });
    expect(created.published_at).toBeUndefined();
    expect(await scheduledIds()).toContain(created.id);

    // Not yet due: nothing happens.
    expect(await publishScheduled({ post_id: created.id, publish_at: at })).toBeUndefined();
    expect((await BlogPosts.get(created.id)).is_published).toBe(false);

    const published = await publishDue(later(at));
    expect(published.map((p) => p.id)).toContain(created.id);
    const stored = await BlogPosts.get(created.id);
    expect(stored).toMatchObject({ is_published: true, published_at: at, version: 2 });
    expect(stored.publish_at).toBeUndefined();
    expect((await BlogPosts.bySlug(created.slug)).id).toBe(created.id);
    expect(await scheduledIds()).not.toContain(created.id);
    expect((await BlogSchedules.due(later(at))).map((s) => s.post_id)).not.toContain(created.id);
    expect(await publishEntries(created.id)).toEqual([
      expect.objectContaining({ action: "publish", actor: { type: "system", id: "system#scheduler", name: "Scheduler" }, entity_label: created.title }),
    ]);
  });

  it("publishes at once a post created with a publish_at that has passed", async () => {
    const created = await BlogEditor.create(post({ publish_at: "2025-01-01T00:00:00.000Z" }));
    expect(created.is_published).toBe(true);
    expect(Date.parse(created.published_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(created.publish_at).toBeUndefined();
    expect(await scheduledIds()).not.toContain(created.id);
  });

  it("cancels the schedule when publish_at is cleared: the time passes and the post stays a draft", async () => {
    const at = inMs(HOUR);
    const created = await BlogEditor.create(post({ publish_at: at }));
    const cleared = await BlogEditor.update(created.id, { publish_at: null, version: 1 });
    expect(cleared.publish_at).toBeUndefined();
    expect(await scheduledIds()).not.toContain(created.id);
    expect((await publishDue(later(at))).map((p) => p.id)).not.toContain(created.id);
    expect(await publishScheduled({ post_id: created.id, publish_at: at }, later(at))).toBeUndefined();
    expect((await BlogPosts.get(created.id)).is_published).toBe(false);
  });

  it("moves the schedule when publish_at changes: the old time publishes nothing, the new one publishes", async () => {
    const first = inMs(HOUR);
    const second = inMs(3 * HOUR);
    const created = await BlogEditor.create(post({ publish_at: first }));
    const moved = await BlogEditor.update(created.id, { publish_at: second, version: 1 });
    expect(moved.publish_at).toBe(second);
    expect((await BlogSchedules.upcoming(100)).filter((s) => s.post_id === created.id)).toEqual([{ post_id: created.id, publish_at: second }]);

    // The old schedule firing anyway (an AWS schedule not yet deleted) does nothing.
    expect(await publishScheduled({ post_id: created.id, publish_at: first }, later(first))).toBeUndefined();
    expect((await publishDue(later(first))).map((p) => p.id)).not.toContain(created.id);
    expect((await BlogPosts.get(created.id)).is_published).toBe(false);

    await publishDue(later(second));
    expect(await BlogPosts.get(created.id)).toMatchObject({ is_published: true, published_at: second });
  });

  it("clears the schedule when the post is published by hand", async () => {
    const at = inMs(HOUR);
    const created = await BlogEditor.create(post({ publish_at: at }));
    const published = await BlogEditor.setPublished(created.id, { is_published: true, version: 1 });
    expect(published.publish_at).toBeUndefined();
    expect(published.published_at).not.toBe(at);
    expect(await scheduledIds()).not.toContain(created.id);
    expect(await publishScheduled({ post_id: created.id, publish_at: at }, later(at))).toBeUndefined();
    expect((await BlogPosts.get(created.id)).version).toBe(2);
  });

  it("publishes a post once when the timer and sweeps race for it: one write, one count, one audit entry", async () => {
    const at = inMs(HOUR);
    const created = await BlogEditor.create(post({ publish_at: at, category: "automation" }));
    const [publishedBefore = 0, inCategoryBefore = 0] = await Counters.read([counters.postsPublished, counters.postsPublishedIn("automation")]);
    const now = later(at);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => publishScheduled({ post_id: created.id, publish_at: at }, now)),
      ...Array.from({ length: 3 }, () => publishDue(now)),
    ]);
    const winners = results.flat().filter((p) => p?.id === created.id);
    expect(winners).toHaveLength(1);
    expect(await BlogPosts.get(created.id)).toMatchObject({ is_published: true, published_at: at, version: 2 });
    const [publishedAfter = 0, inCategoryAfter = 0] = await Counters.read([counters.postsPublished, counters.postsPublishedIn("automation")]);
    expect(publishedAfter - publishedBefore).toBe(1);
    expect(inCategoryAfter - inCategoryBefore).toBe(1);
    expect(await publishEntries(created.id)).toHaveLength(1);
  });

  it("catches up: every schedule that came due while nothing ran is published by the next sweep, a later one is not", async () => {
    const a = await BlogEditor.create(post({ publish_at: inMs(HOUR) }));
    const b = await BlogEditor.create(post({ publish_at: inMs(2 * HOUR) }));
    const c = await BlogEditor.create(post({ publish_at: inMs(5 * HOUR) }));
    const published = (await publishDue(new Date(Date.now() + 3 * HOUR))).map((p) => p.id);
    expect(published).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(published).not.toContain(c.id);
    expect((await BlogPosts.get(c.id)).is_published).toBe(false);
    expect(await scheduledIds()).toContain(c.id);
    // The next sweep finds nothing more of these.
    expect((await publishDue(new Date(Date.now() + 3 * HOUR))).map((p) => p.id)).not.toEqual(expect.arrayContaining([a.id]));
  });

  it("refuses a stale save of a scheduled post and keeps its schedule", async () => {
    const at = inMs(HOUR);
    const created = await BlogEditor.create(post({ publish_at: at }));
    await BlogEditor.update(created.id, { title: "Renamed", version: 1 });
    await expect(BlogEditor.update(created.id, { publish_at: null, version: 1 })).rejects.toThrow();
    expect((await BlogPosts.get(created.id)).publish_at).toBe(at);
    expect(await scheduledIds()).toContain(created.id);
  });

  it("drops the schedule of a deleted post, and tells listeners of every change of a post's schedule", async () => {
    const changes: ScheduleChange[] = [];
    const stop = onScheduleChanged((c) => void changes.push(c));
    try {
      const at = inMs(HOUR);
      const moved = inMs(2 * HOUR);
      const created = await BlogEditor.create(post({ publish_at: at }));
      await BlogEditor.update(created.id, { title: "No schedule change", version: 1 });
      await BlogEditor.update(created.id, { publish_at: moved, version: 2 });
      await BlogEditor.remove(created.id);
      expect(await scheduledIds()).not.toContain(created.id);
      expect(changes.filter((c) => c.post_id === created.id)).toEqual([
        { post_id: created.id, publish_at: at, previous: null },
        { post_id: created.id, publish_at: moved, previous: at },
        { post_id: created.id, publish_at: null, previous: moved },
      ]);
    } finally {
      stop();
    }
  });
});

describe("the upcoming schedules", () => {
  it("lists the soonest first across years, up to the number asked, leaving out the due ones", async () => {
    const base = Date.now();
    const atYears = [3, 1, 2].map((years) => new Date(Math.floor((base + years * 365 * 24 * HOUR) / 1000) * 1000).toISOString());
    const ids: string[] = [];
    for (const at of atYears) ids.push((await BlogEditor.create(post({ publish_at: at }))).id);
    const mine = <T extends { post_id: string }>(list: T[]) => list.filter((s) => ids.includes(s.post_id));
    expect(mine(await BlogSchedules.upcoming(100)).map((s) => s.publish_at)).toEqual([...atYears].sort());
    const soonest = await BlogSchedules.upcoming(1, new Date(Date.parse(atYears[1]!) - 1000));
    expect(soonest).toEqual([{ post_id: ids[1], publish_at: atYears[1] }]);
    // From after the second, only the third is still to come.
    expect(mine(await BlogSchedules.upcoming(100, new Date(Date.parse(atYears[2]!))))).toEqual([{ post_id: ids[0], publish_at: atYears[0] }]);
  });

  it("finds a schedule stored before the soonest-first index, once the recount's backfill gave it the keys", async () => {
    const at = inMs(2 * HOUR);
    const created = await BlogEditor.create(post({ publish_at: at }));
    // As stored before the bySoonest index existed: without its keys.
    await dynamo().client.send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: db()
          .blogSchedule.get({ due_bucket: at.slice(0, 4), publish_at: at, post_id: created.id })
          .params().Key,
        UpdateExpression: "REMOVE gsi1pk, gsi1sk",
      }),
    );
    expect(await scheduledIds()).not.toContain(created.id);
    expect(await BlogSchedules.backfillIndex()).toBeGreaterThanOrEqual(1);
    expect(await scheduledIds()).toContain(created.id);
    expect(await BlogSchedules.backfillIndex()).toBe(0);
    // The sweep found it all along: the due schedules are read by year.
    expect((await BlogSchedules.due(later(at))).map((s) => s.post_id)).toContain(created.id);
  });
});
