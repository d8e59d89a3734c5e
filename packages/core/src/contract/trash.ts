import * as z from "./zod";
import { pageParams } from "./admin";
import type { AuditActor, AuditEntity } from "./audit";

/**
 * The Trash's wire contract (isomorphic: the handler validates with it, the Trash screen types its
 * calls and labels with it).
 *
 * Deleting a post, a catalogue item, an image, a message, a registration or a newsletter
 * subscriber moves it here for
 * TRASH_DAYS: it is gone at once from every list, count, public page and feed, and can be restored
 * until it expires (DynamoDB's TTL deletes it then; every read checks the expiry too).
 *
 * GET /api/admin/trash?limit&cursor&entity  a page of TrashItem, newest first, the next page's
 *   cursor in X-Next-Cursor.
 * POST /api/admin/trash/{id}/restore  the item back under its own id (a post as a draft at its own
 *   slug: 409 naming `slug` when another post took it); answers the item restored.
 * DELETE /api/admin/trash/{id}  purged now (owner and admin).
 *
 * A `site-export` is the automatic export an import (POST /api/admin/import) keeps of the content it
 * replaced: its file waits in the media bucket's trash/ prefix (nothing serves it), the item points
 * at it, and GET /api/admin/trash/{id}/download answers it (the owner's, like the export). It is not
 * restored in place: importing it puts the site back as it was.
 */
export const trashEntities = [
  "blog-posts",
  "services",
  "industries",
  "courses",
  "service-details",
  "media",
  "contact-submissions",
  "course-registrations",
  "newsletter-subscribers",
  "site-export",
] as const;
export type TrashEntity = (typeof trashEntities)[number];

/** How long a deleted item is kept. */
export const TRASH_DAYS = 30;

/** What the Trash screen calls each kind. */
export const trashEntityLabels: Record<TrashEntity, string> = {
  "blog-posts": "Blog post",
  services: "Service",
  industries: "Industry",
  courses: "Course",
  "service-details": "Service detail",
  media: "Image",
  "contact-submissions": "Message",
  "course-registrations": "Registration",
  "newsletter-subscribers": "Subscriber",
  "site-export": "Site before an import",
};

/** The audit log's name of each (contract/audit.ts). */
export const trashAuditEntity: Record<TrashEntity, AuditEntity> = {
  "blog-posts": "blog-post",
  services: "service",
  industries: "industry",
  courses: "course",
  "service-details": "service-detail",
  media: "media",
  "contact-submissions": "contact-submission",
  "course-registrations": "course-registration",
  "newsletter-subscribers": "newsletter-subscriber",
  "site-export": "site",
};

export interface TrashItem {
  id: string;
  entity: TrashEntity;
  /** The deleted item's own id: it comes back under it. */
  entity_id: string;
  label: string;
  deleted_at: string;
  deleted_by: AuditActor;
  /** When it is purged for good. */
  expires_at: string;
}

export const trashListQuery = z.lazy(() =>
  z.object({
    ...pageParams,
    entity: z.optional(z.enum(trashEntities, { error: `entity must be one of ${trashEntities.join(", ")}` })),
  }),
);
export type TrashListQuery = z.input<typeof trashListQuery>;
