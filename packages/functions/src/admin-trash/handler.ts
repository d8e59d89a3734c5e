import { authMessages } from "@agency/core/contract/auth-texts";
import { exportFileName } from "@agency/core/contract/site-export";
import { trashAuditEntity, trashEntities, type TrashEntity } from "@agency/core/contract/trash";
import { HttpError } from "@agency/core/errors";
import { roleCan, type Permission } from "@agency/core/routes";
import { Trash } from "@agency/core/trash/trash";
import { http, reply } from "../http";
import { invalidate, invalidatePost, publicPaths } from "../invalidate";
import { pageReply } from "../page-reply";
import type { Request } from "../request";

/**
 * The Trash (contract/trash.ts): what the delete routes kept (../trash.ts), listed, restored through
 * each feature's domain code (core trash/restore.ts) with the same public re-render as its save, or
 * purged. The audit hook records a restore and a purge of the item's own entity (the notes below).
 */

/** A kind needs the permission of its own screen: an editor restores posts and images, not messages. */
const entityPermission: Readonly<Record<TrashEntity, Permission>> = {
  "blog-posts": "blog",
  services: "content",
  industries: "content",
  courses: "content",
  "service-details": "content",
  media: "media",
  "contact-submissions": "messages",
  "course-registrations": "registrations",
};
const visibleTo = (req: Request) => trashEntities.filter((e) => req.session && roleCan(req.session.role, entityPermission[e]));
function mayHandle(req: Request, entity: TrashEntity) {
  const permission = entityPermission[entity];
  if (!req.session || !roleCan(req.session.role, permission)) throw new HttpError(403, authMessages.forbidden, { code: "forbidden", permission });
}

/** What a restore changed publicly: the same paths its kind's save invalidates (and renders again). */
const republish: Partial<Record<TrashEntity, (item: never) => Promise<unknown>>> = {
  "blog-posts": (post: { slug: string; is_published: boolean; published_at?: string | null }) => invalidatePost(post),
  services: () => invalidate(publicPaths.services()),
  industries: () => invalidate(publicPaths.industries()),
  courses: () => invalidate(publicPaths.courses()),
  "service-details": () => invalidate(publicPaths.serviceDetails()),
};

export const handler = http({
  "GET /api/admin/trash": async (req) => pageReply(await Trash.list(req.query, visibleTo(req))),
  "POST /api/admin/trash/{id}/restore": async (req) => {
    const trashed = await Trash.get(req.params.id ?? "");
    mayHandle(req, trashed.entity);
    req.audit({ action: "restore", entity: trashAuditEntity[trashed.entity], entity_id: trashed.entity_id, entity_label: trashed.label });
    const { restorers } = await import("@agency/core/trash/restore");
    const item = await restorers[trashed.entity](trashed.record as never);
    await Trash.take(trashed.id);
    await republish[trashed.entity]?.(item as never);
    return item;
  },
  "DELETE /api/admin/trash/{id}": async (req) => {
    const trashed = await Trash.get(req.params.id ?? "");
    req.audit({ action: "purge", entity: trashAuditEntity[trashed.entity], entity_id: trashed.entity_id, entity_label: trashed.label });
    await Trash.take(trashed.id);
    const { purgers } = await import("@agency/core/trash/restore");
    await purgers[trashed.entity]?.(trashed.entity_id);
    return { success: true };
  },
  // The whole site as one document (core site-export/), to keep or to import into another stage.
  "GET /api/admin/export": async () => {
    const { exportSite } = await import("@agency/core/site-export/export");
    const doc = await exportSite();
    return reply.json(doc, 200, { headers: { "content-disposition": `attachment; filename="${exportFileName(doc.exported_at)}"` } });
  },
});
