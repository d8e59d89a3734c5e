import type { AuditEntry } from "@agency/core/contract/audit";

/**
 * Where an entry's item lives in the back office: the screen that edits it, opened on the record
 * where that screen can open one by link (`?open=`). Sign-ins and sign-outs have no item.
 */
export function itemLink(entry: Pick<AuditEntry, "entity" | "entity_id">): string | undefined {
  const id = encodeURIComponent(entry.entity_id);
  switch (entry.entity) {
    case "blog-post":
      return "/admin/blog";
    case "page-section":
      return "/admin/content";
    case "service":
      return "/admin/content?tab=services";
    case "industry":
      return "/admin/content?tab=industries";
    case "course":
      return "/admin/courses";
    case "service-detail":
      return "/admin/service-details";
    case "site-setting":
      return "/admin/settings";
    case "contact-submission":
      return entry.entity_id ? `/admin/messages?open=${id}` : "/admin/messages";
    case "course-registration":
      return entry.entity_id ? `/admin/registrations?open=${id}` : "/admin/registrations";
    case "user":
      return "/admin/users";
    case "media":
      return "/admin/media";
    case "admin-account":
    case "session":
      return undefined;
  }
}
