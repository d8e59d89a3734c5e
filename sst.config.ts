import { Stack } from "aws-cdk-lib";
import type { SSTConfig } from "sst";
import type { App } from "sst/constructs";
import { VisibleError } from "sst/error.js";
import { Api } from "./infra/api";
import { functionDefaults } from "./infra/bundling";
import { Database, isProduction } from "./infra/database";
import { DeployAccess, deployAccessProblems, deployAccessRequested } from "./infra/deploy-access";
import { Monitoring } from "./infra/monitoring";
import { acceptFunctionFindings } from "./infra/nag";
import { originVerifyTokens, secretProblems, settingProblems, stageProblem } from "./infra/preflight";
import { EDGE_REGION, edgeRegionProblem } from "./infra/waf";
import { ORIGIN_VERIFY_CONTEXT, Web } from "./infra/web";

/** What the stacks take from the stage's secrets at synthesis (infra/preflight.ts reads them). */
export interface StageSecrets {
  /** ORIGIN_VERIFY_TOKEN's tokens (infra/web.ts): unset only where nothing is deployed (`sst diff` without the secret). */
  originVerifyTokens?: string[];
}

/** The stacks, as every command synthesises them (the synthesis tests call this directly). */
export function buildStacks(app: App, secrets: StageSecrets = {}) {
  // DEPLOY_ACCESS=1: only the CI's OIDC provider and deploy roles (infra/deploy-access.ts), asked for once per account.
  if (deployAccessRequested()) {
    app.stack(DeployAccess);
    acceptFunctionFindingsIn(app);
    return;
  }
  // Ephemeral stages leave nothing behind on `sst remove`; production keeps its data (infra/database.ts).
  if (!isProduction(app.stage)) app.setDefaultRemovalPolicy("destroy");
  app.setDefaultFunctionProps(functionDefaults);
  if (secrets.originVerifyTokens) app.node.setContext(ORIGIN_VERIFY_CONTEXT, secrets.originVerifyTokens);
  // Web before Api: Api's functions need the site's URL, and Web only needs the bare gateway.
  // Monitoring last: its alarms watch the others' resources.
  app.stack(Database).stack(Web).stack(Api).stack(Monitoring);
  acceptFunctionFindingsIn(app);
}

/** cdk-nag's findings every Lambda function shares (infra/nag.ts), in every stack. */
function acceptFunctionFindingsIn(app: App) {
  for (const stack of app.node.children.filter((c): c is Stack => Stack.isStack(c))) acceptFunctionFindings(stack);
}

/**
 * Before anything is created: the stage's name, the deploy's settings and the stage's secrets
 * (infra/preflight.ts). `sst deploy` and `sst dev` stop on a problem; other commands that synthesise
 * (`sst diff`, `sst build`) print it and go on.
 */
async function preflight(app: App): Promise<StageSecrets> {
  const stage = stageProblem(app.stage);
  if (stage) throw new VisibleError(stage);
  const region = edgeRegionProblem(app.region);
  if (region) throw new VisibleError(region);
  if (app.mode === "remove") return {};
  if (deployAccessRequested()) {
    const problems = deployAccessProblems();
    if (problems.length) throw new VisibleError(problems.join("\n"));
    return {};
  }
  const { Config } = await import("sst/config.js");
  const stored = await Config.secrets();
  const token = Object.hasOwn(stored, "ORIGIN_VERIFY_TOKEN") ? stored.ORIGIN_VERIFY_TOKEN : undefined;
  const secrets = { originVerifyTokens: originVerifyTokens(token?.value ?? token?.fallback) };
  const problems = [...settingProblems(), ...secretProblems(app.stage, stored)];
  if (problems.length === 0) return secrets;
  const command = process.argv.slice(2).find((a) => !a.startsWith("-"));
  const message = [`The ${app.stage} stage is not ready to deploy; nothing was created:`, ...problems.map((p) => `  - ${p}`)].join("\n");
  if (command === "deploy" || command === "dev") throw new VisibleError(message);
  console.warn(message);
  return secrets;
}

export default {
  config(input) {
    const problem = input.stage ? stageProblem(input.stage) : undefined;
    if (problem) throw new VisibleError(problem);
    // us-east-1 only: CloudFront's web ACL must be created there (infra/waf.ts).
    return { name: "agency", region: EDGE_REGION };
  },
  async stacks(app) {
    buildStacks(app, await preflight(app));
  },
} satisfies SSTConfig;
