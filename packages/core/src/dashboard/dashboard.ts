import { BlogPosts } from "../blog/blog";
import { Courses } from "../catalog/catalog";
import { ContactSubmissions } from "../contact/contact";
import { CourseRegistrations } from "../registrations/registrations";

const RECENT = 5;

/** The Overview page: counters and the three recent lists (SPEC §3 Dashboard stats). */
export async function dashboardStats() {
  const [posts, courses, contacts, registrations] = await Promise.all([
    BlogPosts.listAll(),
    Courses.list(),
    ContactSubmissions.listAll(),
    CourseRegistrations.listAll(),
  ]);
  const published = posts.filter((p) => p.is_published).length;
  const active = courses.filter((c) => c.is_active).length;
  return {
    stats: {
      blogPosts: { total: posts.length, published, drafts: posts.length - published },
      courses: { total: courses.length, active, inactive: courses.length - active },
      contacts: { total: contacts.length, unread: contacts.filter((c) => !c.is_read).length },
      registrations: { total: registrations.length, pending: registrations.filter((r) => r.status === "pending").length },
    },
    recentActivity: {
      contacts: contacts.slice(0, RECENT).map(({ id, name, email, company, created_at }) => ({ id, name, email, company, created_at })),
      registrations: registrations
        .slice(0, RECENT)
        .map(({ id, name, email, course_interest, created_at }) => ({ id, name, email, course_interest, created_at })),
      blogPosts: posts
        .slice(0, RECENT)
        .map(({ id, title, slug, is_published, created_at }) => ({ id, title, slug, is_published, created_at })),
    },
  };
}
