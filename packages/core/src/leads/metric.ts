import { LEAD_MAIL_METRIC, LEAD_MAIL_METRIC_DIMENSION } from "../metrics";
import type { LeadKind } from "./outbox";

/**
 * The failed-lead-mail metric, as a CloudWatch Embedded Metric Format log line: CloudWatch turns it
 * into the metric the alarm watches (infra/monitoring.ts), with no PutMetricData permission needed.
 */
export function emitLeadMailFailure(kind: LeadKind, id: string) {
  const stage = process.env.SST_STAGE ?? "local";
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [{ Namespace: LEAD_MAIL_METRIC.namespace, Dimensions: [[LEAD_MAIL_METRIC_DIMENSION]], Metrics: [{ Name: LEAD_MAIL_METRIC.metricName, Unit: "Count" }] }],
      },
      [LEAD_MAIL_METRIC_DIMENSION]: stage,
      [LEAD_MAIL_METRIC.metricName]: 1,
      message: `Lead mail failed for good: ${kind} ${id}`,
    }),
  );
}
