import { Duration } from "aws-cdk-lib";
import type { IDistribution } from "aws-cdk-lib/aws-cloudfront";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import { Effect, PolicyStatement, Role, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { CfnScheduleGroup } from "aws-cdk-lib/aws-scheduler";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { Function, type StackContext, type Table } from "sst/constructs";
import { acceptNagFinding } from "./nag";

/** How often the catch-up rule publishes whatever is due and not yet live. */
export const CATCH_UP_RATE_MINUTES = 5;
/** The one-time schedules' actions, granted to the admin-blog function alone. */
export const scheduleActions = ["scheduler:CreateSchedule", "scheduler:UpdateSchedule", "scheduler:DeleteSchedule"];

/**
 * Scheduled publishing (packages/functions/src/publish.ts):
 * - the scheduled-publish function, which publishes a post whose time has come exactly as a manual
 *   Publish does (so it holds the table and, on a deployed site, the CDN invalidation);
 * - a schedule group where the admin-blog function keeps one EventBridge Scheduler one-time schedule
 *   per scheduled post (packages/functions/src/admin-blog/scheduler.ts), with a retry policy and this
 *   dead-letter queue for invocations that failed every retry (an alarm watches it: infra/monitoring.ts);
 * - the role the Scheduler assumes, which may invoke that function and write to that queue, nothing
 *   else, and which only the admin-blog function may pass;
 * - a catch-up rule every CATCH_UP_RATE_MINUTES minutes running the same function without a post: it
 *   publishes anything due and not yet live (a schedule that failed or came due during an outage).
 */
export function blogScheduling(
  stack: StackContext["stack"],
  app: StackContext["app"],
  {
    table,
    adminBlog,
    bind,
    tableAccess,
    invalidation,
  }: {
    table: Table;
    adminBlog: Function;
    bind: ConstructorParameters<typeof Function>[2]["bind"];
    tableAccess: PolicyStatement;
    invalidation?: { distribution: IDistribution; access: PolicyStatement };
  },
) {
  const publisher = new Function(stack, "ScheduledPublish", {
    handler: "packages/functions/src/scheduled-publish/handler.handler",
    description: "Publishes blog posts whose scheduled time has come (EventBridge Scheduler, catch-up rule)",
    timeout: 60,
    enableLiveDev: false,
    environment: {
      TABLE_NAME: table.tableName,
      ...(invalidation ? { DISTRIBUTION_ID: invalidation.distribution.distributionId } : {}),
    },
    bind,
    permissions: [tableAccess, ...(invalidation ? [invalidation.access] : [])],
  });

  const deadLetters = new Queue(stack, "ScheduledPublishDeadLetters", {
    queueName: app.logicalPrefixedName("scheduled-publish-dlq"),
    retentionPeriod: Duration.days(14),
    enforceSSL: true,
  });
  acceptNagFinding(deadLetters, "SQS3", "It is the dead-letter queue itself, of EventBridge Scheduler's target (below).");

  const groupName = app.logicalPrefixedName("blog-posts");
  const group = new CfnScheduleGroup(stack, "BlogScheduleGroup", { name: groupName });

  const role = new Role(stack, "SchedulerRole", {
    description: "Assumed by EventBridge Scheduler to invoke the scheduled-publish function, and nothing else",
    assumedBy: new ServicePrincipal("scheduler.amazonaws.com", {
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  });
  role.addToPolicy(new PolicyStatement({ actions: ["lambda:InvokeFunction"], resources: [publisher.functionArn] }));
  role.addToPolicy(new PolicyStatement({ actions: ["sqs:SendMessage"], resources: [deadLetters.queueArn] }));

  adminBlog.addEnvironment("SCHEDULE_GROUP", groupName);
  adminBlog.addEnvironment("SCHEDULE_TARGET_ARN", publisher.functionArn);
  adminBlog.addEnvironment("SCHEDULE_ROLE_ARN", role.roleArn);
  adminBlog.addEnvironment("SCHEDULE_DLQ_ARN", deadLetters.queueArn);
  adminBlog.attachPermissions([
    new PolicyStatement({
      actions: scheduleActions,
      resources: [`arn:aws:scheduler:${stack.region}:${stack.account}:schedule/${groupName}/*`],
    }),
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ["iam:PassRole"],
      resources: [role.roleArn],
      conditions: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
    }),
  ]);
  acceptNagFinding(adminBlog, "IAM5", "The schedules of its own group, one per scheduled post, named at run time.", [/:schedule\/[^/]+\/\*$/]);

  const catchUp = new Rule(stack, "ScheduledPublishCatchUp", {
    description: "Publishes blog posts that are due and not yet live (a missed or failed schedule)",
    schedule: Schedule.rate(Duration.minutes(CATCH_UP_RATE_MINUTES)),
    targets: [new LambdaFunction(publisher, { retryAttempts: 2 })],
  });

  return { publisher, deadLetters, group, role, catchUp };
}
