import * as z from "./zod";
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
export { NEXT_CURSOR_HEADER } from "./next-cursor";
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;

const limit = z._default(
  z.coerce
    .number({ error: "limit must be a whole number" })
    .check(z.int("limit must be a whole number"), z.gte(1, `limit must be between 1 and ${PAGE_SIZE_MAX}`), z.lte(PAGE_SIZE_MAX, `limit must be between 1 and ${PAGE_SIZE_MAX}`)),
  PAGE_SIZE_DEFAULT,
);
const cursor = z.optional(z.string().check(z.maxLength(2048, "cursor is not valid")));
/** A paged list without filters: `?limit=&cursor=` only (the media library). */
export const pageQuery = z.lazy(() => z.object({ limit, cursor }));
/** The paging parameters, for lists defined in other contracts (the audit log). */
export const pageParams = { limit, cursor };
/** Case-insensitive search text; "" means no search (the blog's and the media library's `q`). */
export const searchText = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(200, "Search is at most 200 characters"))),
  z.transform((v: string | undefined) => (v ?? "").toLowerCase()),
);

// ---- Blog posts -------------------------------------------------------------------------------
/**
 * GET /api/admin/blog-posts?limit=&cursor=&q=: summaries (BlogPostSummary of contract/blog.ts, no content), newest
 * first; `q` searches title, excerpt, content (as text), slug and author name, case-insensitively,
 * over every post. GET /api/admin/blog-posts/{id} answers one post whole, content included.
 */
export const blogListQuery = z.lazy(() => z.object({ limit, cursor, q: searchText }));
export type BlogListQuery = z.input<typeof blogListQuery>;

// ---- Leads (messages and registrations) --------------------------------------------------------
/**
 * The mail announcing a lead (packages/core/src/leads/attributes.ts): pending, sending, sent, failed;
 * absent on leads stored before notifications existed.
 */
export const leadMailStatuses = ["pending", "sending", "sent", "failed"] as const;
export type LeadMailStatus = (typeof leadMailStatuses)[number];

