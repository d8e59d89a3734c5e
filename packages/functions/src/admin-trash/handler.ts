import { authMessages } from "@agency/core/contract/auth-texts";
import {
  exportFileName,
  SITE_EXPORT_FORMAT,
  SITE_EXPORT_VERSION,
  SITE_IMPORT_MAX_BYTES,
  siteExport,
  siteExportMessages,
  siteImportQuery,
  type SiteImportResult,
} from "@agency/core/contract/site-export";
import * as z from "@agency/core/contract/zod";
import { trashAuditEntity, trashEntities, type TrashEntity } from "@agency/core/contract/trash";
import { HttpError } from "@agency/core/errors";
import { roleCan, type Permission } from "@agency/core/contract/roles";
import { Trash } from "@agency/core/trash/trash";
import { actorOf } from "../audit";
import { http, Reply, reply } from "../http";
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
  "newsletter-subscribers": "messages",
  "site-export": "backup",
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

/**
 * An import's body: 413 over SITE_IMPORT_MAX_BYTES, 400 with a clear `error` when it is not JSON,
 * not this product's export, or a version newer than it knows; then the schema's 400 naming fields.
 */
function importBody(req: Request) {
  const refuse = (status: number, error: string, field: string) => new HttpError(status, error, { fields: { [field]: error } });
  let raw: unknown;
  try {
    raw = req.body(z.unknown(), { maxBytes: SITE_IMPORT_MAX_BYTES });
  } catch (err) {
    if (err instanceof HttpError && err.status === 413) throw refuse(413, siteExportMessages.tooLarge, "body");
    if (err instanceof HttpError && err.status === 400) throw refuse(400, siteExportMessages.json, "body");
    throw err;
  }
  const doc = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (doc.format !== SITE_EXPORT_FORMAT) throw refuse(400, siteExportMessages.format, "format");
  if (typeof doc.version === "number" && doc.version > SITE_EXPORT_VERSION) throw refuse(400, siteExportMessages.version, "version");
  return siteExport.parse(raw);
}

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
  /**
   * The site's content replaced by an export (core site-export/import.ts). Checked whole first, so a
   * refused document changes nothing; then what it replaces is kept in the Trash (an import is undone
   * by importing that), the content replaced, every counter rebuilt and every page rendered again.
   */
  "POST /api/admin/import": async (req): Promise<SiteImportResult> => {
    siteImportQuery.parse(req.query);
    const doc = importBody(req);
    const [{ exportSite }, { checkSiteImport, importSite, keepBeforeImport }] = await Promise.all([
      import("@agency/core/site-export/export"),
      import("@agency/core/site-export/import"),
    ]);
    checkSiteImport(doc);
    const current = await exportSite();
    const kept = await keepBeforeImport(current, actorOf(req.session!));
    const imported = await importSite(doc, current);
    // Every public read and page: an /api path renders every page again (render.ts pagesFor).
    await invalidate(["/api/*", "/*"]);
    req.audit({ action: "import", entity: "site", entity_id: kept.id, entity_label: `The export of ${doc.exported_at}` });
    return { imported, kept_export: { id: kept.id, expires_at: kept.expires_at } };
  },
  // The export an import kept of what it replaced, as the file it was (the Trash screen's Download).
  "GET /api/admin/trash/{id}/download": async (req) => {
    const { readKeptExport } = await import("@agency/core/site-export/import");
    const kept = await readKeptExport(req.params.id ?? "");
    return new Reply(200, kept.text, { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="${exportFileName(kept.exported_at)}"` });
  },
});
