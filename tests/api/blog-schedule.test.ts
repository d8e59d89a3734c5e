import { beforeAll, describe, expect, it } from "vitest";
import type { BlogPost } from "../../packages/core/src/contract/blog";
import { devAdmin } from "../support/admin";
import { Visitor } from "../support/auth-flow";
import { call, freshIp } from "../support/http";
import { startRuntime } from "../support/runtime";

/**
 * Scheduled publishing over the real local gateway: publish_at on create and update (and its 400s),
 * the runtime's timer publishing a post at its time as a manual Publish would (public page, audit
 * entry by the scheduler), cancel, move, publish by hand, the Overview's upcoming list, and a
 * schedule that came due while the runtime was stopped.
 */
let admin: Visitor;
beforeAll(async () => {
  admin = await devAdmin();
});

const uid = () => Math.random().toString(36).slice(2, 10);
/** A whole second `ms` from now (publish_at is stored to the second). */
const inMs = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000).toISOString();
const HOUR = 3_600_000;
const newPost = (over: Record<string, unknown> = {}) => ({ title: `Scheduled ${uid()}`, slug: `scheduled-${uid()}`, content: "<p>Soon</p>", ...over });

async function create(visitor: Visitor, over: Record<string, unknown> = {}) {
  const res = await visitor.call("POST", "/api/admin/blog-posts", { body: newPost(over) });
  expect(res.status, res.text).toBe(201);
  return res.json as BlogPost;
}

/** Polls until `check` answers something (the runtime publishes on its own clock), at most `ms`. */
async function until<T>(check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 250));
  }
}
const publicPost = (slug: string, baseUrl?: string) => call("GET", `/api/blog-posts/${slug}`, { ip: freshIp(), ...(baseUrl ? { baseUrl } : {}) });
const scheduledOnOverview = async (visitor: Visitor) => (await visitor.call("GET", "/api/admin/dashboard-stats")).json.scheduledPosts as { id: string; publish_at: string }[];

