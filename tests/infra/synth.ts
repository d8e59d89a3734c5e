import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Match, Template } from "aws-cdk-lib/assertions";
import { expect } from "vitest";
import { App, Function as SstFunction, StaticSite, getStack } from "sst/constructs";
import { useFunctions } from "sst/constructs/Function.js";
import { initProject } from "sst/project.js";
import { buildStacks, type StageSecrets } from "../../sst.config";
import { Api } from "../../infra/api";
import { Database } from "../../infra/database";
import { DeployAccess } from "../../infra/deploy-access";
import { Monitoring } from "../../infra/monitoring";
import { features } from "@agency/core/routes";
import { Web } from "../../infra/web";

/**
 * The stage's ORIGIN_VERIFY_TOKEN as the synthesis tests set it: two tokens, as in the middle of a
 * rotation (infra/preflight.ts), so one synthesis shows both what CloudFront sends and what the
 * functions accept.
 */
export const TEST_ORIGIN_TOKENS = ["Y3VycmVudC1jdXJyZW50LWN1cnJlbnQtY3VycmVudC0=", "bmV4dC1uZXh0LW5leHQtbmV4dC1uZXh0LW5leHQtbmV4"];

export interface Synthesized {
  app: App;
  database: Template;
  web: Template;
  api: Template;
  monitoring: Template;
}

type SynthOptions = { mode?: "deploy" | "dev"; env?: Record<string, string>; region?: string; secrets?: StageSecrets };

/**
 * The syntheses made so far in this process, by stage and options. The infra project shares one
 * process between its files (vitest.config.ts: isolate false), so the seven files that read the
 * plain "test" stage synthesise it once (about 50 s each on this machine); the templates are only read.
 */
const made = new Map<string, Promise<Synthesized>>();

/**
 * Synthesises the app exactly as `sst deploy` would (sst.config.ts, every deferred build: the
 * handlers are bundled with esbuild), offline, once per stage and options in a process. The SPA's
 * Vite build is the web's own business, so the site uploads a stand-in folder instead of running it.
 */
export function synthesize(stage: string, options: SynthOptions = {}): Promise<Synthesized> {
  const key = JSON.stringify([stage, options]);
  let synthesis = made.get(key);
  if (!synthesis) {
    synthesis = synthesizeNow(stage, options);
    made.set(key, synthesis);
    // A refused synthesis is not kept: the next caller sees its own refusal.
    synthesis.catch(() => made.delete(key));
  }
  return synthesis;
}

