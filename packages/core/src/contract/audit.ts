import * as z from "./zod";
import { pageParams } from "./admin";

/**
 * The audit log's wire contract (isomorphic: the handler validates with it, the Activity screen
 * types its calls and labels with it).
 *
 * GET /api/admin/audit-log?limit&cursor&actor&entity&action&from&to answers a page of AuditEntry,
 * newest first, with the next page's cursor in X-Next-Cursor. `from` and `to` are UTC days
 * (YYYY-MM-DD, both included); `actor` is an actor id as entries carry it.
 */

/** What an entry is about: the API's collection names, and `admin-account` for sign-ins. */
export const auditEntities = [
  "blog-post",
  "page-section",
  "service",
  "industry",
  "course",
  "service-detail",
  "site-setting",
  "contact-submission",
  "course-registration",
  "user",
  "media",
  "admin-account",
  "session",
  "team-member",
  "passkey",
  "security-setting",
  "newsletter-subscriber",
  "site",
  "webhook",
] as const;
export type AuditEntity = (typeof auditEntities)[number];

export const auditActions = [
  "sign_in",
  "sign_in_failed",
  "sign_in_locked_out",
  "sign_out",
  "create",
  "update",
  "delete",
  "publish",
  "unpublish",
  "schedule",
  "status_change",
  "restore",
  "upload",
  "resend",
  "mark_all_read",
  "share_preview",
  "revoke_preview",
  "invite",
  "password_reset",
  "totp_enable",
  "totp_disable",
  "purge",
  "import",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The labels the Activity screen shows. */
export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_in_locked_out: "Sign-in locked out",
  sign_out: "Signed out",
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  publish: "Published",
  unpublish: "Unpublished",
  schedule: "Scheduled",
  status_change: "Changed status",
  restore: "Restored",
  upload: "Uploaded",
  resend: "Resent notification",
  mark_all_read: "Marked all read",
  share_preview: "Shared a preview link",
  revoke_preview: "Revoked preview links",
  invite: "Invited",
  password_reset: "Made a password-reset link",
  totp_enable: "Turned on two-factor",
  totp_disable: "Turned off two-factor",
  purge: "Purged",
  import: "Imported",
};
export const auditEntityLabels: Record<AuditEntity, string> = {
  "blog-post": "Blog post",
  "page-section": "Page section",
  service: "Service",
  industry: "Industry",
  course: "Course",
  "service-detail": "Service detail",
  "site-setting": "Setting",
  "contact-submission": "Message",
  "course-registration": "Registration",
  user: "User",
  media: "Image",
  "admin-account": "Admin account",
  passkey: "Passkey",
  session: "Session",
  "team-member": "Team member",
  "security-setting": "Security setting",
  "newsletter-subscriber": "Subscriber",
  site: "Site content",
  webhook: "Webhook",
};

/**
 * Who acted: a Google admin (`user#<id>`), a username account (`admin#<username>`), Development
 * Login, nobody signed in (a failed sign-in), or the system itself (`system#scheduler`: a scheduled
 * post going live).
 */
export const actorTypes = ["google", "admin", "dev", "anonymous", "system"] as const;
export interface AuditActor {
  type: (typeof actorTypes)[number];
  /** Empty for `anonymous`. */
  id: string;
  name: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: string;
  entity_label: string;
  changed_fields: string[];
  ip: string;
  user_agent: string;
}

/** Entries are kept this long (DynamoDB's TTL deletes them; the list never reads older days). */
export const AUDIT_RETENTION_DAYS = 365;

const day = (name: string) =>
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`),
      z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${name} must be a date (YYYY-MM-DD)`),
    ),
  );

export const auditListQuery = z.lazy(() =>
  z
    .object({
      ...pageParams,
      actor: z.optional(z.string().check(z.trim(), z.maxLength(300, "actor is at most 300 characters"))),
      entity: z.optional(z.enum(auditEntities, { error: "Unknown entity" })),
      action: z.optional(z.enum(auditActions, { error: "Unknown action" })),
      from: day("from"),
      to: day("to"),
    })
    .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["from"], message: "from must not be after to" })),
);
export type AuditListQuery = z.input<typeof auditListQuery>;
