import { AuditLog } from "@agency/core/audit/audit";
import { auditEntities, type AuditAction, type AuditActor, type AuditEntity } from "@agency/core/contract/audit";
import { revisionAuditEntity } from "@agency/core/contract/revision-entities";
import { AUDIT_WRITE_METRIC, METRIC_STAGE_DIMENSION } from "@agency/core/metrics";
import { subjectOf } from "@agency/core/auth/sessions";
import type { AdminSession, AuditNote } from "./request";

/**
 * The audit log's one hook in the http wrapper. After an admin route's write succeeded (any
 * non-GET `admin` route answering 2xx) the wrapper records an entry; what it is about comes from
 * the route (method and path) and the request, and a handler may say more through `req.audit()`
 * (the label of what it deleted, the action a publish really was). Public routes are recorded only
 * when their handler noted an action (sign-in, sign-out), whatever their answer.
 */

export interface AuditedRequest {
  readonly routeKey: string;
  readonly params: Record<string, string>;
  readonly headers: Record<string, string>;
  readonly ip: string;
  readonly requestId: string;
  session?: AdminSession;
}

/** The actor of an admin session. */
export function actorOf(session: AdminSession): AuditActor {
  if (session.type === "google") return { type: "google", id: subjectOf.user(session.userId), name: session.user.google_user_data?.name || session.email };
  if (session.dev) return { type: "dev", id: subjectOf.dev(), name: session.full_name };
  return { type: "admin", id: subjectOf.admin(session.username), name: session.full_name || session.username };
}

const isEntity = (v: string): v is AuditEntity => (auditEntities as readonly string[]).includes(v);
/** The API's collection names that differ from the entity's (those with revisions named where revisions are). */
const collections: Record<string, AuditEntity> = {
  ...revisionAuditEntity,
  uploads: "media",
  "contact-submissions": "contact-submission",
  "course-registrations": "course-registration",
  users: "user",
  team: "team-member",
  account: "admin-account",
  "security-settings": "security-setting",
  newsletter: "newsletter-subscriber",
  webhooks: "webhook",
};
/**
 * A route's last literal segment that names the action. A `bulk` route's action is in its body (mark
 * read, change status, delete): a status change, and its handler notes a delete with `req.audit()`.
 */
const verbs: Record<string, AuditAction> = {
  publish: "publish",
  status: "status_change",
  "resend-notification": "resend",
  "mark-all-read": "mark_all_read",
  complete: "upload",
  restore: "restore",
  schedule: "schedule",
  bulk: "status_change",
  invitations: "invite",
  "password-reset": "password_reset",
};
const byMethod: Partial<Record<string, AuditAction>> = { POST: "create", PUT: "update", PATCH: "update", DELETE: "delete" };

/**
 * Admin writes that change nothing anyone sees: signing an upload form (completing the upload is
 * the action), a passkey's registration options (adding the passkey is), beginning an
 * authenticator's set-up (confirming it turns two-factor on), and a session's fresh proof.
 */
export const unrecordedWrites: readonly string[] = [
  "POST /api/admin/uploads",
  "POST /api/admin/account/passkeys/options",
  "POST /api/admin/account/totp",
  // A fresh proof changes nothing but the session's own proof time (what it then allows is recorded).
  "POST /api/admin/account/reauth/passkey/options",
  "POST /api/admin/account/reauth",
  // A webhook's test event changes nothing: its delivery is in the endpoint's own deliveries log.
  "POST /api/admin/webhooks/{id}/test",
];

/** The signed-in person's own account, a member's sessions and the site's import, whose paths do not name their entity first. */
const accountRoutes: Record<string, { action: AuditAction; entity: AuditEntity }> = {
  "POST /api/admin/account/passkeys": { action: "create", entity: "passkey" },
  "PUT /api/admin/account/passkeys/{id}": { action: "update", entity: "passkey" },
  "DELETE /api/admin/account/passkeys/{id}": { action: "delete", entity: "passkey" },
  "DELETE /api/admin/account/sessions": { action: "delete", entity: "session" },
  "DELETE /api/admin/account/sessions/{id}": { action: "delete", entity: "session" },
  "PUT /api/admin/account/password": { action: "update", entity: "admin-account" },
  "DELETE /api/admin/team/{id}/sessions/{session_id}": { action: "delete", entity: "session" },
  // Its handler names the kept export it made first (admin-trash).
  "POST /api/admin/import": { action: "import", entity: "site" },
};

/** Collections of items of every kind: a write's handler names the entity with `req.audit()` (a restore, the restored item's). */
const mixed = new Set(["revisions", "trash"]);

/**
 * What a route key says: `PUT /api/admin/blog-posts/{id}/publish` is a publish of a blog post;
 * `POST /api/admin/revisions/{revision_id}/restore` a restore of what its handler names.
 */
