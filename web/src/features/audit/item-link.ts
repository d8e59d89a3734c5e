import type { AuditEntry } from "@agency/core/contract/audit";

/**
 * Where an entry's item lives in the back office: the screen that edits it, opened on the record
 * where that screen can open one by link (`?open=`), or on the item's editor and History
 * (`?history=`) for items with revisions. Sign-ins and sign-outs have no item.
 */
export function itemLink(entry: Pick<AuditEntry, "entity" | "entity_id">): string | undefined {
  const id = encodeURIComponent(entry.entity_id);
  /** The screen, opening the item's editor with its History (`?history=`) when the entry names one. */
  const withHistory = (path: string) => (entry.entity_id ? `${path}${path.includes("?") ? "&" : "?"}history=${id}` : path);
  switch (entry.entity) {
    case "blog-post":
      return withHistory("/admin/blog");
    case "page-section":
      // The Content screen finds the section's page (policies included) from its newest revision.
      return withHistory("/admin/content");
    case "service":
      return withHistory("/admin/content?tab=services");
    case "industry":
      return withHistory("/admin/content?tab=industries");
    case "course":
      return withHistory("/admin/courses");
    case "service-detail":
      return withHistory("/admin/service-details");
    case "site-setting":
      return withHistory("/admin/settings");
    case "contact-submission":
      return entry.entity_id ? `/admin/messages?open=${id}` : "/admin/messages";
    case "course-registration":
      return entry.entity_id ? `/admin/registrations?open=${id}` : "/admin/registrations";
    case "user":
      return "/admin/users";
    case "newsletter-subscriber":
      return "/admin/subscribers";
    case "media":
      return "/admin/media";
    case "team-member":
      return "/admin/team";
    case "webhook":
      return "/admin/settings";
    case "site":
      // An import: the Trash keeps the export of what it replaced.
      return "/admin/trash";
    case "passkey":
    case "security-setting":
      return "/admin/account";
    case "admin-account":
    case "session":
      return undefined;
  }
}
