import { CfnWebACL } from "aws-cdk-lib/aws-wafv2";
import type { Stack } from "aws-cdk-lib";
import { tightlyThrottledRoutes } from "@agency/core/routes";

/**
 * A web ACL for CloudFront (scope CLOUDFRONT) can only be created in us-east-1, and CloudFront takes
 * only such an ACL. The whole app is deployed there (sst.config.ts), so the ACL lives in the Web
 * stack beside the distribution it guards: no second stack, no cross-region reference. A deploy to
 * another region (`sst deploy --region ...`) stops before anything is created (sst.config.ts).
 */
export const EDGE_REGION = "us-east-1";

export function edgeRegionProblem(region: string): string | undefined {
  if (region === EDGE_REGION) return undefined;
  return (
    `The app deploys only to ${EDGE_REGION}, not ${region}: CloudFront's web ACL (infra/waf.ts) must be created in ` +
    `${EDGE_REGION}, and the alarms watching it and the site's certificate live there too. Deploy without --region.`
  );
}

/** The window every rate-based rule counts over, per visitor address (WAF allows 60, 120, 300 or 600 s). */
export const RATE_WINDOW_SECONDS = 60;

/**
 * The rate limits, requests per address per 60 s, each a setting of the deploy's environment (.env.<stage>):
 * - WAF_WRITE_LIMIT: sign-in (`POST /api/admin/login*`) and the other public writes (contact,
 *   registrations, sessions, logout): a person filling in forms sends a handful a minute; 20 lets a
 *   typo-prone sign-in through and stops a password-guessing or spam script within seconds.
 * - WAF_API_LIMIT: anything under /api/*: the admin screens load a few requests each, a reader's
 *   page a few more; 600 (10 a second, sustained for a minute) is far above a busy editor and far
 *   below what drains the API's shared throttle (infra/api.ts).
 * An address over a limit gets 403 from CloudFront until its rate falls back under it.
 */
export const wafLimitSettings = {
  WAF_WRITE_LIMIT: { default: 20, what: "sign-in and public writes per address per 60 s" },
  WAF_API_LIMIT: { default: 600, what: "/api/* requests per address per 60 s" },
} as const;
export type WafLimitSetting = keyof typeof wafLimitSettings;

/** WAF's bounds for a rate-based rule's limit. */
const MIN_LIMIT = 10;
const MAX_LIMIT = 2_000_000_000;

export function wafLimitProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(wafLimitSettings) as WafLimitSetting[]) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    if (!/^\d+$/.test(raw) || Number(raw) < MIN_LIMIT || Number(raw) > MAX_LIMIT) {
      problems.push(
        `${name}: "${raw}" is not a whole number from ${MIN_LIMIT} to ${MAX_LIMIT} (${wafLimitSettings[name].what}; default ${wafLimitSettings[name].default}). Fix it in .env.<stage> or the environment.`,
      );
    }
  }
  return problems;
}

export function wafLimits(env: NodeJS.ProcessEnv = process.env): Record<WafLimitSetting, number> {
  const problems = wafLimitProblems(env);
  if (problems.length) throw new Error(problems.join("\n"));
  const value = (name: WafLimitSetting) => Number(env[name]?.trim() || wafLimitSettings[name].default);
  return { WAF_WRITE_LIMIT: value("WAF_WRITE_LIMIT"), WAF_API_LIMIT: value("WAF_API_LIMIT") };
}

/**
 * The paths the tight limit covers, as prefixes: every public route that is not a GET
 * (the route table's tightlyThrottledRoutes), cut at its first path parameter;
 * a prefix another one covers is dropped (`/api/admin/login` covers `/api/admin/login/verify`).
 */
