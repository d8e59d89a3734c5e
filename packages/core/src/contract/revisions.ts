import * as z from "./zod";
import { pageParams } from "./admin";
import { version } from "./common";
import type { AuditAction, AuditActor } from "./audit";

/**
 * Revisions' wire contract (isomorphic: the handler validates with it, the History panel types its
 * calls with it).
 *
 * Every successful save of an editable item (create, update, publish or unpublish, restore) stores
 * a revision: who, when, the item's version, the names of the fields that changed and the item
 * whole as the save answered it. The last REVISIONS_KEPT of an item are kept; older ones expire.
 *
 * GET /api/admin/revisions?entity=&id=&limit=&cursor=  the item's revisions (RevisionSummary, no
 *   snapshot), newest first, the next page's cursor in X-Next-Cursor.
 * GET /api/admin/revisions/{revision_id}  one revision with its snapshot (Revision).
 * POST /api/admin/revisions/{revision_id}/restore {version}  saves the snapshot's editable fields
 *   over the item as a new save (a new version and a new revision), at the version the editor read:
 *   a stale one is a 409 as for any save. A deleted item is recreated with its id (a post as a draft),
 *   if its slug is free (409 naming `slug` otherwise); `version` is then not compared.
 */

export { revisionEntities, revisionAuditEntity, type RevisionEntity } from "./revision-entities";
import { revisionEntities, type RevisionEntity } from "./revision-entities";

/** How many revisions of one item are kept. */
export const REVISIONS_KEPT = 100;

/** Saves that store a revision. */
export type RevisionAction = Extract<AuditAction, "create" | "update" | "publish" | "unpublish" | "restore">;

export interface RevisionSummary {
  /** Opaque; names the item and the revision. */
  id: string;
  entity: RevisionEntity;
  item_id: string;
  /** 1, 2, 3 … per item: the revision's place in the item's history. */
  number: number;
  at: string;
  actor: AuditActor;
  action: RevisionAction;
  /** The item's version after the save. */
  version: number;
  changed_fields: string[];
}

export interface Revision extends RevisionSummary {
  /** The item as the save stored it. */
  snapshot: Record<string, unknown>;
}

export const revisionListQuery = z.lazy(() =>
  z.object({
    ...pageParams,
    entity: z.enum(revisionEntities, { error: `entity must be one of ${revisionEntities.join(", ")}` }),
    id: z.string({ error: "id is required" }).check(z.minLength(1, "id is required"), z.maxLength(300, "id is at most 300 characters")),
  }),
);
export type RevisionListQuery = z.input<typeof revisionListQuery>;

/** POST /api/admin/revisions/{revision_id}/restore: the version of the item the editor read. */
export const restoreInput = z.lazy(() => z.object({ version }));
export type RestoreInput = z.input<typeof restoreInput>;

/** Fields that change on every save and say nothing an editor did. */
export const bookkeepingFields: readonly string[] = ["version", "updated_at"];
