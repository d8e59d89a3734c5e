import type { AuditAction, AuditEntity } from "@agency/core/contract/audit";
import { revisionAuditEntity, type RevisionAction, type RevisionEntity } from "@agency/core/contract/revisions";
import { Revisions } from "@agency/core/revisions/revisions";
import { actorOf, writeOf, type AfterAnswer } from "./audit";

/**
 * Revisions' one hook in the http wrapper, beside the audit log's: after an admin write of an item
 * with revisions succeeded (create, update, publish or unpublish, restore: any non-GET `admin`
 * route answering 2xx whose audit action is one of those), every item its answer holds (one, or the
 * settings a batch saved) is stored as a revision. What the write was comes from the route and the
 * handler's `req.audit()` note, as for its audit entry, so no handler records revisions itself.
 */

const byAuditEntity = new Map<AuditEntity, RevisionEntity>((Object.entries(revisionAuditEntity) as [RevisionEntity, AuditEntity][]).map(([revision, audit]) => [audit, revision]));
const revisionActions = new Set<AuditAction>(["create", "update", "publish", "unpublish", "restore"]);

/** The id of an item as a save answers it: a setting's `key`, anything else's `id`. */
function itemIdOf(entity: RevisionEntity, item: Record<string, unknown>): string | undefined {
  const field = entity === "site-settings" ? "key" : "id";
  return Object.hasOwn(item, field) && typeof item[field] === "string" && item[field] ? (item[field] as string) : undefined;
}

/** Stores the revisions of a request's save; never throws (the save has happened and its answer stands). */
export const recordRevisions: AfterAnswer = async (req, access, note, bodyFields, result) => {
  const { adminWrite, action, entity: auditEntity } = writeOf(req, access, note, result);
  if (!adminWrite || !req.session) return;
  const entity = auditEntity && byAuditEntity.get(auditEntity);
  if (!entity || !action || !revisionActions.has(action)) return;
  const actor = actorOf(req.session);
  const items = (Array.isArray(result.body) ? result.body : [result.body]).filter(
    (i): i is Record<string, unknown> => Boolean(i) && typeof i === "object" && typeof (i as { version?: unknown }).version === "number",
  );
  for (const snapshot of items) {
    const item_id = itemIdOf(entity, snapshot);
    if (!item_id) continue;
    try {
      await Revisions.record({
        entity,
        item_id,
        actor,
        action: action as RevisionAction,
        snapshot,
        sent: (bodyFields ?? []).filter((f) => f !== "version"),
      });
    } catch (err) {
      console.error(
        JSON.stringify({
          level: "error",
          requestId: req.requestId,
          message: `revision write failed: ${action} ${entity} ${item_id} (${req.routeKey})`,
          error: (err as Error)?.message,
        }),
      );
    }
  }
};
