import type { LeadKind } from "./outbox";

/**
 * The failed-lead-mail metric, as a CloudWatch Embedded Metric Format log line: CloudWatch turns it
 * into the metric the alarm watches (infra/monitoring.ts), with no PutMetricData permission needed.
 * Namespace, name and dimension must stay what the alarm reads.
 */
export const LEAD_MAIL_METRIC = { namespace: "Agency", metricName: "LeadMailFailures", dimension: "Stage" } as const;

export function emitLeadMailFailure(kind: LeadKind, id: string) {
  const stage = process.env.SST_STAGE ?? process.env.STAGE ?? "local";
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [{ Namespace: LEAD_MAIL_METRIC.namespace, Dimensions: [[LEAD_MAIL_METRIC.dimension]], Metrics: [{ Name: LEAD_MAIL_METRIC.metricName, Unit: "Count" }] }],
      },
      [LEAD_MAIL_METRIC.dimension]: stage,
      [LEAD_MAIL_METRIC.metricName]: 1,
      message: `Lead mail failed for good: ${kind} ${id}`,
    }),
  );
}
