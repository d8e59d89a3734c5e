import { Duration } from "aws-cdk-lib";
import { Alarm, AlarmStatusWidget, ComparisonOperator, Dashboard, GraphWidget, MathExpression, Metric, TreatMissingData, type IMetric } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { use, type Function as SstFunction, type StackContext } from "sst/constructs";
import { Api, tableReadActions, tableWriteActions } from "./api";
import { Database } from "./database";
import { AUDIT_WRITE_METRIC, LEAD_MAIL_METRIC, LEAD_MAIL_METRIC_DIMENSION, METRIC_STAGE_DIMENSION, RENDER_FAILURE_METRIC } from "@agency/core/metrics";
import { features, type Feature } from "@agency/core/routes";
import { Web } from "./web";

export { AUDIT_WRITE_METRIC, LEAD_MAIL_METRIC, LEAD_MAIL_METRIC_DIMENSION, RENDER_FAILURE_METRIC } from "@agency/core/metrics";

/** Every alarm looks at 5-minute sums. */
const ALARM_PERIOD_MINUTES = 5;
/**
 * API 5xx rate: more than 5 % of the HTTP API's requests answered 5xx, in each of 2 consecutive
 * periods (10 minutes). One bad period (a deploy, a cold dependency) does not wake anyone; a real
 * fault does within 10 to 15 minutes. At low traffic a couple of failures make a high rate, on
 * purpose: a quiet site that fails is still failing.
 */
const API_5XX_RATE_THRESHOLD_PERCENT = 5;
const API_5XX_RATE_EVALUATION_PERIODS = 2;
/** Lambda errors: at least 5 failed invocations of one function in one period. */
const LAMBDA_ERRORS_THRESHOLD = 5;
/** Lambda throttles: any throttled invocation (the account's concurrency is exhausted). */
const LAMBDA_THROTTLES_THRESHOLD = 1;
/** DynamoDB throttles: any throttled request to the table (on demand should never throttle). */
const DYNAMODB_THROTTLES_THRESHOLD = 1;
/** Lead mails: any contact message or registration whose mail could not be sent. */
const LEAD_MAIL_FAILURES_THRESHOLD = 1;

/** Audit log: any admin action whose audit entry could not be written. */
const AUDIT_WRITE_FAILURES_THRESHOLD = 1;
/** Scheduled publishing: any scheduled publication that failed every retry (a message in its dead-letter queue). */
const SCHEDULE_DEAD_LETTERS_THRESHOLD = 0;
/** Image sizes: any uploaded image whose derivation failed every retry (an event in its dead-letter queue). */
const DERIVE_DEAD_LETTERS_THRESHOLD = 0;
/** Rendered pages: any page whose render failed (its previous file is served meanwhile). */
const RENDER_FAILURES_THRESHOLD = 1;
/** Render requests given up after their retries: any message in the render dead-letter queue. */
const RENDER_DEAD_LETTERS_THRESHOLD = 1;
/** One webhook message or stream batch given up is worth a look. */
const WEBHOOK_DEAD_LETTERS_THRESHOLD = 1;
/** One lead-mail retry message or stream batch given up is a lead whose mail may never go. */
const LEAD_MAIL_DEAD_LETTERS_THRESHOLD = 1;

/**
 * Requests the web ACL blocked (infra/waf.ts): 100 in 5 minutes is one address hammering sign-in for
 * a while, a scan, or a limit set too low for real visitors; either way someone should look.
 */
const WAF_BLOCKED_REQUESTS_THRESHOLD = 100;

/** What the stack outputs when there is no ALARM_EMAIL. */
export const noAlarmEmailNotice = "not set: alarms go nowhere until ALARM_EMAIL is set and the stage deployed again";

/**
 * ALARM_EMAIL: one address, or several separated by commas, each of which gets an SNS email
 * subscription (to be confirmed from the mail AWS sends). Empty or unset: none.
 */
export function alarmEmails(value: string | undefined): string[] {
  const emails = (value ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const email of emails) {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new Error(`ALARM_EMAIL: "${email}" is not an email address`);
  }
  return emails;
}

