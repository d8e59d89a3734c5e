import { authMessages } from "@agency/core/contract/auth-texts";
import { restoreInput, revisionAuditEntity, revisionEntities, type RevisionEntity } from "@agency/core/contract/revisions";
import { HttpError } from "@agency/core/errors";
import { roleCan, type Permission } from "@agency/core/contract/roles";
import type { Request } from "../request";
import { Revisions } from "@agency/core/revisions/revisions";
import { http, reply } from "../http";
import { pageReply } from "../page-reply";

/**
 * Revisions (contract/revisions.ts): an item's history, one revision's snapshot, and restoring one.
 * Revisions are stored by the http wrapper's hook after every save (../revisions.ts), a restore's too:
 * its note below names what it saved.
 */
/**
 * The routes need `content` (routes.ts); an item's history also needs the permission its own
 * screen needs: an editor reads and restores posts and content, not site settings.
 */
const entityPermission: Readonly<Record<RevisionEntity, Permission>> = {
  "blog-posts": "blog",
  "page-sections": "content",
  services: "content",
  industries: "content",
  courses: "content",
  "service-details": "content",
  "site-settings": "settings",
};
function mayRead(req: Request, entity: RevisionEntity) {
  const permission = entityPermission[entity];
  if (!req.session || !roleCan(req.session.role, permission)) throw new HttpError(403, authMessages.forbidden, { code: "forbidden", permission });
}

export const handler = http({
  "GET /api/admin/revisions": async (req) => {
    const query = req.query as Record<string, unknown>;
    const entity = Object.hasOwn(query, "entity") ? query.entity : undefined;
    if (typeof entity === "string" && (revisionEntities as readonly string[]).includes(entity)) mayRead(req, entity as RevisionEntity);
    return pageReply(await Revisions.list(req.query));
  },
  "GET /api/admin/revisions/{revision_id}": async (req) => {
    const revision = await Revisions.get(req.params.revision_id ?? "");
    mayRead(req, revision.entity);
    return revision;
  },
  "POST /api/admin/revisions/{revision_id}/restore": async (req) => {
    const { version } = req.body(restoreInput);
    const revision = await Revisions.get(req.params.revision_id ?? "");
    mayRead(req, revision.entity);
    // A restore saves through every editor's domain code: loaded by the first restore, not by a read.
    const { restoreRevision } = await import("./restore");
    const { item, changed, created } = await restoreRevision(revision, version);
    req.audit({ action: "restore", entity: revisionAuditEntity[revision.entity], entity_id: revision.item_id, changed_fields: changed });
    return created ? reply.created(item) : item;
  },
});
