// @vitest-environment node
import { Match, type Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { AUDIT_WRITE_METRIC, LEAD_MAIL_METRIC, RENDER_FAILURE_METRIC, alarmEmails, tableOperations } from "../../infra/monitoring";
import { features } from "@agency/core/routes";
import { expectQueueAlarm, featureFunctions, resourcesOf, synthesize, type Synthesized } from "./synth";

// The thresholds as the operators agreed them, written out: changing one in infra/monitoring.ts must
// fail here until this test (and whoever is woken by it) agrees.
/** Every alarm looks at 5-minute sums. */
const period = 300;

let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test", { env: { ALARM_EMAIL: "ops@example.com" } });
}, 180_000);

/** `Fn::ImportValue` of the output that `template` exports for `value`. */
function importOf(template: Template, value: (v: any) => boolean) {
  const name = Object.values(template.toJSON().Outputs as Record<string, any>).find((o) => o.Export && value(o.Value))?.Export.Name;
  expect(name).toBeTruthy();
  return { "Fn::ImportValue": name };
}
const gatewayId = () => importOf(app.web, (v) => v?.Ref === Object.keys(resourcesOf(app.web, "AWS::ApiGatewayV2::Api"))[0]);
const tableName = () => importOf(app.database, (v) => v?.Ref === Object.keys(resourcesOf(app.database, "AWS::DynamoDB::Table"))[0]);
/** Every function watched: the API's feature functions, the stream's lead-mail sender and the scheduled publisher. */
const watched = [...features, "lead-mail", "webhooks", "scheduled-publish"] as const;
const functionId = (name: string) =>
  name === "lead-mail" || name === "webhooks" || name === "scheduled-publish" || name === "render"
    ? Object.entries(resourcesOf(app.api, "AWS::Lambda::Function")).find(([, r]) => r.Properties?.Handler === `packages/functions/src/${name}/handler.handler`)![0]
    : featureFunctions(app.api)[name]!.id;
const functionName = (feature: string) => importOf(app.api, (v) => v?.Ref === functionId(feature));

const alarms = () => resourcesOf(app.monitoring, "AWS::CloudWatch::Alarm");
const alarmNamed = (name: string) => {
  const found = Object.values(alarms()).filter((a) => a.Properties!.AlarmName === name);
  expect(found, name).toHaveLength(1);
  return found[0]!.Properties!;
};
const topicId = () => {
  const ids = Object.keys(resourcesOf(app.monitoring, "AWS::SNS::Topic"));
  expect(ids).toHaveLength(1);
  return ids[0]!;
};
/** An alarm's metric query with this id, without the parts that only label it. */
const query = (props: Record<string, any>, id: string) => (props.Metrics as any[]).find((m) => m.Id === id);

describe("the API 5xx alarm", () => {
  it("fires when more than 5% of the HTTP API's requests answer 5xx for 2 consecutive 5-minute periods", () => {
    const api = { Namespace: "AWS/ApiGateway", Dimensions: [{ Name: "ApiId", Value: gatewayId() }] };
    app.monitoring.hasResourceProperties("AWS::CloudWatch::Alarm", {
      AlarmName: "test-agency-api-5xx-rate",
      ComparisonOperator: "GreaterThanThreshold",
      Threshold: 5,
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: "IF(requests > 0, 100 * FILL(errors5xx, 0) / requests, 0)", ReturnData: true }),
        Match.objectLike({ Id: "requests", MetricStat: { Metric: { ...api, MetricName: "Count" }, Period: period, Stat: "Sum" } }),
        Match.objectLike({ Id: "errors5xx", MetricStat: { Metric: { ...api, MetricName: "5xx" }, Period: period, Stat: "Sum" } }),
      ]),
    });
  });
});

/** An alarm that fires when the stage's Agency/<metricName> sum reaches 1 in one 5-minute period. */
function expectStageCountAlarm(alarmName: string, metricName: string) {
  app.monitoring.hasResourceProperties("AWS::CloudWatch::Alarm", {
    AlarmName: alarmName,
    ComparisonOperator: "GreaterThanOrEqualToThreshold",
    Threshold: 1,
    EvaluationPeriods: 1,
    Metrics: [
      Match.objectLike({
        MetricStat: {
          Metric: { Namespace: "Agency", MetricName: metricName, Dimensions: [{ Name: "Stage", Value: "test" }] },
          Period: period,
          Stat: "Sum",
        },
      }),
    ],
  });
}

/**
 * `feature`'s alarm on the Lambda metric `metricName`: it fires at `threshold` or more in one
 * 5-minute sum of that function's metric.
 */
