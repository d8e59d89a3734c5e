import { BlogPosts } from "../blog/blog";
import { Messages } from "../messages/messages";
import type { DashboardStats } from "../contract/admin";
import { Counters, counters } from "../counters/counters";
import { Registrations } from "../registrations/registrations";

const RECENT = 5;

/**
 * The Overview page (SPEC §3 Dashboard stats): the figures are counters kept on write (one
 * BatchGet), the recent lists `limit 5` Queries on the newest year partitions, the next scheduled
 * posts a Query of the schedules and a BatchGet of their posts, all run together.
 * Leads (messages, registrations) are answered only to a role that may read them (`may`); for
 * another, their figures and lists are left out, not read.
 */
export async function dashboardStats(may: { messages: boolean; registrations: boolean } = { messages: true, registrations: true }): Promise<DashboardStats> {
  const [figures, contacts, registrations, posts, scheduled] = await Promise.all([
    Counters.read([
      counters.postsTotal,
      counters.postsPublished,
      counters.coursesTotal,
      counters.coursesActive,
      counters.contactsTotal,
      counters.contactsUnread,
      counters.registrationsTotal,
      counters.registrationsWithStatus("pending"),
      counters.subscribersWithStatus("confirmed"),
      counters.subscribersWithStatus("pending"),
    ]),
    may.messages ? Messages.newest(RECENT) : [],
    may.registrations ? Registrations.newest(RECENT) : [],
    BlogPosts.newest(RECENT),
    BlogPosts.scheduled(RECENT),
  ]);
  const [postsTotal = 0, published = 0, coursesTotal = 0, active = 0, contactsTotal = 0, unread = 0, registrationsTotal = 0, pending = 0, subscribers = 0, subscribersPending = 0] =
    figures;
  return {
    stats: {
      blogPosts: { total: postsTotal, published, drafts: Math.max(0, postsTotal - published) },
      courses: { total: coursesTotal, active, inactive: Math.max(0, coursesTotal - active) },
      ...(may.messages ? { contacts: { total: contactsTotal, unread }, subscribers: { confirmed: subscribers, pending: subscribersPending } } : {}),
      ...(may.registrations ? { registrations: { total: registrationsTotal, pending } } : {}),
    },
    recentActivity: {
      ...(may.messages ? { contacts: contacts.map(({ id, name, email, company, created_at }) => ({ id, name, email, company: company ?? "", created_at })) } : {}),
      ...(may.registrations
        ? { registrations: registrations.map(({ id, name, email, course_interest, created_at }) => ({ id, name, email, course_interest: course_interest ?? "", created_at })) }
        : {}),
      blogPosts: posts.map(({ id, title, slug, is_published, created_at }) => ({ id, title, slug, is_published, created_at })),
    },
    scheduledPosts: scheduled,
  };
}
