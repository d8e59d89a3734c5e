import { describe, expect, it } from "vitest";
import { BlogPosts } from "../blog/blog";
import { Courses, Industries, Services } from "../catalog/catalog";
import { dashboardStats } from "../dashboard/dashboard";
import { PageSections } from "../page-sections/page-sections";
import { SiteSettings } from "../settings/settings";
import { db } from "../db/service";
import { seedDefaults } from "./seed";

describe("seeding", () => {
  it("fills an empty table once and duplicates nothing when run again", async () => {
    expect(await seedDefaults()).toBe("seeded");
    expect(await seedDefaults()).toBe("already-seeded");
    expect(await Services.list()).toHaveLength(6);
    expect(await Industries.list()).toHaveLength(12);
    expect(await SiteSettings.list()).toHaveLength(15);
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

  it("does not bring back content an admin deleted", async () => {
    await Services.remove("svc-6");
    await seedDefaults();
    expect((await Services.list()).map((s) => s.id)).not.toContain("svc-6");
  });

  it("seeds every page-section key of SPEC §3 for home, tech-school, global and the policies", async () => {
    const keys = async (page: string) => (await PageSections.byPage(page)).map((s) => s.section_key);
    expect(await keys("home")).toEqual(
      expect.arrayContaining(["hero_badge", "hero_title", "hero_subtitle", "hero_cta_primary", "hero_cta_secondary", "video_title", "video_subtitle", "video_embed_url", "video_description_title", "video_description", "what_we_do_title", "what_we_do_subtitle", "featured_courses_title", "featured_courses_subtitle"]),
    );
    expect(await keys("global")).toEqual(
      expect.arrayContaining(["footer_description", "footer_contact_email", "footer_contact_phone", "footer_contact_address", "newsletter_title", "newsletter_subtitle"]),
    );
    expect(await keys("policies")).toEqual(expect.arrayContaining(["privacy_policy", "terms_of_service", "cookie_policy"]));
    expect((await keys("tech-school")).length).toBeGreaterThan(0);
  });
});
