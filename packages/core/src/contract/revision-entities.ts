import type { AuditEntity } from "./audit";

// Apart from revisions.ts (its zod schemas): the audit hook every admin function loads at start needs only these names.

/** The items that have revisions, by the API's collection names. */
export const revisionEntities = ["blog-posts", "page-sections", "services", "industries", "courses", "service-details", "site-settings"] as const;
export type RevisionEntity = (typeof revisionEntities)[number];

/** The audit log's name of each (contract/audit.ts). */
export const revisionAuditEntity: Record<RevisionEntity, AuditEntity> = {
  "blog-posts": "blog-post",
  "page-sections": "page-section",
  services: "service",
  industries: "industry",
  courses: "course",
  "service-details": "service-detail",
  "site-settings": "site-setting",
};
