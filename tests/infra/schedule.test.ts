// @vitest-environment node
import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { actionsOf, expectQueueAlarm, featureFunctions, resourcesOf, statementsOf, synthesize, type Synthesized } from "./synth";

let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test");
}, 180_000);

const PUBLISHER_HANDLER = "packages/functions/src/scheduled-publish/handler.handler";
const publisherId = () => {
  const found = Object.entries(resourcesOf(app.api, "AWS::Lambda::Function")).filter(([, r]) => r.Properties?.Handler === PUBLISHER_HANDLER);
  expect(found).toHaveLength(1);
  return found[0]![0];
};
const publisherArn = () => ({ "Fn::GetAtt": [publisherId(), "Arn"] });
/** The one resource of a type (of those whose logical id starts with `prefix`: the render queues are SQS queues too). */
const one = (type: string, prefix = "") => {
  const all = Object.entries(resourcesOf(app.api, type)).filter(([id]) => id.startsWith(prefix));
  expect(all, type).toHaveLength(1);
  return { id: all[0]![0], props: all[0]![1].Properties! };
};
const queue = () => one("AWS::SQS::Queue", "ScheduledPublishDeadLetters");
const schedulerRole = () => {
  const roles = Object.entries(resourcesOf(app.api, "AWS::IAM::Role")).filter(([, r]) =>
    JSON.stringify(r.Properties!.AssumeRolePolicyDocument).includes("scheduler.amazonaws.com"),
  );
  expect(roles).toHaveLength(1);
  return { id: roles[0]![0], props: roles[0]![1].Properties! };
};
/** Every IAM statement of every policy attached to a role. */
const roleStatements = (roleId: string) =>
  Object.values(resourcesOf(app.api, "AWS::IAM::Policy"))
    .filter((p) => (p.Properties!.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }>);

describe("scheduled publishing in AWS", () => {
  it("has a publish function that reads and writes the table, and a schedule group named after the stage", () => {
    expect(resourcesOf(app.api, "AWS::Lambda::Function")[publisherId()]!.Properties!.Environment.Variables.TABLE_NAME).toBeTruthy();
    expect(actionsOf(statementsOf(app.api, publisherId()))).toEqual(expect.arrayContaining(["dynamodb:Query", "dynamodb:UpdateItem"]));
    expect(actionsOf(statementsOf(app.api, publisherId())).filter((a) => a.startsWith("scheduler:") || a === "iam:PassRole")).toEqual([]);
    expect(one("AWS::Scheduler::ScheduleGroup").props.Name).toBe("test-agency-blog-posts");
  });

  it("lets the Scheduler assume a role, for this account only, that may invoke the publish function and send to the dead-letter queue, nothing else", () => {
    const role = schedulerRole();
    expect(role.props.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: "sts:AssumeRole",
        Effect: "Allow",
        Principal: { Service: "scheduler.amazonaws.com" },
        Condition: { StringEquals: { "aws:SourceAccount": "123456789012" } },
      },
    ]);
    expect(role.props.ManagedPolicyArns ?? []).toEqual([]);
    const statements = roleStatements(role.id);
    expect(statements).toEqual([
      { Action: "lambda:InvokeFunction", Effect: "Allow", Resource: publisherArn() },
      { Action: "sqs:SendMessage", Effect: "Allow", Resource: { "Fn::GetAtt": [queue().id, "Arn"] } },
    ]);
  });

  it("keeps failed invocations 14 days in an SQS dead-letter queue named after the stage", () => {
    expect(queue().props).toMatchObject({ QueueName: "test-agency-scheduled-publish-dlq", MessageRetentionPeriod: 14 * 86_400 });
  });

  it("grants iam:PassRole on that role, to the Scheduler only, to the admin-blog function and no other", () => {
    const role = schedulerRole();
    const passRole = (statements: ReturnType<typeof statementsOf>) => statements.filter((s) => actionsOf([s]).includes("iam:PassRole"));
    const fns = featureFunctions(app.api);
    expect(passRole(statementsOf(app.api, fns["admin-blog"]!.id))).toEqual([
      {
        Action: "iam:PassRole",
        Effect: "Allow",
        Resource: { "Fn::GetAtt": [role.id, "Arn"] },
        Condition: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
      },
    ]);
    const everyStatement = Object.values(resourcesOf(app.api, "AWS::IAM::Policy")).flatMap((p) => p.Properties!.PolicyDocument.Statement);
    expect(everyStatement.filter((s) => actionsOf([s]).includes("iam:PassRole"))).toHaveLength(1);
  });

  it("lets the admin-blog function create, update and delete schedules in its group only, and tells it where they point", () => {
    const fns = featureFunctions(app.api);
    const statements = statementsOf(app.api, fns["admin-blog"]!.id).filter((s) => actionsOf([s]).some((a) => a.startsWith("scheduler:")));
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements).sort()).toEqual(["scheduler:CreateSchedule", "scheduler:DeleteSchedule", "scheduler:UpdateSchedule"]);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(":schedule/test-agency-blog-posts/*");
    for (const [feature, { id }] of Object.entries(fns)) {
      if (feature === "admin-blog") continue;
      expect(
        actionsOf(statementsOf(app.api, id)).filter((a) => a.startsWith("scheduler:") || a === "iam:PassRole"),
        feature,
      ).toEqual([]);
    }
    const env = fns["admin-blog"]!.props.Environment.Variables;
    expect(env.SCHEDULE_GROUP).toBe("test-agency-blog-posts");
    expect(env.SCHEDULE_TARGET_ARN).toEqual(publisherArn());
    expect(env.SCHEDULE_ROLE_ARN).toEqual({ "Fn::GetAtt": [schedulerRole().id, "Arn"] });
    expect(env.SCHEDULE_DLQ_ARN).toEqual({ "Fn::GetAtt": [queue().id, "Arn"] });
  });

  it("runs the publish function every 5 minutes as the catch-up sweep", () => {
    const rule = one("AWS::Events::Rule", "ScheduledPublishCatchUp").props;
    expect(rule.ScheduleExpression).toBe("rate(5 minutes)");
    expect(rule.State).toBe("ENABLED");
    expect(rule.Targets).toEqual([expect.objectContaining({ Arn: publisherArn() })]);
    app.api.hasResourceProperties("AWS::Lambda::Permission", {
      Action: "lambda:InvokeFunction",
      FunctionName: publisherArn(),
      Principal: "events.amazonaws.com",
      SourceArn: { "Fn::GetAtt": [one("AWS::Events::Rule", "ScheduledPublishCatchUp").id, "Arn"] },
    });
  });

  it("raises an alarm as soon as one failed invocation is in the dead-letter queue, and watches the publish function's errors", () => {
    expectQueueAlarm(
      app.monitoring,
      { name: "test-agency-scheduled-publish-dead-letters", comparison: "GreaterThanThreshold", threshold: 0, queueName: { "Fn::ImportValue": Match.anyValue() } },
      { AlarmActions: [Match.anyValue()] },
    );
    app.monitoring.hasResourceProperties("AWS::CloudWatch::Alarm", { AlarmName: "test-agency-lambda-errors-scheduled-publish" });
  });
});
