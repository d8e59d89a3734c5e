import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CfnResource, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks, type INagLogger, type NagPackSuppression } from "cdk-nag";
import type { IConstruct } from "constructs";

/**
 * The two standard template checkers, run on an app the tests have already synthesised (no second
 * synthesis): AWS's CloudFormation linter and cdk-nag's AwsSolutions rules.
 */

export interface CfnLintFinding {
  stack: string;
  rule: string;
  level: string;
  message: string;
  resource: string;
}

/**
 * cfn-lint's rules that do not apply to what CDK and SST generate, and why; every other rule, at
 * every level it reports by default (errors and warnings), must find nothing.
 */
export const ignoredCfnLintRules = {
  W3005: "CDK writes each function's DependsOn on its role beside the GetAtt of that role: redundant and harmless, and CDK's own output.",
  W6001: "SST's stack outputs (SSTMetadata, ApiUrl, SiteUrl) read values another stack exports; an output may show an import.",
} as const;

/** Runs `cfn-lint` (installed by .ci/run) once on every stack's synthesised template. */
export function cfnLint(app: IConstruct): CfnLintFinding[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-cfn-lint-"));
  const files = stacksOf(app).map((stack) => {
    const file = path.join(dir, `${stack.stackName}.json`);
    // The template as synthesised (the assertions library reads it from the app's cloud assembly).
    fs.writeFileSync(file, JSON.stringify(Template.fromStack(stack).toJSON()));
    return file;
  });
  const run = spawnSync(cfnLintCommand(), ["--format", "json", "--ignore-checks", ...Object.keys(ignoredCfnLintRules), "--", ...files], { encoding: "utf8" });
  if (run.error) throw new Error(`cfn-lint could not run (${run.error.message}): install it with \`pip install cfn-lint\` (.ci/run does)`);
  // Its exit code is a bit mask of the levels found (2 error, 4 warning, 8 informational); 1 is its own failure.
  if (run.status === 1 || run.status === null) throw new Error(`cfn-lint failed: ${run.stderr}`);
  const out = JSON.parse(run.stdout || "[]") as Array<{ Rule: { Id: string }; Level: string; Message: string; Filename: string; Location: { Path?: unknown[] } }>;
  fs.rmSync(dir, { recursive: true, force: true });
  return out.map((f) => ({
    stack: path.basename(f.Filename, ".json"),
    rule: f.Rule.Id,
    level: f.Level,
    message: f.Message,
    resource: (f.Location.Path ?? []).slice(0, 2).join("/"),
  }));
}

/** `cfn-lint` on PATH, or CFN_LINT to name another. */
function cfnLintCommand() {
  return process.env.CFN_LINT || "cfn-lint";
}

export interface NagFinding {
  stack: string;
  path: string;
  rule: string;
  finding: string;
  level: string;
  info: string;
}

export interface NagSuppressed extends NagFinding {
  reason: string;
}

/**
 * cdk-nag's AwsSolutions pack applied to every resource of the app: what it finds (errors and
 * warnings), and what the suppressions beside the resources in infra/ silence, with their reasons.
 */
export function awsSolutions(app: IConstruct): { findings: NagFinding[]; suppressed: NagSuppressed[] } {
  const findings: NagFinding[] = [];
  const suppressed: NagSuppressed[] = [];
  const of = (d: { resource: CfnResource; ruleId: string; ruleLevel: string; ruleInfo: string }, finding: string): NagFinding => ({
    stack: Stack.of(d.resource).stackName,
    path: d.resource.node.path,
    rule: d.ruleId,
    finding,
    level: d.ruleLevel,
    info: d.ruleInfo,
  });
  const logger: INagLogger = {
    onCompliance() {},
    onNotApplicable() {},
    onNonCompliance: (d) => findings.push(of(d, d.findingId)),
    onError: (d) => findings.push({ ...of(d, ""), info: `the rule failed: ${d.errorMessage}` }),
    onSuppressed: (d) => suppressed.push({ ...of(d, d.findingId), reason: d.suppressionReason }),
    onSuppressedError: (d) => suppressed.push({ ...of(d, ""), reason: d.errorSuppressionReason }),
  };
  // reports: false: nothing written into the app's output directory. The pack is an aspect; the app
  // is already synthesised, so it visits each resource here.
  const pack = new AwsSolutionsChecks({ reports: false, additionalLoggers: [logger] });
  for (const node of app.node.findAll()) pack.visit(node);
  return { findings, suppressed };
}

/** Every cdk-nag suppression declared in the app (on a resource or a stack), where it sits. */
export function declaredSuppressions(app: IConstruct): Array<NagPackSuppression & { path: string }> {
  const out: Array<NagPackSuppression & { path: string }> = [];
  for (const node of app.node.findAll()) {
    const rules =
      node instanceof CfnResource ? node.getMetadata("cdk_nag")?.rules_to_suppress : Stack.isStack(node) ? node.templateOptions.metadata?.cdk_nag?.rules_to_suppress : undefined;
    for (const r of (rules ?? []) as Array<{ id: string; reason: string; is_reason_encoded?: boolean }>) {
      const reason = r.is_reason_encoded ? Buffer.from(r.reason, "base64").toString() : r.reason;
      out.push({ id: r.id, reason, path: node.node.path });
    }
  }
  return out;
}

const stacksOf = (app: IConstruct) => app.node.children.filter((c): c is Stack => Stack.isStack(c));
