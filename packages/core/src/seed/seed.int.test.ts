import { describe, expect, it } from "vitest";
import { BlogPosts } from "../blog/blog";
import { Courses, Industries, Services } from "../catalog/catalog";
import { dashboardStats } from "../dashboard/dashboard";
import { PageSections } from "../page-sections/page-sections";
import { pageLayouts, pageSlugs } from "../contract/page-sections";
import { seedCourses } from "./content";
import { SiteSettings } from "../settings/settings";
import { settingKeys } from "../contract/settings";
import { db } from "../db/service";
import { seedDefaults } from "./seed";

describe("seeding", () => {
  it("fills an empty table once and duplicates nothing when run again", async () => {
    expect(await seedDefaults()).toBe("seeded");
    expect(await seedDefaults()).toBe("already-seeded");
    expect(await Services.list()).toHaveLength(6);
    expect(await Industries.list()).toHaveLength(12);
    expect((await SiteSettings.list()).map((s) => s.key).sort()).toEqual([...settingKeys].sort());
    const posts = await BlogPosts.listAll();
    expect(posts).toHaveLength(5);
    expect(posts.filter((p) => !p.is_published)).toHaveLength(1);
    expect(new Set(posts.filter((p) => p.is_published).map((p) => p.category)).size).toBeGreaterThanOrEqual(4);
  });

  it("leaves the counters right for the seeded posts and courses", async () => {
    await seedDefaults();
    const { stats } = await dashboardStats();
    const [posts, courses] = [await BlogPosts.listAll(), await Courses.list()];
    expect(stats.blogPosts).toEqual({ total: posts.length, published: posts.filter((p) => p.is_published).length, drafts: posts.filter((p) => !p.is_published).length });
    expect(stats.courses).toEqual({ total: courses.length, active: courses.filter((c) => c.is_active).length, inactive: courses.filter((c) => !c.is_active).length });
    expect(stats.courses.total).toBeGreaterThan(0);
  });

  it("adds a setting introduced after the table was seeded, keeping every stored value", async () => {
    await db().siteSetting.delete({ key: "notification_emails" }).go();
    const before = await SiteSettings.list();
    expect(before.map((s) => s.key)).not.toContain("notification_emails");
    expect(await seedDefaults()).toBe("already-seeded");
    const after = await SiteSettings.list();
    expect(after.find((s) => s.key === "notification_emails")).toMatchObject({ value: "", type: "text" });
    for (const s of before) expect(after.find((a) => a.key === s.key)?.value).toBe(s.value);
  });

  it("seeds every section each page's layout names, so the Page Sections screen offers them all", async () => {
    for (const page of pageSlugs) {
      const stored = new Set((await PageSections.byPage(page)).map((s) => s.section_key));
      for (const { key } of pageLayouts[page]) expect(stored.has(key), `${page} ${key}`).toBe(true);
    }
  });

  it("upgrades a table of seed 1: untouched seeded courses take the tech school's texts, edited ones stay", async () => {
    // A table seeded by version 1: its courses had other texts and no highlights or rating.
    await db().course.patch({ id: "course-1" }).set({ description: "Old seed text", highlights: "", rating: 0 }).go();
    await db().course.patch({ id: "course-2" }).set({ description: "Edited by the owner", version: 3 }).go();
    await db().course.delete({ id: "course-3" }).go();
    await db().meta.put({ key: "seed", value: "1" }).go();

    expect(await seedDefaults()).toBe("already-seeded");
    const upgraded = await Courses.get("course-1");
    expect(upgraded).toMatchObject({ description: seedCourses[0]!.description, highlights: seedCourses[0]!.highlights, rating: 4.8, version: 2 });
    expect(await Courses.get("course-2")).toMatchObject({ description: "Edited by the owner", version: 3 });
    expect((await Courses.list()).map((c) => c.id)).not.toContain("course-3");
    expect((await db().meta.get({ key: "seed" }).go()).data?.value).toBe("2");
  });

  it("neither lists nor saves a setting stored by an earlier version and offered no more", async () => {
    await db().siteSetting.create({ id: "hero_heading", key: "hero_heading", value: "Old headline", description: "", type: "text", position: 6 }).go();
    expect((await SiteSettings.list()).map((s) => s.key)).not.toContain("hero_heading");
    expect(await SiteSettings.publicValues()).not.toHaveProperty("hero_heading");
    await expect(SiteSettings.update("hero_heading", { value: "New", version: 1 })).rejects.toMatchObject({ status: 404 });
    await expect(SiteSettings.updateMany([{ key: "hero_heading", value: "New", version: 1 }])).rejects.toMatchObject({
      status: 400,
      extra: { fields: { hero_heading: "Unknown setting" } },
    });
    expect((await db().siteSetting.get({ key: "hero_heading" }).go()).data?.value).toBe("Old headline");
  });

  it("does not bring back content an admin deleted", async () => {
    await Services.remove("svc-6");
    await seedDefaults();
    expect((await Services.list()).map((s) => s.id)).not.toContain("svc-6");
  });

  it("seeds every page-section key of SPEC §3 for home, tech-school, global and the policies", async () => {
    const keys = async (page: string) => (await PageSections.byPage(page)).map((s) => s.section_key);
    expect(await keys("home")).toEqual(
      expect.arrayContaining([
        "hero_badge",
        "hero_title",
        "hero_subtitle",
        "hero_cta_primary",
        "hero_cta_secondary",
        "video_title",
        "video_subtitle",
        "video_embed_url",
        "video_description_title",
        "video_description",
        "what_we_do_title",
        "what_we_do_subtitle",
        "featured_courses_title",
        "featured_courses_subtitle",
      ]),
    );
    expect(await keys("global")).toEqual(expect.arrayContaining(["footer_description", "newsletter_title", "newsletter_subtitle"]));
    expect(await keys("policies")).toEqual(expect.arrayContaining(["privacy_policy", "terms_of_service", "cookie_policy"]));
    expect((await keys("tech-school")).length).toBeGreaterThan(0);
  });
});