async function synthesizeNow(
  stage: string,
  { mode = "deploy", env = {}, region = "us-east-1", secrets = { originVerifyTokens: TEST_ORIGIN_TOKENS } }: SynthOptions,
): Promise<Synthesized> {
  // The deploy-time settings (infra/secrets.ts, infra/web.ts, infra/monitoring.ts) come from the
  // environment; a developer's .env must not leak into the tests, and a custom domain would need Route 53.
  const settings = {
    ADMIN_EMAILS: "",
    ADMIN_USERNAME: "",
    SITE_DOMAIN: "",
    SITE_HOSTED_ZONE: "",
    ALARM_EMAIL: "",
    RECORDS_SINCE: "",
    WAF_WRITE_LIMIT: "",
    WAF_API_LIMIT: "",
    ...env,
  };
  const saved = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  Object.assign(process.env, settings);
  try {
    await initProject({ stage });
    Object.assign(process.env, settings); // initProject loads .env files
    const app = new App({ mode, stage, name: "agency", region, account: "123456789012" });
    buildStacks(app, secrets);
    for (const site of app.node.findAll().filter((c): c is StaticSite => c instanceof StaticSite)) standInBuild(site);
    for (const fn of app.node.findAll().filter((c): c is SstFunction => c instanceof SstFunction)) standInServerEntry(fn);
    await app.finish();
    return {
      app,
      database: Template.fromStack(getStack(Database)),
      web: Template.fromStack(getStack(Web)),
      api: Template.fromStack(getStack(Api)),
      monitoring: Template.fromStack(getStack(Monitoring)),
    };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/**
 * The optional DeployAccess stack alone, as `DEPLOY_ACCESS=1 npx sst deploy` synthesises it
 * (infra/deploy-access.ts): `env` holds GITHUB_REPO and the like.
 */
export async function synthesizeDeployAccess(env: Record<string, string>): Promise<{ app: App; deployAccess: Template }> {
  const settings = { GITHUB_OIDC_PROVIDER_ARN: "", ...env, DEPLOY_ACCESS: "1" };
  const saved = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  try {
    await initProject({ stage: "github" });
    Object.assign(process.env, settings);
    const app = new App({ mode: "deploy", stage: "github", name: "agency", region: "us-east-1", account: "123456789012" });
    buildStacks(app);
    await app.finish();
    return { app, deployAccess: Template.fromStack(getStack(DeployAccess)) };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

function standInBuild(site: StaticSite) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-site-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(dir, "assets", "app.js"), "export {};");
  // StaticSite keeps these on the instance; its deferred task reads them when it packages the site.
  const internals = site as unknown as { buildApp(): void; props: { path: string; buildOutput?: string } };
  internals.buildApp = () => {};
  internals.props.path = dir;
  internals.props.buildOutput = ".";
}

/**
 * The web app's server entry (web/dist-server) is the same Vite build's output, made by the site's
 * build at deploy: a function that imports it (the renderer) bundles this stand-in instead, which
 * says so if it is ever called. Its marker lets a test see that the import is bundled, not left out.
 */
export const STAND_IN_SERVER_ENTRY_MARKER = "stand-in server entry (tests/infra/synth.ts)";
function standInServerEntry(fn: SstFunction) {
  const props = useFunctions().fromID(fn.node.addr);
  if (!props || !/render\/handler\.handler$/.test(String(props.handler))) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-server-entry-"));
  const file = path.join(dir, "entry-server.js");
  fs.writeFileSync(file, `export async function renderPage() { throw new Error(${JSON.stringify(STAND_IN_SERVER_ENTRY_MARKER)}); }\n`);
  props.nodejs = { ...props.nodejs, esbuild: { ...props.nodejs?.esbuild, alias: { "@agency/web/entry-server": file } } };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, any>; [k: string]: any }>;

/** The resources of one type in a template, by logical id. */
export function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The feature functions of the Api stack, by feature, from their SST handler. */
export function featureFunctions(api: Template): Record<string, { id: string; props: Record<string, any> }> {
  const out: Record<string, { id: string; props: Record<string, any> }> = {};
  for (const [id, r] of Object.entries(resourcesOf(api, "AWS::Lambda::Function"))) {
    const m = /^packages\/functions\/src\/([a-z-]+)\/handler\.handler$/.exec(String(r.Properties?.Handler));
    // The API's feature functions (packages/core/src/routes.ts); the stream's lead-mail sender is not one.
    if (m && (features as readonly string[]).includes(m[1]!)) out[m[1]!] = { id, props: r.Properties! };
  }
  return out;
}

/** Every IAM statement attached to the role of a function. */
export function statementsOf(api: Template, functionId: string): Array<{ Action: string | string[]; Effect: string; Resource: unknown }> {
  const fn = resourcesOf(api, "AWS::Lambda::Function")[functionId]!;
  const roleId = fn.Properties!.Role["Fn::GetAtt"][0];
  return Object.values(resourcesOf(api, "AWS::IAM::Policy"))
    .filter((p) => (p.Properties!.Roles as Array<{ Ref: string }>).some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement);
}

export const actionsOf = (statements: Array<{ Action: string | string[] }>) => statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

/** CloudFront path-pattern matching: `*` is any run of characters, `?` one; case-sensitive. */
export function matchesPathPattern(pattern: string, path: string): boolean {
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${re}$`).test(path);
}

/**
 * An alarm on a queue's visible messages (a dead-letter queue): fires when the count, at its
 * maximum over one 5-minute period, passes `threshold` as `comparison` says; `queueName` is the
 * QueueName dimension as the monitoring stack imports it.
 */
export function expectQueueAlarm(
  monitoring: Template,
  alarm: { name: string; comparison: "GreaterThanThreshold" | "GreaterThanOrEqualToThreshold"; threshold: number; queueName: unknown },
  extra: Record<string, unknown> = {},
) {
  monitoring.hasResourceProperties("AWS::CloudWatch::Alarm", {
    AlarmName: alarm.name,
    ComparisonOperator: alarm.comparison,
    Threshold: alarm.threshold,
    EvaluationPeriods: 1,
    Metrics: [
      Match.objectLike({
        MetricStat: {
          Metric: { Namespace: "AWS/SQS", MetricName: "ApproximateNumberOfMessagesVisible", Dimensions: [{ Name: "QueueName", Value: alarm.queueName }] },
          Period: 300,
          Stat: "Maximum",
        },
      }),
    ],
    ...extra,
  });
}

/** The one function whose handler is `handler`, with its logical id. */
export function functionWithHandler(template: Template, handler: string) {
  const found = Object.entries(resourcesOf(template, "AWS::Lambda::Function")).filter(([, r]) => r.Properties?.Handler === handler);
  expect(found, handler).toHaveLength(1);
  return { id: found[0]![0], props: found[0]![1].Properties! };
}

/** The logical id of the one queue whose id starts with `prefix`. */
export function queueIdOf(template: Template, prefix: string) {
  const ids = Object.keys(resourcesOf(template, "AWS::SQS::Queue")).filter((id) => id.startsWith(prefix));
  expect(ids, prefix).toHaveLength(1);
  return ids[0]!;
}

/**
 * A function's retry queue `${name}Queue` and dead-letter queue `${name}DeadLetters` (infra/api.ts
 * retryQueues): received at most `maxReceives` times, visible again only after six timeouts, the
 * dead letters kept 14 days, both TLS-only.
 */
export function expectRetryQueues(template: Template, name: string, { maxReceives, timeoutSeconds }: { maxReceives: number; timeoutSeconds: number }) {
  const queues = resourcesOf(template, "AWS::SQS::Queue");
  const [queueId, dlq] = [queueIdOf(template, `${name}Queue`), queueIdOf(template, `${name}DeadLetters`)];
  const queue = queues[queueId]!.Properties!;
  expect(queue.RedrivePolicy, name).toEqual({ deadLetterTargetArn: { "Fn::GetAtt": [dlq, "Arn"] }, maxReceiveCount: maxReceives });
  expect(queue.VisibilityTimeout, name).toBeGreaterThanOrEqual(timeoutSeconds * 6);
  expect(queues[dlq]!.Properties!.MessageRetentionPeriod, name).toBe(14 * 24 * 3600);
  for (const id of [dlq, queueId]) {
    template.hasResourceProperties("AWS::SQS::QueuePolicy", {
      Queues: [{ Ref: id }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } })]) },
    });
  }
}
