import * as z from "zod";
import type { LeadMailStatus } from "../leads/attributes";
import { version } from "./common";
import { settingValueText } from "./settings";

/**
 * The wire contract of the back office's inbox screens (Overview, Messages, Registrations, Users,
 * Settings). Isomorphic: the handlers validate with these schemas, the admin screens type their
 * calls with these types.
 *
 * Paged lists: `GET <list>?limit=&cursor=&...filters` answer a JSON array (SPEC §7: "array"), newest
 * first unless a sort says otherwise, and put the opaque cursor of the next page in the
 * `X-Next-Cursor` response header (absent on the last page). A cursor is only valid with the same
 * filters it was issued for; a malformed or foreign cursor is a 400 naming `cursor`.
 */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

const limit = z.coerce
  .number({ error: "limit must be a whole number" })
  .int("limit must be a whole number")
  .min(1, `limit must be between 1 and ${PAGE_SIZE_MAX}`)
  .max(PAGE_SIZE_MAX, `limit must be between 1 and ${PAGE_SIZE_MAX}`)
  .default(PAGE_SIZE_DEFAULT);
const cursor = z.string().max(2048, "cursor is not valid").optional();
/** A paged list without filters: `?limit=&cursor=` only (the media library). */
export const pageQuery = z.object({ limit, cursor });
/** The paging parameters, for lists defined in other contracts (the audit log). */
export const pageParams = { limit, cursor };
/** Case-insensitive search text; "" means no search. */
const q = z.string().trim().max(200, "Search is at most 200 characters").optional().transform((v) => (v ?? "").toLowerCase());

// ---- Blog posts -------------------------------------------------------------------------------
/**
 * GET /api/admin/blog-posts?limit=&cursor=&q=: summaries (AdminBlogPostSummary, no content), newest
 * first; `q` searches title, excerpt, content (as text), slug and author name, case-insensitively,
 * over every post. GET /api/admin/blog-posts/{id} answers one post whole, content included.
 */
export const blogListQuery = z.object({ limit, cursor, q });
export type BlogListQuery = z.input<typeof blogListQuery>;

export interface AdminBlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  featured_image_url: string;
  featured_image_alt: string;
  author_name: string;
  is_published: boolean;
  published_at?: string;
  created_at: string;
  updated_at: string;
  version: number;
}

// ---- Messages ---------------------------------------------------------------------------------
export const messageStatusFilters = ["all", "read", "unread"] as const;
export const messageListQuery = z.object({
  limit,
  cursor,
  q,
  /** "" or absent: every type. Any string is allowed (old data may hold unknown types). */
  form_type: z.string().max(50).optional().transform((v) => v ?? ""),
  status: z.enum(messageStatusFilters, { error: "status must be all, read or unread" }).default("all"),
});
export type MessageListQuery = z.input<typeof messageListQuery>;

export interface AdminMessage {
  id: string;
  name: string;
  email: string;
  company: string;
  form_type: string;
  message: string;
  is_read: boolean;
  created_at: string;
  /** The mail announcing it (leads/attributes.ts); absent on leads stored before notifications. */
  mail_status?: LeadMailStatus;
}

/** GET /api/admin/contact-submissions/stats: from counters kept on write. */
export interface MessageStats {
  total: number;
  unread: number;
  read: number;
  /** Messages received today (UTC day). */
  today: number;
  /** Every form_type with at least one message; unknown types included as stored. */
  by_type: { form_type: string; count: number }[];
}

export const messageStatusInput = z.object({ is_read: z.boolean({ error: "is_read must be true or false" }) });

/** PUT /api/admin/contact-submissions/mark-all-read: one time-boxed batch; call again while remaining > 0. */
export interface MarkAllReadResult {
  success: true;
  updated: number;
  remaining: number;
}

// ---- Registrations ----------------------------------------------------------------------------
export const registrationStatuses = ["pending", "contacted", "enrolled", "declined"] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];
export const registrationListQuery = z.object({
  limit,
  cursor,
  q,
  status: z.enum(["all", ...registrationStatuses], { error: "status must be all, pending, contacted, enrolled or declined" }).default("all"),
});
export type RegistrationListQuery = z.input<typeof registrationListQuery>;

export interface AdminRegistration {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  course_interest: string;
  experience_level: string;
  preferred_start_date: string;
  additional_notes: string;
  status: RegistrationStatus;
  created_at: string;
  /** The mail announcing it (leads/attributes.ts); absent on leads stored before notifications. */
  mail_status?: LeadMailStatus;
}

/** GET /api/admin/course-registrations/stats */
export interface RegistrationStats {
  total: number;
  by_status: { status: RegistrationStatus; count: number }[];
}

export const registrationStatusInput = z.object({
  status: z.enum(registrationStatuses, { error: "status must be pending, contacted, enrolled or declined" }),
});

// ---- Users ------------------------------------------------------------------------------------
export const userSortKeys = ["created_at", "last_login_at", "name", "email"] as const;
export const userListQuery = z.object({
  limit,
  cursor,
  q,
  sort: z.enum(userSortKeys, { error: "sort must be created_at, last_login_at, name or email" }).default("created_at"),
  order: z.enum(["desc", "asc"], { error: "order must be desc or asc" }).default("desc"),
});
export type UserListQuery = z.input<typeof userListQuery>;

/** A user as the back office sees it: never `google_sub` or any other provider identifier. */
export interface AdminUser {
  id: string;
  email: string;
  created_at: string;
  last_login_at: string | null;
  google_user_data: { name?: string; picture?: string; email_verified?: boolean };
}

/** GET /api/admin/users/stats (SPEC §9: active = login within 7 days, new = created within 30). */
export interface UserStats {
  total: number;
  active_7d: number;
  new_30d: number;
  /** Never logged in, or last login more than 30 days ago. */
  inactive_30d: number;
}

// ---- Settings ---------------------------------------------------------------------------------
/**
 * PUT /api/admin/site-settings: all or nothing; a 400 names each refused key in `fields` (an unknown
 * key: 'Unknown setting'). Answers the saved settings, in the order sent.
 */
export const settingsBatchInput = z.object({
  settings: z
    .array(
      z.object({
        key: z.string({ error: "key is required" }).min(1, "key is required").max(100),
        value: settingValueText,
        version,
      }),
      { error: "settings must be a list of {key, value, version}" },
    )
    .min(1, "Nothing to save")
    .max(100, "At most 100 settings at once"),
});

// ---- Overview ---------------------------------------------------------------------------------
/** GET /api/admin/dashboard-stats (SPEC §3 Dashboard stats), from counters kept on write. */
export interface DashboardStats {
  stats: {
    blogPosts: { total: number; published: number; drafts: number };
    courses: { total: number; active: number; inactive: number };
    contacts: { total: number; unread: number };
    registrations: { total: number; pending: number };
  };
  recentActivity: {
    contacts: { id: string; name: string; email: string; company: string; created_at: string }[];
    registrations: { id: string; name: string; email: string; course_interest: string; created_at: string }[];
    blogPosts: { id: string; title: string; slug: string; is_published: boolean; created_at: string }[];
  };
}