const leadId = z.string({ error: "ids must be a list of ids" }).check(z.minLength(1, "ids must be a list of ids"), z.maxLength(128, "ids must be a list of ids"));
/** The most ids one bulk call takes; the screen sends a larger selection in several calls. */
export const BULK_IDS_MAX = 100;
const bulkIds = z
  .array(leadId, { error: "ids must be a list of ids" })
  .check(z.minLength(1, "Select at least one"), z.maxLength(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} ids at once`));

/**
 * POST {list}/bulk: an action on the listed `ids` (at most 100, done in one call), or on every
 * record matching `filter` (the list's own query parameters), done in time-boxed batches: the
 * answer's `cursor` says where the next call goes on (absent when done), as Mark All Read does.
 * Exactly one of `ids` and `filter`.
 */
function checkBulkTarget(v: { ids?: unknown; filter?: unknown; cursor?: unknown }, ctx: z.core.$RefinementCtx) {
  if ((v.ids === undefined) === (v.filter === undefined)) ctx.addIssue({ code: "custom", path: ["ids"], message: "Send either ids or filter" });
  if (v.ids !== undefined && v.cursor !== undefined) ctx.addIssue({ code: "custom", path: ["cursor"], message: "cursor goes with filter only" });
}

export const bulkResult = z.lazy(() =>
  z.object({
    success: z.literal(true),
    /** Records this call changed (or deleted); those already so count as looked at, not changed. */
    updated: z.number(),
    /** Records this call looked at (the progress of a bulk run). */
    processed: z.number(),
    /** Where the next call goes on, for a filter; absent when every match was done. */
    cursor: z.optional(z.string()),
  }),
);
export type BulkResult = z.infer<typeof bulkResult>;

/** GET {list}/count?filters: how many records match (counters when unfiltered). */
export const countResult = z.lazy(() => z.object({ count: z.number() }));
export type CountResult = z.infer<typeof countResult>;

// ---- Messages ---------------------------------------------------------------------------------
export const messageStatusFilters = ["all", "read", "unread"] as const;
const messageFilterShape = () => ({
  q: searchText,
  /** "" or absent: every type. Any string is allowed (old data may hold unknown types). */
  form_type: z.pipe(
    z.optional(z.string().check(z.maxLength(50))),
    z.transform((v: string | undefined) => v ?? ""),
  ),
  status: z._default(z.enum(messageStatusFilters, { error: "status must be all, read or unread" }), "all"),
});
export const messageFilters = z.lazy(() => z.object(messageFilterShape()));
export type MessageFilters = z.output<typeof messageFilters>;
export const messageListQuery = z.lazy(() => z.object({ limit, cursor, ...messageFilterShape() }));
export type MessageListQuery = z.input<typeof messageListQuery>;

/** A contact message as the back office sees it (GET list, GET by id, and every write's answer). */
export const adminMessage = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string(),
    form_type: z.string(),
    message: z.string(),
    is_read: z.boolean(),
    created_at: z.string(),
    mail_status: z.optional(z.enum(leadMailStatuses)),
  }),
);
export type AdminMessage = z.infer<typeof adminMessage>;

/** GET /api/admin/contact-submissions/stats: from counters kept on write. */
export const messageStats = z.lazy(() =>
  z.object({
    total: z.number(),
    unread: z.number(),
    read: z.number(),
    /** Messages received today (UTC day). */
    today: z.number(),
    /** Every form_type with at least one message; unknown types included as stored. */
    by_type: z.array(z.object({ form_type: z.string(), count: z.number() })),
  }),
);
export type MessageStats = z.infer<typeof messageStats>;

export const messageStatusInput = z.lazy(() => z.object({ is_read: z.boolean({ error: "is_read must be true or false" }) }));

export const messageBulkActions = ["mark_read", "mark_unread", "delete"] as const;
export type MessageBulkAction = (typeof messageBulkActions)[number];
export const messageBulkInput = z.lazy(() =>
  z
    .object({
      action: z.enum(messageBulkActions, { error: "action must be mark_read, mark_unread or delete" }),
      ids: z.optional(bulkIds),
      filter: z.optional(messageFilters),
      cursor,
    })
    .check(z.superRefine(checkBulkTarget)),
);
export type MessageBulkInput = z.input<typeof messageBulkInput>;

/** PUT /api/admin/contact-submissions/mark-all-read: one time-boxed batch; call again while remaining > 0. */
export const markAllReadResult = z.lazy(() => z.object({ success: z.literal(true), updated: z.number(), remaining: z.number() }));
export type MarkAllReadResult = z.infer<typeof markAllReadResult>;

// ---- Registrations ----------------------------------------------------------------------------
export const registrationStatuses = ["pending", "contacted", "enrolled", "declined"] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];
const registrationStatus = z.enum(registrationStatuses, { error: "status must be pending, contacted, enrolled or declined" });
const registrationFilterShape = () => ({
  q: searchText,
  status: z._default(z.enum(["all", ...registrationStatuses], { error: "status must be all, pending, contacted, enrolled or declined" }), "all"),
});
export const registrationFilters = z.lazy(() => z.object(registrationFilterShape()));
export type RegistrationFilters = z.output<typeof registrationFilters>;
export const registrationListQuery = z.lazy(() => z.object({ limit, cursor, ...registrationFilterShape() }));
export type RegistrationListQuery = z.input<typeof registrationListQuery>;

/** A course registration as the back office sees it. */
export const adminRegistration = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    company: z.string(),
    course_interest: z.string(),
    experience_level: z.string(),
    preferred_start_date: z.string(),
    additional_notes: z.string(),
    status: z.enum(registrationStatuses),
    created_at: z.string(),
    mail_status: z.optional(z.enum(leadMailStatuses)),
  }),
);
export type AdminRegistration = z.infer<typeof adminRegistration>;

/** GET /api/admin/course-registrations/stats */
export const registrationStats = z.lazy(() =>
  z.object({
    total: z.number(),
    by_status: z.array(z.object({ status: z.enum(registrationStatuses), count: z.number() })),
  }),
);
export type RegistrationStats = z.infer<typeof registrationStats>;

export const registrationStatusInput = z.lazy(() => z.object({ status: registrationStatus }));

export const registrationBulkActions = ["set_status", "delete"] as const;
export type RegistrationBulkAction = (typeof registrationBulkActions)[number];
/** `status` is the new status of `set_status`. */
export const registrationBulkInput = z.lazy(() =>
  z
    .object({
      action: z.enum(registrationBulkActions, { error: "action must be set_status or delete" }),
      /** The new status of `set_status`. */
      status: z.optional(registrationStatus),
      ids: z.optional(bulkIds),
      filter: z.optional(registrationFilters),
      cursor,
    })
    .check(
      z.superRefine((v, ctx) => {
        checkBulkTarget(v, ctx);
        if (v.action === "set_status" && v.status === undefined)
          ctx.addIssue({ code: "custom", path: ["status"], message: "status must be pending, contacted, enrolled or declined" });
      }),
    ),
);
export type RegistrationBulkInput = z.input<typeof registrationBulkInput>;

// ---- Users ------------------------------------------------------------------------------------
export const userSortKeys = ["created_at", "last_login_at", "name", "email"] as const;
export const userListQuery = z.lazy(() =>
  z.object({
    limit,
    cursor,
    q: searchText,
    sort: z._default(z.enum(userSortKeys, { error: "sort must be created_at, last_login_at, name or email" }), "created_at"),
    order: z._default(z.enum(["desc", "asc"], { error: "order must be desc or asc" }), "desc"),
  }),
);
export type UserListQuery = z.input<typeof userListQuery>;
/** What the Users screen filters and sorts by. */
export type UserListFilters = Pick<z.output<typeof userListQuery>, "q" | "sort" | "order">;

/**
 * Who may use the back office: a username admin account always; a Google user when ADMIN_EMAILS
 * allows their verified email ('Admin (Google)'), otherwise 'No access' (recorded at sign-in, kept out).
 */
export const userRoles = ["admin_account", "admin_google", "no_access"] as const;
export type UserRole = (typeof userRoles)[number];
export const userRoleLabels: Record<UserRole, string> = {
  admin_account: "Admin account",
  admin_google: "Admin (Google)",
  no_access: "No access",
};

const isoTime = z.string();
/** Someone who signed in with Google: never `google_sub` or any other provider identifier. */
export const googleUser = z.lazy(() =>
  z.object({
    kind: z.literal("google"),
    id: z.string(),
    email: z.string(),
    created_at: isoTime,
    last_login_at: z.nullable(isoTime),
    google_user_data: z.object({ name: z.optional(z.string()), picture: z.optional(z.string()), email_verified: z.optional(z.boolean()) }),
    role: z.enum(["admin_google", "no_access"]),
  }),
);
/** A username admin account (made from the shell): never its password hash. */
export const accountUser = z.lazy(() =>
  z.object({
    kind: z.literal("account"),
    /** `account.{username}`: never the id of a Google user. */
    id: z.string(),
    username: z.string(),
    full_name: z.string(),
    disabled: z.boolean(),
    created_at: isoTime,
    last_login_at: z.nullable(isoTime),
    role: z.literal("admin_account"),
  }),
);
/**
 * A row of GET /api/admin/users: both kinds in one list. The server builds each row through these
 * schemas, which keep only the fields named here (zod drops the rest), so nothing else can leak.
 */
export const adminUser = z.lazy(() => z.discriminatedUnion("kind", [googleUser, accountUser]));
export type AdminUser = z.output<typeof adminUser>;

/** GET /api/admin/users/stats (SPEC §9: active = login within 7 days, new = created within 30); both kinds. */
export const userStats = z.lazy(() =>
  z.object({
    total: z.number().check(z.int()),
    active_7d: z.number().check(z.int()),
    new_30d: z.number().check(z.int()),
    /** Never logged in, or last login more than 30 days ago. */
    inactive_30d: z.number().check(z.int()),
  }),
);
export type UserStats = z.output<typeof userStats>;

// ---- Settings ---------------------------------------------------------------------------------
/**
 * PUT /api/admin/site-settings: all or nothing; a 400 names each refused key in `fields` (an unknown
 * key: 'Unknown setting'). Answers the saved settings, in the order sent.
 */
export const settingsBatchInput = z.lazy(() =>
  z.object({
    settings: z
      .array(
        z.object({
          key: z.string({ error: "key is required" }).check(z.minLength(1, "key is required"), z.maxLength(100)),
          value: settingValueText,
          version,
        }),
        { error: "settings must be a list of {key, value, version}" },
      )
      .check(z.minLength(1, "Nothing to save"), z.maxLength(100, "At most 100 settings at once")),
  }),
);

// ---- Overview ---------------------------------------------------------------------------------
/** GET /api/admin/dashboard-stats (SPEC §3 Dashboard stats), from counters kept on write. */
export interface DashboardStats {
  stats: {
    blogPosts: { total: number; published: number; drafts: number };
    courses: { total: number; active: number; inactive: number };
    /** Left out for a role that may not read messages (an editor). */
    contacts?: { total: number; unread: number };
    /** Left out for a role that may not read registrations. */
    registrations?: { total: number; pending: number };
    /** Newsletter subscribers (confirmed) and signups awaiting confirmation; left out like contacts. */
    subscribers?: { confirmed: number; pending: number };
  };
  recentActivity: {
    contacts?: { id: string; name: string; email: string; company: string; created_at: string }[];
    registrations?: { id: string; name: string; email: string; course_interest: string; created_at: string }[];
    blogPosts: { id: string; title: string; slug: string; is_published: boolean; created_at: string }[];
  };
  /** The next scheduled posts, soonest first (at most 5). */
  scheduledPosts: { id: string; title: string; slug: string; publish_at: string }[];
}
