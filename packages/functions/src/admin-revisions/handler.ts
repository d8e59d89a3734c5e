import { restoreInput, revisionAuditEntity } from "@agency/core/contract/revisions";
import { Revisions } from "@agency/core/revisions/revisions";
import { http, reply } from "../http";
import { pageReply } from "../page-reply";
import { restoreRevision } from "./restore";

/**
 * Revisions (contract/revisions.ts): an item's history, one revision's snapshot, and restoring one.
 * Revisions are stored by the http wrapper's hook after every save (../revisions.ts), a restore's too:
 * its note below names what it saved.
 */
export const handler = http({
  "GET /api/admin/revisions": async (req) => pageReply(await Revisions.list(req.query)),
  "GET /api/admin/revisions/{revision_id}": ({ params }) => Revisions.get(params.revision_id ?? ""),
  "POST /api/admin/revisions/{revision_id}/restore": async (req) => {
    const { version } = req.body(restoreInput);
    const revision = await Revisions.get(req.params.revision_id ?? "");
    req.audit({ action: "restore", entity: revisionAuditEntity[revision.entity], entity_id: revision.item_id });
    const { item, changed, created } = await restoreRevision(revision, version);
    req.audit({ changed_fields: changed });
    return created ? reply.created(item) : item;
  },
});
