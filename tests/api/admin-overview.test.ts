import { beforeAll, describe, expect, it } from "vitest";
import type { DashboardStats } from "../../packages/core/src/contract/admin";
import type { Visitor } from "../support/auth-flow";
import { allPages, devAdmin, uniqueName } from "../support/admin";
import { call, freshIp } from "../support/http";

let admin: Visitor;
beforeAll(async () => {
  admin = await devAdmin();
});
const overview = async () => (await admin.call("GET", "/api/admin/dashboard-stats")).json as DashboardStats;
const post = (over: Record<string, unknown> = {}) => ({
  title: uniqueName("Counted post"),
  slug: uniqueName("counted").replace(" ", "-"),
  content: "<p>Body</p>",
  author_name: "Ada",
  is_published: false,
  ...over,
});

describe("the Overview", () => {
  it("counts posts and courses through create, publish, edit and delete", async () => {
    const s0 = (await overview()).stats;
    const draft = (await admin.call("POST", "/api/admin/blog-posts", { body: post() })).json;
    const live = (await admin.call("POST", "/api/admin/blog-posts", { body: post({ is_published: true }) })).json;
    const course = (await admin.call("POST", "/api/admin/courses", { body: { title: "Counted course", is_active: true } })).json;
    const s1 = (await overview()).stats;
    expect([s1.blogPosts.total - s0.blogPosts.total, s1.blogPosts.published - s0.blogPosts.published, s1.blogPosts.drafts - s0.blogPosts.drafts]).toEqual([2, 1, 1]);
    expect([s1.courses.total - s0.courses.total, s1.courses.active - s0.courses.active]).toEqual([1, 1]);

    await admin.call("PUT", `/api/admin/blog-posts/${draft.id}/publish`, { body: { is_published: true } });
    await admin.call("PUT", `/api/admin/blog-posts/${draft.id}/publish`, { body: { is_published: true } });
    expect((await admin.call("PUT", `/api/admin/courses/${course.id}`, { body: { title: "Counted course", is_active: false, version: course.version } })).status).toBe(200);
    const s2 = (await overview()).stats;
    expect([s2.blogPosts.published - s1.blogPosts.published, s2.courses.active - s1.courses.active, s2.courses.inactive - s1.courses.inactive]).toEqual([1, -1, 1]);

    for (const path of [`/api/admin/blog-posts/${draft.id}`, `/api/admin/blog-posts/${live.id}`, `/api/admin/courses/${course.id}`]) {
      expect((await admin.call("DELETE", path, { body: {} })).status).toBe(200);
    }
    expect((await overview()).stats).toEqual(s0);
  });

  it("lists the five newest messages, registrations and posts with only their summary fields", async () => {
    const name = uniqueName("Recent");
    await call("POST", "/api/contact", { ip: freshIp(), body: { name, email: "recent@example.com", company: "Hooli", message: "Hi" } });
    await call("POST", "/api/course-registrations", { ip: freshIp(), body: { name, email: "recent@example.com", course_interest: "AI Automation with Python" } });
    const created = (await admin.call("POST", "/api/admin/blog-posts", { body: post({ title: name }) })).json;
    const { recentActivity } = await overview();
    expect(recentActivity.contacts!.length).toBeLessThanOrEqual(5);
    expect(recentActivity.contacts![0]).toEqual({ id: expect.any(String), name, email: "recent@example.com", company: "Hooli", created_at: expect.any(String) });
    expect(recentActivity.registrations![0]).toEqual({
      id: expect.any(String),
      name,
      email: "recent@example.com",
      course_interest: "AI Automation with Python",
      created_at: expect.any(String),
    });
    expect(recentActivity.blogPosts[0]).toEqual({ id: created.id, title: name, slug: created.slug, is_published: false, created_at: created.created_at });
    await admin.call("DELETE", `/api/admin/blog-posts/${created.id}`, { body: {} });
  });
});

describe("the back office's blog list", () => {
  it("pages post summaries without content, newest first, and the editor gets one post whole", async () => {
    const created = (await admin.call("POST", "/api/admin/blog-posts", { body: post({ content: `<p>${"long ".repeat(2000)}</p>` }) })).json;
    const { items, pages } = await allPages<Record<string, unknown>>(admin, "/api/admin/blog-posts", { limit: 2 });
    const ids = items.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(created.id);
    expect(pages.length).toBeGreaterThan(1);
    for (const p of items) expect(p).not.toHaveProperty("content");
    expect(items[0]).toMatchObject({ title: created.title, slug: created.slug, is_published: false, version: 1 });
    const whole = await admin.call("GET", `/api/admin/blog-posts/${created.id}`);
    expect(whole.json.content).toContain("long long");
    expect((await admin.call("GET", "/api/admin/blog-posts/no-such-post")).status).toBe(404);
    expect((await admin.call("GET", "/api/admin/blog-posts?limit=500")).json.fields).toHaveProperty("limit");
    await admin.call("DELETE", `/api/admin/blog-posts/${created.id}`, { body: {} });
  });
});