function expectLambdaAlarm(feature: string, metricName: "Errors" | "Throttles", threshold: number) {
  const props = alarmNamed(`test-agency-lambda-${metricName.toLowerCase()}-${feature}`);
  expect(props.ComparisonOperator, feature).toBe("GreaterThanOrEqualToThreshold");
  expect(props.Threshold, feature).toBe(threshold);
  expect(props.EvaluationPeriods, feature).toBe(1);
  expect(props.Metrics, feature).toEqual([
    expect.objectContaining({
      MetricStat: {
        Metric: { Namespace: "AWS/Lambda", MetricName: metricName, Dimensions: [{ Name: "FunctionName", Value: functionName(feature) }] },
        Period: period,
        Stat: "Sum",
      },
      ReturnData: true,
    }),
  ]);
}

describe("the Lambda alarms", () => {
  it("fire when one feature function fails at least 5 times in 5 minutes, one alarm per feature", () => {
    for (const feature of watched) expectLambdaAlarm(feature, "Errors", 5);
  });

  it("fire when any invocation of a feature function is throttled (at least 1 in 5 minutes), one alarm per feature", () => {
    for (const feature of watched) expectLambdaAlarm(feature, "Throttles", 1);
  });
});

describe("the DynamoDB alarm", () => {
  it("fires when any request to the table is throttled (at least 1 in 5 minutes), whichever operation the functions may call", () => {
    expect([...tableOperations].sort()).toEqual(["BatchGetItem", "BatchWriteItem", "DeleteItem", "GetItem", "PutItem", "Query", "UpdateItem"].sort());
    const props = alarmNamed("test-agency-dynamodb-throttles");
    expect(props.ComparisonOperator).toBe("GreaterThanOrEqualToThreshold");
    expect(props.Threshold).toBe(1);
    expect(props.EvaluationPeriods).toBe(1);
    const metrics = props.Metrics as any[];
    const expression = metrics.find((m) => m.Expression)!;
    expect(expression.ReturnData).toBe(true);
    for (const operation of tableOperations) {
      const id = operation.toLowerCase();
      expect(expression.Expression, operation).toContain(`FILL(${id}, 0)`);
      const m = query(props, id);
      expect(m.ReturnData, operation).toBe(false);
      expect(m.MetricStat, operation).toEqual({
        Metric: {
          Namespace: "AWS/DynamoDB",
          MetricName: "ThrottledRequests",
          Dimensions: expect.arrayContaining([
            { Name: "TableName", Value: tableName() },
            { Name: "Operation", Value: operation },
          ]),
        },
        Period: period,
        Stat: "Sum",
      });
    }
    expect(expression.Expression.split(" + ")).toHaveLength(tableOperations.length);
  });
});

describe("the lead mail alarm", () => {
  it("fires when at least 1 lead mail fails in 5 minutes, on the stage's Agency/LeadMailFailures metric", () => {
    expect(LEAD_MAIL_METRIC).toEqual({ namespace: "Agency", metricName: "LeadMailFailures" });
    expectStageCountAlarm("test-agency-lead-mail-failures", "LeadMailFailures");
  });
});

describe("the audit write alarm", () => {
  it("fires when at least 1 audit entry could not be written in 5 minutes, on the stage's Agency/AuditWriteFailures metric", () => {
    expect(AUDIT_WRITE_METRIC).toEqual({ namespace: "Agency", metricName: "AuditWriteFailures" });
    expectStageCountAlarm("test-agency-audit-write-failures", "AuditWriteFailures");
  });
});

describe("the render alarms", () => {
  it("fire when at least 1 page fails to render in 5 minutes (the stage's Agency/RenderFailures metric) and when any render request lands in the dead-letter queue", () => {
    expect(RENDER_FAILURE_METRIC).toEqual({ namespace: "Agency", metricName: "RenderFailures" });
    expectStageCountAlarm("test-agency-render-failures", "RenderFailures");
    const [dlq] = Object.keys(resourcesOf(app.api, "AWS::SQS::Queue")).filter((id) => id.startsWith("RenderDeadLetters"));
    expectQueueAlarm(app.monitoring, {
      name: "test-agency-render-dead-letters",
      comparison: "GreaterThanOrEqualToThreshold",
      threshold: 1,
      queueName: importOf(app.api, (v) => JSON.stringify(v) === JSON.stringify({ "Fn::GetAtt": [dlq, "QueueName"] })),
    });
    const errors = alarmNamed("test-agency-lambda-errors-render");
    expect(errors.Threshold).toBe(5);
    expect(JSON.stringify(errors)).toContain(JSON.stringify(functionName("render")));
  });
});