/** The DynamoDB operations the functions may call (infra/api.ts grants no others), e.g. `GetItem`. */
export const tableOperations = [...tableReadActions, ...tableWriteActions].map((a) => a.replace(/^dynamodb:/, ""));

/**
 * CloudWatch alarms on what can go wrong without anyone noticing (5xx answers, failing or throttled
 * functions, a throttled table, lead mails that were not sent), an SNS topic that mails them to
 * ALARM_EMAIL, and a dashboard of the same metrics.
 *
 * `sst dev` gets none of it: its functions are stubs that forward to a developer's machine, whose
 * errors are on that screen.
 */
export function Monitoring({ stack, app }: StackContext) {
  const { functions, leadMail, webhooks, scheduling, render, derivation } = use(Api);
  // Every function: one per feature, the stream's lead-mail sender, the webhook sender, the scheduled publisher and the page renderer.
  const watched: [string, SstFunction][] = [
    ...features.map((f): [string, SstFunction] => [f, functions[f as Feature]]),
    ["lead-mail", leadMail.fn],
    ["webhooks", webhooks.fn],
    ["scheduled-publish", scheduling.publisher],
    ...(render ? [["render", render.fn] as [string, SstFunction]] : []),
    ...(derivation ? [["media-derive", derivation.fn] as [string, SstFunction]] : []),
  ];
  const { gateway, waf } = use(Web);
  const { table } = use(Database);
  if (app.mode === "dev") return {};

  const period = Duration.minutes(ALARM_PERIOD_MINUTES);
  const name = (suffix: string) => app.logicalPrefixedName(suffix);

  const topic = new Topic(stack, "Alarms", { topicName: name("alarms"), displayName: `${app.stage} ${app.name} alarms`, enforceSSL: true });
  const emails = alarmEmails(process.env.ALARM_EMAIL);
  for (const email of emails) topic.addSubscription(new EmailSubscription(email));
  const action = new SnsAction(topic);

  const alarms: Alarm[] = [];
  const alarm = (id: string, props: ConstructorParameters<typeof Alarm>[2]) => {
    const a = new Alarm(stack, id, { treatMissingData: TreatMissingData.NOT_BREACHING, ...props });
    a.addAlarmAction(action);
    a.addOkAction(action);
    alarms.push(a);
    return a;
  };

  // HTTP API metrics carry the dimension ApiId (and ApiId + Stage); the API has a single stage
  // ($default, infra/api.ts), so ApiId alone covers all of it without depending on how "$default"
  // is spelt as a dimension value.
  const requests = gateway.metricCount({ period, statistic: "Sum", label: "Requests" });
  const errors5xx = gateway.metricServerError({ period, statistic: "Sum", label: "5xx" });
  const api5xxRate = new MathExpression({
    // No requests, no data (and NOT_BREACHING); periods with requests but no 5xx datapoint count as 0.
    expression: "IF(requests > 0, 100 * FILL(errors5xx, 0) / requests, 0)",
    usingMetrics: { requests, errors5xx },
    period,
    label: "5xx rate (%)",
  });
  alarm("Api5xxRate", {
    alarmName: name("api-5xx-rate"),
    alarmDescription:
      `More than ${API_5XX_RATE_THRESHOLD_PERCENT}% of API requests answered 5xx for ${API_5XX_RATE_EVALUATION_PERIODS} ` +
      `consecutive ${ALARM_PERIOD_MINUTES}-minute periods. A 500 that a handler caught is logged as ` +
      `{"level":"error","requestId",...} in that function's log group (search /aws/lambda/ for "level":"error"); ` +
      `crashes and timeouts raise the lambda-errors alarms too, throttled functions the lambda-throttles ones.`,
    metric: api5xxRate,
    threshold: API_5XX_RATE_THRESHOLD_PERCENT,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: API_5XX_RATE_EVALUATION_PERIODS,
    datapointsToAlarm: API_5XX_RATE_EVALUATION_PERIODS,
  });

  const errorMetrics: IMetric[] = [];
  const throttleMetrics: IMetric[] = [];
  for (const [feature, fn] of watched) {
    const errors = fn.metricErrors({ period, statistic: "Sum", label: feature });
    const throttles = fn.metricThrottles({ period, statistic: "Sum", label: feature });
    errorMetrics.push(errors);
    throttleMetrics.push(throttles);
    alarm(`LambdaErrors-${feature}`, {
      alarmName: name(`lambda-errors-${feature}`),
      alarmDescription:
        `The ${feature} function failed at least ${LAMBDA_ERRORS_THRESHOLD} times in ${ALARM_PERIOD_MINUTES} minutes ` +
        `(uncaught errors and timeouts; a handled 500 is not one). Its log group /aws/lambda/${fn.functionName} ` +
        `has the stack traces.`,
      metric: errors,
      threshold: LAMBDA_ERRORS_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
    alarm(`LambdaThrottles-${feature}`, {
      alarmName: name(`lambda-throttles-${feature}`),
      alarmDescription:
        `Invocations of the ${feature} function were throttled in the last ${ALARM_PERIOD_MINUTES} minutes: the ` +
        `account's Lambda concurrency ran out and those requests failed. Look at ConcurrentExecutions in the Lambda ` +
        `console and the account's concurrency quota; a traffic spike or a runaway caller is the usual cause.`,
      metric: throttles,
      threshold: LAMBDA_THROTTLES_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  // ThrottledRequests counts a request once whichever of table or index throttled it, per
  // operation; DynamoDB publishes it only when non-zero, hence FILL before adding the operations up.
  const cdkTable = table.cdk.table;
  const throttledByOperation = Object.fromEntries(
    tableOperations.map((operation) => [
      operation.toLowerCase(),
      cdkTable.metric("ThrottledRequests", {
        period,
        statistic: "Sum",
        dimensionsMap: { TableName: cdkTable.tableName, Operation: operation },
      }),
    ]),
  );
  const tableThrottles = new MathExpression({
    expression: Object.keys(throttledByOperation)
      .map((id) => `FILL(${id}, 0)`)
      .join(" + "),
    usingMetrics: throttledByOperation,
    period,
    label: "Throttled requests",
  });
  alarm("DynamoDbThrottles", {
    alarmName: name("dynamodb-throttles"),
    alarmDescription:
      `Requests to the table were throttled in the last ${ALARM_PERIOD_MINUTES} minutes (${tableOperations.join(", ")}). ` +
      `An on-demand table throttles only past its account or table limits or a sudden jump over twice its ` +
      `previous peak: look at the table's ThrottledRequests by operation and the functions' errors.`,
    metric: tableThrottles,
    threshold: DYNAMODB_THROTTLES_THRESHOLD,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  const leadMailFailures = new Metric({
    ...LEAD_MAIL_METRIC,
    dimensionsMap: { [LEAD_MAIL_METRIC_DIMENSION]: app.stage },
    period,
    statistic: "Sum",
    label: "Failed lead mails",
  });
  alarm("LeadMailFailures", {
    alarmName: name("lead-mail-failures"),
    alarmDescription:
      `At least ${LEAD_MAIL_FAILURES_THRESHOLD} contact or registration mail could not be sent in the last ` +
      `${ALARM_PERIOD_MINUTES} minutes. The lead itself is saved: read it in the back office (Messages, ` +
      `Registrations). Then look at the sending function's log for the mail error (SES sandbox, unverified ` +
      `sender, quota).`,
    metric: leadMailFailures,
    threshold: LEAD_MAIL_FAILURES_THRESHOLD,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  const auditWriteFailures = new Metric({
    ...AUDIT_WRITE_METRIC,
    dimensionsMap: { [METRIC_STAGE_DIMENSION]: app.stage },
    period,
    statistic: "Sum",
    label: "Failed audit writes",
  });
  alarm("AuditWriteFailures", {
    alarmName: name("audit-write-failures"),
    alarmDescription:
      `At least ${AUDIT_WRITE_FAILURES_THRESHOLD} admin action could not be written to the audit log in the last ` +
      `${ALARM_PERIOD_MINUTES} minutes. The action itself went through; the log is missing its entry. The functions' ` +
      `logs have each one as {"level":"error","message":"audit write failed: ..."} with the route and the error ` +
      `(throttling, permissions).`,
    metric: auditWriteFailures,
    threshold: AUDIT_WRITE_FAILURES_THRESHOLD,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  const scheduleDeadLetters = scheduling.deadLetters.metricApproximateNumberOfMessagesVisible({
    period,
    statistic: "Maximum",
    label: "Failed scheduled publications",
  });
  alarm("ScheduledPublishDeadLetters", {
    alarmName: name("scheduled-publish-dead-letters"),
    alarmDescription:
      `A scheduled blog post could not be published by its EventBridge Scheduler schedule after every retry: the ` +
      `invocation is in the queue ${scheduling.deadLetters.queueName} (its message names the post and the error). ` +
      `The catch-up rule keeps trying every few minutes; look at the scheduled-publish function's log, publish the ` +
      `post by hand if need be, then purge the queue.`,
    metric: scheduleDeadLetters,
    threshold: SCHEDULE_DEAD_LETTERS_THRESHOLD,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
  });
  const deriveDeadLetters = derivation?.deadLetters.metricApproximateNumberOfMessagesVisible({
    period,
    statistic: "Maximum",
    label: "Images whose sizes could not be made",
  });
  if (derivation && deriveDeadLetters)
    alarm("MediaDeriveDeadLetters", {
      alarmName: name("media-derive-dead-letters"),
      alarmDescription:
        `An uploaded image's sizes could not be made after every retry: its event is in the queue ` +
        `${derivation.deadLetters.queueName} (the key names the image). Pages show the image's own address meanwhile. ` +
        `Look at the media-derive function's log; once its cause is fixed, upload the image again and purge the queue.`,
      metric: deriveDeadLetters,
      threshold: DERIVE_DEAD_LETTERS_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
  const renderFailures = new Metric({
    ...RENDER_FAILURE_METRIC,
    dimensionsMap: { [METRIC_STAGE_DIMENSION]: app.stage },
    period,
    statistic: "Sum",
    label: "Failed page renders",
  });
  const renderMetrics: IMetric[] = [renderFailures];
  if (render) {
    alarm("RenderFailures", {
      alarmName: name("render-failures"),
      alarmDescription:
        `At least ${RENDER_FAILURES_THRESHOLD} public page failed to render in the last ${ALARM_PERIOD_MINUTES} minutes. ` +
        `Visitors get its previous version (or, for a page never rendered, the not-found page). The render function's ` +
        `log (/aws/lambda/${render.fn.functionName}) has {"level":"error","message":"render: pages failed ...","failed":[...]} ` +
        `with each address and its error; the batch is retried, then kept in the render dead-letter queue.`,
      metric: renderFailures,
      threshold: RENDER_FAILURES_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
    const deadLetters = render.deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: "Maximum", label: "Render requests given up" });
    renderMetrics.push(deadLetters);
    alarm("RenderDeadLetters", {
      alarmName: name("render-dead-letters"),
      alarmDescription:
        `A render request was given up after its retries and waits in the queue ${render.deadLetters.queueName} ` +
        `(kept 14 days): the pages it asked for may be out of date. Read the render function's log for the cause ` +
        `(failed pages, a timeout, a crash), fix it, then redrive the queue's messages to the render queue from the SQS ` +
        `console, or save any content (or deploy) to render again.`,
      metric: deadLetters,
      threshold: RENDER_DEAD_LETTERS_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  const webhookDeadLetters = webhooks.deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: "Maximum", label: "Webhook work given up" });
  alarm("WebhookDeadLetters", {
    alarmName: name("webhook-dead-letters"),
    alarmDescription:
      `The webhook function could not handle a delivery (a crash or a DynamoDB error, not a receiver's failure, ` +
      `which is retried and shown in Settings > Webhooks): the message or stream batch waits in ` +
      `${webhooks.deadLetters.queueName} (kept 14 days). Read the webhook function's log ` +
      `(/aws/lambda/${webhooks.fn.functionName}), fix the cause, then redrive the queue's messages to the webhook queue.`,
    metric: webhookDeadLetters,
    threshold: WEBHOOK_DEAD_LETTERS_THRESHOLD,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  const leadMailDeadLetters = leadMail.deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: "Maximum", label: "Lead mail work given up" });
  alarm("LeadMailDeadLetters", {
    alarmName: name("lead-mail-dead-letters"),
    alarmDescription:
      `The lead-mail function could not handle a mail (a crash or a DynamoDB error, not a mail server's failure, ` +
      `which is retried and then shown as 'Notification failed' with Resend): the message or stream batch waits in ` +
      `${leadMail.deadLetters.queueName} (kept 14 days). Read the lead-mail function's log ` +
      `(/aws/lambda/${leadMail.fn.functionName}), fix the cause, then redrive the queue's messages to the lead-mail queue ` +
      `(a stream batch names the records: Resend their leads from the inbox).`,
    metric: leadMailDeadLetters,
    threshold: LEAD_MAIL_DEAD_LETTERS_THRESHOLD,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
  });

  // The ACL's own metrics: CloudFront's ACL reports in us-east-1 (where the app is, infra/waf.ts),
  // with the dimensions WebACL (its metric name) and Rule (ALL: every rule together).
  const wafMetrics: IMetric[] = [];
  if (waf) {
    const blocked = new Metric({
      namespace: "AWS/WAFV2",
      metricName: "BlockedRequests",
      dimensionsMap: { WebACL: waf.name, Rule: "ALL" },
      period,
      statistic: "Sum",
      label: "Requests blocked at the edge",
    });
    wafMetrics.push(blocked);
    alarm("WafBlockedRequests", {
      alarmName: name("waf-blocked-requests"),
      alarmDescription:
        `CloudFront's web ACL ${waf.name} blocked at least ${WAF_BLOCKED_REQUESTS_THRESHOLD} requests in ${ALARM_PERIOD_MINUTES} ` +
        `minutes: an address over a rate limit (sign-in and public writes ${waf.limits.WAF_WRITE_LIMIT}, /api/* ` +
        `${waf.limits.WAF_API_LIMIT} per 60 s) or a request AWS's common rules refuse. The WAF console's sampled ` +
        `requests for the ACL name the rule and the address; if real visitors are blocked, raise WAF_WRITE_LIMIT or ` +
        `WAF_API_LIMIT in .env.<stage> and deploy.`,
      metric: blocked,
      threshold: WAF_BLOCKED_REQUESTS_THRESHOLD,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  const dashboardName = `${app.stage}-${app.name}`;
  const dashboard = new Dashboard(stack, "Dashboard", { dashboardName, defaultInterval: Duration.days(1) });
  const graph = (title: string, left: IMetric[], leftAnnotationValue?: number) =>
    new GraphWidget({
      title,
      left,
      width: 12,
      height: 6,
      leftAnnotations: leftAnnotationValue === undefined ? undefined : [{ value: leftAnnotationValue, label: "alarm" }],
    });
  dashboard.addWidgets(graph("API requests", [requests]), graph("API 5xx rate (%)", [api5xxRate], API_5XX_RATE_THRESHOLD_PERCENT));
  dashboard.addWidgets(graph("Lambda errors", errorMetrics), graph("Lambda throttles", throttleMetrics));
  dashboard.addWidgets(
    graph("DynamoDB throttled requests", [tableThrottles], DYNAMODB_THROTTLES_THRESHOLD),
    graph("Failed lead mails", [leadMailFailures], LEAD_MAIL_FAILURES_THRESHOLD),
  );
  dashboard.addWidgets(
    graph("Failed audit writes", [auditWriteFailures], AUDIT_WRITE_FAILURES_THRESHOLD),
    graph("Failed scheduled publications", [scheduleDeadLetters], SCHEDULE_DEAD_LETTERS_THRESHOLD),
    graph("Page renders: failures and requests given up", renderMetrics, RENDER_FAILURES_THRESHOLD),
  );
  if (wafMetrics.length) dashboard.addWidgets(graph("Requests blocked by the web ACL", wafMetrics, WAF_BLOCKED_REQUESTS_THRESHOLD));
  dashboard.addWidgets(new AlarmStatusWidget({ title: "Alarms", alarms, width: 24, height: 8 }));

  stack.addOutputs({
    AlarmTopic: topic.topicArn,
    AlarmEmail: emails.length ? emails.join(", ") : noAlarmEmailNotice,
    Dashboard: `https://${stack.region}.console.aws.amazon.com/cloudwatch/home?region=${stack.region}#dashboards:name=${dashboardName}`,
  });

  return { topic, alarms, dashboard };
}