export function fromRoute(routeKey: string): { action: AuditAction; entity?: AuditEntity } | undefined {
  if (unrecordedWrites.includes(routeKey)) return undefined;
  if (Object.hasOwn(accountRoutes, routeKey)) return accountRoutes[routeKey];
  const [method = "", path = ""] = routeKey.split(" ");
  const segments = path.split("/").slice(3); // after "", "api", "admin"
  const collection = segments[0] ?? "";
  const entity = Object.hasOwn(collections, collection) ? collections[collection]! : isEntity(collection) ? collection : undefined;
  const last = segments.length > 1 && !segments.at(-1)!.startsWith("{") ? segments.at(-1)! : "";
  // A post's preview links: making one shares the post, deleting them revokes; the post stays.
  const preview = last === "preview-link" ? (method === "DELETE" ? "revoke_preview" : "share_preview") : undefined;
  const action = preview ?? (last ? verbOf(last) : undefined) ?? (Object.hasOwn(byMethod, method) ? byMethod[method] : undefined);
  if (mixed.has(collection)) return action ? { action } : undefined;
  return entity && action ? { action, entity } : undefined;
}

/** The action a route's last literal segment names, also inside a longer name (`bulk-delete`, `bulk-status`). */
function verbOf(segment: string): AuditAction | undefined {
  if (Object.hasOwn(verbs, segment)) return verbs[segment];
  if (segment.includes("delete")) return "delete";
  if (segment.includes("status") || segment.includes("read")) return "status_change";
  if (segment.includes("publish")) return "publish";
  return undefined;
}

/** A label for what a write answered: its title, name, file name, key or address. */
function labelOf(body: unknown): string {
  if (!body || typeof body !== "object") return "";
  const b = body as Record<string, unknown>;
  for (const k of ["title", "name", "filename", "full_name", "key", "email", "section_key", "url"]) {
    if (Object.hasOwn(b, k) && typeof b[k] === "string" && b[k]) return b[k] as string;
  }
  return "";
}
const idOf = (body: unknown): string =>
  body && typeof body === "object" && Object.hasOwn(body, "id") && typeof (body as { id: unknown }).id === "string" ? (body as { id: string }).id : "";

/** What runs after a handler answered: the request, its route's access, the handler's note, the body's fields, the answer. */
export type AfterAnswer = (
  req: AuditedRequest,
  access: string,
  note: AuditNote | undefined,
  bodyFields: string[] | undefined,
  result: { status: number; body: unknown },
) => Promise<void>;

/**
 * What an answered request was, as the audit log and revisions read it: its method, whether it was
 * an admin write that succeeded, and its action and entity (the handler's note first, then the route's).
 */
export function writeOf(req: AuditedRequest, access: string, note: AuditNote | undefined, result: { status: number }) {
  const method = req.routeKey.slice(0, req.routeKey.indexOf(" "));
  const route = fromRoute(req.routeKey);
  return {
    method,
    adminWrite: access === "admin" && method !== "GET" && result.status >= 200 && result.status < 300,
    action: note?.action ?? route?.action,
    entity: note?.entity ?? route?.entity,
  };
}

/**
 * Writes the entry of a request that was an admin action; never throws. A failed write is logged
 * and counted (the Agency/AuditWriteFailures metric, which raises an alarm): the admin's action has
 * already happened and its answer stands.
 */
export const recordAudit: AfterAnswer = async (req, access, note, bodyFields, result) => {
  const { method, adminWrite, action, entity } = writeOf(req, access, note, result);
  // An admin route is recorded once its write succeeded, whatever its handler noted before it
  // failed (a refused publish or restore: 409, 404); a public one when its handler named an action.
  if (!adminWrite && (access === "admin" || !note?.action)) return;
  const actor = note?.actor ?? (req.session ? actorOf(req.session) : undefined);
  if (!action || !entity || !actor) return;
  try {
    await AuditLog.record({
      actor,
      action,
      entity,
      entity_id: note?.entity_id ?? req.params.id ?? req.params.key ?? idOf(note?.record ?? result.body),
      entity_label: note?.entity_label ?? labelOf(note?.record ?? result.body),
      changed_fields: note?.changed_fields ?? (method === "PUT" ? (bodyFields ?? []).filter((f) => f !== "version") : []),
      ip: req.ip,
      user_agent: req.headers["user-agent"] ?? "",
    });
  } catch (err) {
    emitAuditWriteFailure(req, action, entity, err);
  }
};

/** The failed audit write, logged as an error and as a CloudWatch Embedded Metric Format count. */
function emitAuditWriteFailure(req: AuditedRequest, action: string, entity: string, err: unknown) {
  console.error(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [{ Namespace: AUDIT_WRITE_METRIC.namespace, Dimensions: [[METRIC_STAGE_DIMENSION]], Metrics: [{ Name: AUDIT_WRITE_METRIC.metricName, Unit: "Count" }] }],
      },
      [METRIC_STAGE_DIMENSION]: process.env.SST_STAGE ?? "local",
      [AUDIT_WRITE_METRIC.metricName]: 1,
      level: "error",
      requestId: req.requestId,
      message: `audit write failed: ${action} ${entity} (${req.routeKey})`,
      error: (err as Error)?.message,
    }),
  );
}
