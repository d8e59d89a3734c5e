import type { Stack } from "aws-cdk-lib";
import { CfnFunction } from "aws-cdk-lib/aws-lambda";
import { NagSuppressions } from "cdk-nag";
import type { IConstruct } from "constructs";

/**
 * Accepts one of cdk-nag's AwsSolutions findings on a construct and everything inside it, with the
 * reason, written beside the resource it concerns. `appliesTo` narrows it to the named finding(s)
 * (an IAM policy's `Resource::...` or `Policy::...`, as cdk-nag prints them); a RegExp matches them.
 * tests/infra/app.test.ts runs the pack on the whole app: no unsuppressed finding, every suppression
 * reasoned (docs/operations.md lists them).
 */
export function acceptNagFinding(construct: IConstruct | IConstruct[], rule: string, reason: string, appliesTo?: Array<string | RegExp>) {
  NagSuppressions.addResourceSuppressions(
    construct,
    [
      {
        id: `AwsSolutions-${rule}`,
        reason,
        ...(appliesTo ? { appliesTo: appliesTo.map(nagPattern) } : {}),
      },
    ],
    true,
  );
}

/**
 * The same for a resource made later than the code that knows about it (SST adds some at build
 * time): on its stack, narrowed by `appliesTo` to its findings.
 */
export function acceptNagFindingInStack(stack: Stack, rule: string, reason: string, appliesTo: Array<string | RegExp>) {
  NagSuppressions.addStackSuppressions(stack, [{ id: `AwsSolutions-${rule}`, reason, appliesTo: appliesTo.map(nagPattern) }]);
}

const nagPattern = (a: string | RegExp) => (typeof a === "string" ? a : { regex: `/${a.source}/` });

/**
 * What every Lambda function of a stack shares, whoever made it: ours (infra/bundling.ts's
 * defaults), SST's custom-resource handler (one per stack) and Script handlers, and CDK's
 * log-retention handler (logRetention in infra/bundling.ts). sst.config.ts calls this on every
 * stack once its resources are built.
 */
export function acceptFunctionFindings(stack: Stack) {
  for (const fn of stack.node.findAll().filter((c): c is CfnFunction => c instanceof CfnFunction)) {
    const owner = fn.node.scope!;
    acceptNagFinding(owner, "L1", "Node 22 on purpose: the bundles are tested under Node 22 (tests/bundles) and `npm run doctor` fails CI before its deprecation date.");
    acceptNagFinding(owner, "IAM4", "AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.", [basicExecutionRole]);
  }
  // CDK's log-retention handler (a singleton per stack, written as a plain CfnResource).
  for (const logRetention of stack.node.children.filter((c) => c.node.id.startsWith("LogRetention"))) {
    acceptNagFinding(logRetention, "IAM4", "AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.", [basicExecutionRole]);
    acceptNagFinding(logRetention, "IAM5", "CDK's log-retention handler sets the retention of log groups that Lambda creates on first use, whose ARNs it cannot know.", [
      "Resource::*",
    ]);
  }
  // CDK's bucket-notifications handler (a singleton per stack, written as a plain CfnResource): it turns
  // on the media bucket's EventBridge notifications (infra/media.ts) at deploy.
  for (const handler of stack.node.children.filter((c) => c.node.id.startsWith("BucketNotificationsHandler"))) {
    acceptNagFinding(handler, "IAM4", "AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.", [basicExecutionRole]);
  }
}
const basicExecutionRole = "Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole";