describe("publish_at on blog posts", () => {
  it("refuses a publish_at that is not a date, or more than 5 years ahead, with a 400 naming it, on create and update", async () => {
    const farAhead = new Date(Date.now() + 5 * 366 * 86_400_000).toISOString();
    for (const publish_at of ["tomorrow", "2030-02-30T10:00:00Z", 1_900_000_000, farAhead, "2030-01-01"]) {
      const res = await admin.call("POST", "/api/admin/blog-posts", { body: newPost({ publish_at }) });
      expect(res.status, String(publish_at)).toBe(400);
      expect(Object.keys(res.json.fields), String(publish_at)).toEqual(["publish_at"]);
    }
    const post = await create(admin);
    const res = await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { publish_at: "not a date", version: post.version } });
    expect(res.status).toBe(400);
    expect(res.json.fields.publish_at).toMatch(/publish_at/);
    expect((await admin.call("GET", `/api/admin/blog-posts/${post.id}`)).json.version).toBe(1);
  });

  it("publishes at once a post created with a publish_at that has passed", async () => {
    const post = await create(admin, { publish_at: "2025-06-01T08:00:00Z" });
    expect(post.is_published).toBe(true);
    expect(post.publish_at).toBeUndefined();
    expect((await publicPost(post.slug)).status).toBe(200);
  });

  it("schedules a draft, lists it on the Overview, and the runtime publishes it at its time like a manual Publish", async () => {
    // Far enough ahead that the reads below come before it on a busy machine (3 s did not, at a load of 12).
    const at = inMs(12_000);
    const post = await create(admin, { publish_at: at });
    expect(post).toMatchObject({ is_published: false, publish_at: at });
    expect((await publicPost(post.slug)).status).toBe(404);
    const listed = (await admin.call("GET", `/api/admin/blog-posts?q=${post.slug}`)).json as { id: string; publish_at?: string }[];
    expect(listed.find((p) => p.id === post.id)?.publish_at).toBe(at);
    expect((await scheduledOnOverview(admin)).find((s) => s.id === post.id)?.publish_at).toBe(at);

    const live = await until(async () => {
      const res = await publicPost(post.slug);
      return res.status === 200 ? res.json : undefined;
    });
    expect(live).toMatchObject({ id: post.id, is_published: true, published_at: at });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    const stored = (await admin.call("GET", `/api/admin/blog-posts/${post.id}`)).json;
    expect(stored.publish_at).toBeUndefined();
    expect(stored.version).toBe(2);
    expect((await scheduledOnOverview(admin)).map((s) => s.id)).not.toContain(post.id);
    // Everything a manual Publish does: in the public list and the feed, and one audit entry, by the scheduler.
    const list = (await call("GET", `/api/blog-posts?q=${post.slug}`, { ip: freshIp() })).json as { id: string }[];
    expect(list.map((p) => p.id)).toContain(post.id);
    expect((await call("GET", "/rss.xml", { ip: freshIp() })).text).toContain(post.slug);
    const entries = (await admin.call("GET", "/api/admin/audit-log?entity=blog-post&action=publish&limit=100")).json as {
      entity_id: string;
      actor: { type: string; name: string };
    }[];
    expect(entries.filter((e) => e.entity_id === post.id)).toEqual([expect.objectContaining({ actor: expect.objectContaining({ type: "system", name: "Scheduler" }) })]);
  });

  it("cancels a schedule with publish_at null and moves it with a new time", async () => {
    const post = await create(admin, { publish_at: inMs(HOUR) });
    const moved = inMs(2 * HOUR);
    const res = await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { publish_at: moved, version: 1 } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.publish_at).toBe(moved);
    expect((await scheduledOnOverview(admin)).filter((s) => s.id === post.id)).toEqual([expect.objectContaining({ publish_at: moved })]);

    const cleared = await admin.call("PUT", `/api/admin/blog-posts/${post.id}`, { body: { publish_at: null, version: 2 } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.publish_at).toBeUndefined();
    expect(cleared.json.is_published).toBe(false);
    expect((await scheduledOnOverview(admin)).map((s) => s.id)).not.toContain(post.id);
  });

  it("clears the schedule when the post is published by hand", async () => {
    const post = await create(admin, { publish_at: inMs(HOUR) });
    const res = await admin.call("PUT", `/api/admin/blog-posts/${post.id}/publish`, { body: { is_published: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.publish_at).toBeUndefined();
    expect((await scheduledOnOverview(admin)).map((s) => s.id)).not.toContain(post.id);
    expect((await publicPost(post.slug)).status).toBe(200);
  });
});

describe("a schedule that came due while the local runtime was stopped", () => {
  it("is published once when the runtime starts again, at its scheduled time", async () => {
    const first = await startRuntime();
    let second: Awaited<ReturnType<typeof startRuntime>> | undefined;
    try {
      const owner = new Visitor(first.url);
      expect((await owner.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
      const at = inMs(4_000);
      const post = await create(owner, { publish_at: at });
      await first.stop();
      // Wait for the time itself to pass while nothing runs.
      await until(async () => (Date.now() > Date.parse(at) + 500 ? true : undefined), 20_000);

      second = await startRuntime({ dataDir: first.dataDir });
      const live = await until(async () => {
        const res = await publicPost(post.slug, second!.url);
        return res.status === 200 ? res.json : undefined;
      });
      expect(live).toMatchObject({ id: post.id, is_published: true, published_at: at });
      const again = new Visitor(second.url);
      expect((await again.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
      const entries = (await again.call("GET", "/api/admin/audit-log?entity=blog-post&action=publish&limit=100")).json as { entity_id: string }[];
      expect(entries.filter((e) => e.entity_id === post.id)).toHaveLength(1);
      expect((await again.call("GET", `/api/admin/blog-posts/${post.id}`)).json.version).toBe(2);
    } finally {
      await first.stop();
      await second?.stop();
    }
  }, 240_000);
});
