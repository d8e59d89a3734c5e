// @vitest-environment node
import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_MAX_RECEIVES, WEBHOOK_SWEEP_RATE_MINUTES, WEBHOOK_TIMEOUT_SECONDS } from "../../infra/api";
import { actionsOf, expectQueueAlarm, expectRetryQueues, functionWithHandler, queueIdOf, resourcesOf, statementsOf, synthesize, type Synthesized } from "./synth";

/** Webhook deliveries in AWS (issue 32): the stream and a delayed retry queue feed one function; what it cannot handle is kept and alarmed. */
let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test");
}, 180_000);

const webhookFunction = () => functionWithHandler(app.api, "packages/functions/src/webhooks/handler.handler");
const queueId = (prefix: string) => queueIdOf(app.api, prefix);

describe("webhook deliveries in AWS", () => {
  it("retry through a queue with a dead-letter queue, both TLS-only", () => {
    expectRetryQueues(app.api, "Webhook", { maxReceives: WEBHOOK_MAX_RECEIVES, timeoutSeconds: WEBHOOK_TIMEOUT_SECONDS });
  });

  it("run one function, fed by the queue and by the table's stream filtered to new pending deliveries, whose failed batches go to the dead-letter queue", () => {
    const fn = webhookFunction();
    expect(fn.props.Timeout).toBe(WEBHOOK_TIMEOUT_SECONDS);
    expect(fn.props.Environment.Variables.WEBHOOK_QUEUE_URL).toEqual({ Ref: queueId("WebhookQueue") });
    const mappings = Object.values(resourcesOf(app.api, "AWS::Lambda::EventSourceMapping")).filter((m) => m.Properties!.FunctionName?.Ref === fn.id);
    const fromQueue = mappings.find((m) => JSON.stringify(m.Properties!.EventSourceArn).includes("WebhookQueue"))!;
    expect(fromQueue).toBeTruthy();
    const fromStream = mappings.find((m) => JSON.stringify(m.Properties!.EventSourceArn).includes("StreamArn"))!;
    expect(fromStream).toBeTruthy();
    const filter = JSON.parse(fromStream.Properties!.FilterCriteria.Filters[0].Pattern);
    expect(filter).toEqual({ eventName: ["INSERT"], dynamodb: { NewImage: { __edb_e__: { S: ["webhookDelivery"] }, status: { S: ["pending"] } } } });
    expect(fromStream.Properties!.DestinationConfig.OnFailure.Destination).toEqual({ "Fn::GetAtt": [queueId("WebhookDeadLetters"), "Arn"] });
  });

  it("run the same function every 5 minutes as the sweep of deliveries whose trigger was lost", () => {
    const fn = webhookFunction();
    const rules = Object.entries(resourcesOf(app.api, "AWS::Events::Rule")).filter(([id]) => id.startsWith("WebhookSweep"));
    expect(rules).toHaveLength(1);
    const [ruleId, rule] = rules[0]!;
    expect(WEBHOOK_SWEEP_RATE_MINUTES).toBe(5);
    expect(rule.Properties!.ScheduleExpression).toBe("rate(5 minutes)");
    expect(rule.Properties!.State).toBe("ENABLED");
    expect(rule.Properties!.Targets).toEqual([expect.objectContaining({ Arn: { "Fn::GetAtt": [fn.id, "Arn"] } })]);
    app.api.hasResourceProperties("AWS::Lambda::Permission", {
      Action: "lambda:InvokeFunction",
      FunctionName: { "Fn::GetAtt": [fn.id, "Arn"] },
      Principal: "events.amazonaws.com",
      SourceArn: { "Fn::GetAtt": [ruleId, "Arn"] },
    });
  });

  it("may send to its own queue only, and holds no SES or other queue's permission", () => {
    const statements = statementsOf(app.api, webhookFunction().id);
    const send = statements.filter((s) => actionsOf([s]).includes("sqs:SendMessage"));
    expect(send.map((s) => s.Resource)).toEqual(expect.arrayContaining([{ "Fn::GetAtt": [queueId("WebhookQueue"), "Arn"] }]));
    for (const s of send) expect(JSON.stringify(s.Resource)).not.toContain("Render");
    expect(actionsOf(statements).some((a) => a.startsWith("ses:"))).toBe(false);
  });

  it("raise an alarm as soon as anything waits in the dead-letter queue", () => {
    expectQueueAlarm(app.monitoring, {
      name: "test-agency-webhook-dead-letters",
      comparison: "GreaterThanOrEqualToThreshold",
      threshold: 1,
      queueName: Match.anyValue(),
    });
  });
});
