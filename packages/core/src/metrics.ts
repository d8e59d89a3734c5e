/**
 * The app's own CloudWatch metrics: the names the infrastructure alarms on (infra/monitoring.ts) and
 * the code emits. Like the route table, it lives in the shared package and has no dependencies: the
 * lead-mail code and infra/monitoring.ts both import it, and aws-cdk-lib never reaches a handler's bundle.
 */

/**
 * A lead mail (contact message or course registration) that could not be sent. packages/core/src/leads
 * must emit exactly this, in CloudWatch Embedded Metric Format: namespace `Agency`, metric
 * `LeadMailFailures`, unit `Count`, value 1 per failed mail, with the dimension `Stage` set to the
 * stage's name (a different namespace, name or dimension is a different metric, and the alarm would
 * never see it).
 */
export const LEAD_MAIL_METRIC = { namespace: "Agency", metricName: "LeadMailFailures" } as const;
/** The one dimension of LEAD_MAIL_METRIC; its value is the stage's name. */
export const LEAD_MAIL_METRIC_DIMENSION = "Stage";

/**
 * An audit log entry that could not be written (the admin's action itself went through). Emitted by
 * packages/functions/src/audit.ts in Embedded Metric Format: namespace `Agency`, metric
 * `AuditWriteFailures`, unit `Count`, dimension `Stage`.
 */
export const AUDIT_WRITE_METRIC = { namespace: "Agency", metricName: "AuditWriteFailures" } as const;
/** The dimension every app metric carries; its value is the stage's name. */
export const METRIC_STAGE_DIMENSION = LEAD_MAIL_METRIC_DIMENSION;

/**
 * A public page whose render failed (its previous file is kept). Emitted by
 * packages/functions/src/render/handler.ts in Embedded Metric Format: namespace `Agency`, metric
 * `RenderFailures`, unit `Count`, value the number of pages that failed, dimension `Stage`.
 */
export const RENDER_FAILURE_METRIC = { namespace: "Agency", metricName: "RenderFailures" } as const;