describe("every alarm", () => {
  it("is one of the API, per-function errors and throttles, table, lead mail, audit write, scheduled-publish dead-letter and web ACL alarms, named after the stage", () => {
    const names = Object.values(alarms()).map((a) => a.Properties!.AlarmName as string);
    expect(names.sort()).toEqual(
      [
        "test-agency-api-5xx-rate",
        "test-agency-dynamodb-throttles",
        "test-agency-lead-mail-failures",
        "test-agency-audit-write-failures",
        "test-agency-scheduled-publish-dead-letters",
        "test-agency-render-failures",
        "test-agency-render-dead-letters",
        "test-agency-media-derive-dead-letters",
        "test-agency-webhook-dead-letters",
        "test-agency-lead-mail-dead-letters",
        "test-agency-waf-blocked-requests",
        ...watched.flatMap((f) => [`test-agency-lambda-errors-${f}`, `test-agency-lambda-throttles-${f}`]),
        // The renderer, fed one batch at a time by its FIFO queue, is never throttled by design: a throttle is an outage there too.
        "test-agency-lambda-errors-render",
        "test-agency-lambda-throttles-render",
        "test-agency-lambda-errors-media-derive",
        "test-agency-lambda-throttles-media-derive",
      ].sort(),
    );
  });

  it("mails the alarm topic when it fires and when it recovers, treats missing data as fine, and says what to look at", () => {
    for (const a of Object.values(alarms())) {
      const props = a.Properties!;
      expect(props.AlarmActions, props.AlarmName).toEqual([{ Ref: topicId() }]);
      expect(props.OKActions, props.AlarmName).toEqual([{ Ref: topicId() }]);
      expect(props.TreatMissingData, props.AlarmName).toBe("notBreaching");
      expect(JSON.stringify(props.AlarmDescription).length, props.AlarmName).toBeGreaterThan(80);
    }
  });
});

describe("the alarm topic", () => {
  it("is the stage's own topic, with ALARM_EMAIL subscribed by email", () => {
    app.monitoring.hasResourceProperties("AWS::SNS::Topic", { TopicName: "test-agency-alarms" });
    const subscriptions = Object.values(resourcesOf(app.monitoring, "AWS::SNS::Subscription"));
    expect(subscriptions.map((s) => s.Properties)).toEqual([{ Protocol: "email", Endpoint: "ops@example.com", TopicArn: { Ref: topicId() } }]);
    expect(app.monitoring.toJSON().Outputs.AlarmEmail.Value).toBe("ops@example.com");
  });

  it("takes ALARM_EMAIL as one address or a comma-separated list, and refuses what is not an address", () => {
    expect(alarmEmails(undefined)).toEqual([]);
    expect(alarmEmails("  ")).toEqual([]);
    expect(alarmEmails("ops@example.com")).toEqual(["ops@example.com"]);
    expect(alarmEmails(" ops@example.com, owner@example.org ,")).toEqual(["ops@example.com", "owner@example.org"]);
    expect(() => alarmEmails("ops")).toThrow(/ALARM_EMAIL: "ops" is not an email address/);
    expect(() => alarmEmails("ops@example.com owner@example.org")).toThrow(/ALARM_EMAIL/);
  });
});

describe("the dashboard", () => {
  it("is named after the stage and graphs API requests and 5xx rate, Lambda errors and throttles, table throttles and lead mail failures", () => {
    const dashboards = Object.values(resourcesOf(app.monitoring, "AWS::CloudWatch::Dashboard"));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties!.DashboardName).toBe("test-agency");
    const body = JSON.stringify(dashboards[0]!.Properties!.DashboardBody);
    for (const title of ["API requests", "API 5xx rate (%)", "Lambda errors", "Lambda throttles", "DynamoDB throttled requests", "Failed lead mails"]) {
      expect(body).toContain(`\\"title\\":\\"${title}\\"`);
    }
    for (const feature of [...watched, "render"]) expect(body).toContain(JSON.stringify(functionName(feature)));
  });

  it("shows the state of every alarm", () => {
    const body = JSON.stringify(Object.values(resourcesOf(app.monitoring, "AWS::CloudWatch::Dashboard"))[0]!.Properties!.DashboardBody);
    expect(body).toContain('\\"type\\":\\"alarm\\"');
    for (const id of Object.keys(alarms())) expect(body, id).toContain(JSON.stringify({ "Fn::GetAtt": [id, "Arn"] }));
  });
});
