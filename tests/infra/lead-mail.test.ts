// @vitest-environment node
import { Match } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { LEAD_MAIL_MAX_RECEIVES, LEAD_MAIL_TIMEOUT_SECONDS } from "../../infra/api";
import { actionsOf, expectQueueAlarm, expectRetryQueues, functionWithHandler, queueIdOf, resourcesOf, statementsOf, synthesize, type Synthesized } from "./synth";

/** Lead mails in AWS (issue 34): the stream and a delayed retry queue feed one function, one attempt per invocation; what it cannot handle is kept and alarmed. */
let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test");
}, 180_000);

const leadMailFunction = () => functionWithHandler(app.api, "packages/functions/src/lead-mail/handler.handler");
const queueId = (prefix: string) => queueIdOf(app.api, prefix);

describe("lead mails in AWS", () => {
  it("retry through a queue with a dead-letter queue, both TLS-only", () => {
    expectRetryQueues(app.api, "LeadMail", { maxReceives: LEAD_MAIL_MAX_RECEIVES, timeoutSeconds: LEAD_MAIL_TIMEOUT_SECONDS });
  });

  it("run one function for one attempt, fed by the queue and by the stream filtered to pending mails, whose failed batches go to the dead-letter queue", () => {
    const fn = leadMailFunction();
    expect(LEAD_MAIL_TIMEOUT_SECONDS).toBe(30);
    expect(fn.props.Timeout).toBe(LEAD_MAIL_TIMEOUT_SECONDS);
    expect(fn.props.Environment.Variables.LEAD_MAIL_QUEUE_URL).toEqual({ Ref: queueId("LeadMailQueue") });
    const mappings = Object.values(resourcesOf(app.api, "AWS::Lambda::EventSourceMapping")).filter((m) => m.Properties!.FunctionName?.Ref === fn.id);
    expect(mappings).toHaveLength(2);
    const fromQueue = mappings.find((m) => JSON.stringify(m.Properties!.EventSourceArn).includes("LeadMailQueue"))!;
    expect(fromQueue).toBeTruthy();
    const fromStream = mappings.find((m) => JSON.stringify(m.Properties!.EventSourceArn).includes("StreamArn"))!;
    // A lead waiting for its retry is `sending` (with mail_next_attempt_at), so this filter does not fire for it.
    expect(JSON.parse(fromStream.Properties!.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ["INSERT", "MODIFY"],
      dynamodb: { NewImage: { mail_status: { S: ["pending"] } } },
    });
    expect(fromStream.Properties!.DestinationConfig.OnFailure.Destination).toEqual({ "Fn::GetAtt": [queueId("LeadMailDeadLetters"), "Arn"] });
  });

  it("may send to its own queues only (the retry queue, and the dead-letter queue for the stream's failed batches)", () => {
    const send = statementsOf(app.api, leadMailFunction().id).filter((s) => actionsOf([s]).includes("sqs:SendMessage"));
    const own = [queueId("LeadMailQueue"), queueId("LeadMailDeadLetters")].map((id) => ({ "Fn::GetAtt": [id, "Arn"] }));
    expect(send.map((s) => s.Resource)).toEqual(expect.arrayContaining([own[0]]));
    for (const s of send) expect(own).toContainEqual(s.Resource);
  });

  it("raise an alarm as soon as anything waits in the dead-letter queue", () => {
    expectQueueAlarm(app.monitoring, {
      name: "test-agency-lead-mail-dead-letters",
      comparison: "GreaterThanOrEqualToThreshold",
      threshold: 1,
      queueName: Match.anyValue(),
    });
  });
});