export function tightPathPrefixes(): string[] {
  const prefixes = [...new Set(tightlyThrottledRoutes.map((key) => key.slice(key.indexOf(" ") + 1).replace(/\{.*$/, "")))].sort();
  return prefixes.filter((p) => !prefixes.some((q) => q !== p && p.startsWith(q)));
}

/**
 * The common rule set's rules that look at the body. Its SizeRestrictions_BODY blocks any body over
 * 8 KB, and the XSS/LFI/RFI/SSRF body rules match HTML and URLs: exactly what the back office sends
 * (a post's HTML, a policy page, a site import). So they only count (and label) here, and the rule
 * after them blocks what they labelled unless it goes to the admin API (/api/admin/), whose routes
 * need a session (sign-in's bodies are a few bytes of JSON, checked by zod), cap their own sizes and
 * sanitise HTML on save. Every public form and every other path keeps the full rule set. Media
 * uploads go straight to S3 with a presigned POST (infra/media.ts), never through CloudFront.
 */
export const bodyRules = ["SizeRestrictions_BODY", "CrossSiteScripting_BODY", "GenericLFI_BODY", "GenericRFI_BODY", "EC2MetaDataSSRF_BODY"] as const;
/** The label each body rule adds (AWS's names: the rule name with `_Body`). */
export const bodyRuleLabel = (rule: (typeof bodyRules)[number]) => `awswaf:managed:aws:core-rule-set:${rule.replace(/_BODY$/, "_Body")}`;
export const adminApiPrefix = "/api/admin/";

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});
const uriStartsWith = (prefix: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: "STARTS_WITH",
    searchString: prefix,
    textTransformations: [{ priority: 0, type: "NONE" }],
  },
});
const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty => (statements.length === 1 ? statements[0]! : { orStatement: { statements } });

/** The names of the ACL's rules, which are also their CloudWatch metric names. */
export const wafRuleNames = {
  writes: "RateLimitWrites",
  api: "RateLimitApi",
  common: "AWSManagedRulesCommonRuleSet",
  bodies: "BlockBodyRulesOutsideAdminApi",
} as const;

/**
 * The web ACL: rate limits per visitor address, then AWS's common rule set; everything else is
 * allowed. `name` is the ACL's name and its metric name (the WebACL dimension of AWS/WAFV2 metrics).
 */
export function createWebAcl(stack: Stack, name: string, env: NodeJS.ProcessEnv = process.env) {
  const limits = wafLimits(env);
  const rateRule = (ruleName: string, priority: number, limit: number, scopeDownStatement: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
    name: ruleName,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: { aggregateKeyType: "IP", limit, evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement },
    },
    visibilityConfig: visibility(ruleName),
  });
  const webAcl = new CfnWebACL(stack, "WebAcl", {
    name,
    // CloudFormation allows letters, digits, spaces and = : # @ / - , . + here.
    description: "Rate limits per address and the AWS common rule set in front of the site, see infra/waf.ts",
    scope: "CLOUDFRONT",
    defaultAction: { allow: {} },
    visibilityConfig: visibility(name),
    rules: [
      rateRule(wafRuleNames.writes, 0, limits.WAF_WRITE_LIMIT, {
        andStatement: {
          statements: [
            { byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: "EXACTLY", searchString: "POST", textTransformations: [{ priority: 0, type: "NONE" }] } },
            anyOf(tightPathPrefixes().map(uriStartsWith)),
          ],
        },
      }),
      rateRule(wafRuleNames.api, 1, limits.WAF_API_LIMIT, uriStartsWith("/api/")),
      {
        name: wafRuleNames.common,
        priority: 2,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: "AWS",
            name: "AWSManagedRulesCommonRuleSet",
            ruleActionOverrides: bodyRules.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
          },
        },
        visibilityConfig: visibility(wafRuleNames.common),
      },
      {
        name: wafRuleNames.bodies,
        priority: 3,
        action: { block: {} },
        statement: {
          andStatement: {
            statements: [
              anyOf(bodyRules.map((rule) => ({ labelMatchStatement: { scope: "LABEL", key: bodyRuleLabel(rule) } }))),
              { notStatement: { statement: uriStartsWith(adminApiPrefix) } },
            ],
          },
        },
        visibilityConfig: visibility(wafRuleNames.bodies),
      },
    ],
  });
  return { webAcl, name, limits };
}
