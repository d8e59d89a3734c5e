// @vitest-environment node
import { App, Stack } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { beforeAll, describe, expect, it } from "vitest";
import { adminApiPrefix, bodyRuleLabel, bodyRules, createWebAcl, tightPathPrefixes, wafLimitProblems } from "../../infra/waf";
import { settingProblems } from "../../infra/preflight";
import { resourcesOf, synthesize, type Synthesized } from "./synth";

let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test");
}, 600_000);

const onlyAcl = (template: Template) => {
  const acls = Object.entries(resourcesOf(template, "AWS::WAFv2::WebACL"));
  expect(acls).toHaveLength(1);
  return { id: acls[0]![0], props: acls[0]![1].Properties! };
};
const rule = (name: string) => {
  const found = (onlyAcl(app.web).props.Rules as any[]).find((r) => r.Name === name);
  expect(found, name).toBeTruthy();
  return found;
};
const startsWith = (prefix: string) => ({
  ByteMatchStatement: { FieldToMatch: { UriPath: {} }, PositionalConstraint: "STARTS_WITH", SearchString: prefix, TextTransformations: [{ Priority: 0, Type: "NONE" }] },
});

describe("the web ACL in front of CloudFront", () => {
  it("is a CLOUDFRONT-scope ACL in the us-east-1 Web stack, attached to the site's distribution", () => {
    const { id, props } = onlyAcl(app.web);
    expect(props.Scope).toBe("CLOUDFRONT");
    expect(props.Name).toBe("test-agency-waf");
    expect(props.DefaultAction).toEqual({ Allow: {} });
    expect(app.app.region).toBe("us-east-1");
    app.web.hasResourceProperties("AWS::CloudFront::Distribution", {
      DistributionConfig: Match.objectLike({ WebACLId: { "Fn::GetAtt": [id, "Arn"] } }),
    });
  });

  it("limits each address to 20 sign-in and public-write POSTs per 60 s", () => {
    const r = rule("RateLimitWrites");
    expect(r.Action).toEqual({ Block: {} });
    const rate = r.Statement.RateBasedStatement;
    expect(rate).toMatchObject({ AggregateKeyType: "IP", Limit: 20, EvaluationWindowSec: 60 });
    const [method, paths] = rate.ScopeDownStatement.AndStatement.Statements;
    expect(method.ByteMatchStatement).toMatchObject({ FieldToMatch: { Method: {} }, PositionalConstraint: "EXACTLY", SearchString: "POST" });
    const prefixes = (paths.OrStatement.Statements as any[]).map((s) => s.ByteMatchStatement.SearchString);
    expect(prefixes).toEqual(expect.arrayContaining(["/api/admin/login", "/api/contact", "/api/course-registrations", "/api/sessions"]));
    // Sign-in's second steps fall under its prefix; the signed-in back office is not held to this limit.
    expect(prefixes).not.toContain("/api/admin/login/verify");
    expect(prefixes.some((p: string) => adminApiPrefix.startsWith(p))).toBe(false);
  });

  it("limits each address to 600 /api/* requests per 60 s", () => {
    const r = rule("RateLimitApi");
    expect(r.Action).toEqual({ Block: {} });
    expect(r.Statement.RateBasedStatement).toEqual({ AggregateKeyType: "IP", Limit: 600, EvaluationWindowSec: 60, ScopeDownStatement: startsWith("/api/") });
  });

  it("applies AWS's common rule set, its body rules counting and blocked by a rule that spares the admin API", () => {
    const common = rule("AWSManagedRulesCommonRuleSet");
    expect(common.OverrideAction).toEqual({ None: {} });
    const group = common.Statement.ManagedRuleGroupStatement;
    expect(group).toMatchObject({ VendorName: "AWS", Name: "AWSManagedRulesCommonRuleSet" });
    expect(group.RuleActionOverrides).toEqual(bodyRules.map((name) => ({ Name: name, ActionToUse: { Count: {} } })));
    expect(bodyRules).toContain("SizeRestrictions_BODY");

    const bodies = rule("BlockBodyRulesOutsideAdminApi");
    expect(bodies.Priority).toBeGreaterThan(common.Priority);
    expect(bodies.Action).toEqual({ Block: {} });
    const [labels, notAdmin] = bodies.Statement.AndStatement.Statements;
    expect(labels.OrStatement.Statements).toEqual(bodyRules.map((r) => ({ LabelMatchStatement: { Scope: "LABEL", Key: bodyRuleLabel(r) } })));
    expect(labels.OrStatement.Statements[0].LabelMatchStatement.Key).toBe("awswaf:managed:aws:core-rule-set:SizeRestrictions_Body");
    expect(notAdmin).toEqual({ NotStatement: { Statement: startsWith("/api/admin/") } });
  });

  it("sends every rule's and the ACL's metrics to CloudWatch", () => {
    const { props } = onlyAcl(app.web);
    for (const r of [props, ...(props.Rules as any[])]) {
      expect(r.VisibilityConfig).toEqual({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: r.Name });
    }
  });

  it("alarms on the alarm topic when 100 requests are blocked in 5 minutes, on the metric WAF publishes for a CloudFront ACL", () => {
    const topic = Object.keys(resourcesOf(app.monitoring, "AWS::SNS::Topic"))[0]!;
    // AWS/WAFV2 in us-east-1, dimensions WebACL (the ACL's metric name) and Rule=ALL; the Region
    // dimension exists only for REGIONAL ACLs, so a CloudFront ACL's metric has none.
    expect(onlyAcl(app.web).props.VisibilityConfig.MetricName).toBe("test-agency-waf");
    expect(app.app.region).toBe("us-east-1");
    app.monitoring.hasResourceProperties("AWS::CloudWatch::Alarm", {
      AlarmName: "test-agency-waf-blocked-requests",
      Metrics: [
        Match.objectLike({
          MetricStat: {
            Metric: {
              Namespace: "AWS/WAFV2",
              MetricName: "BlockedRequests",
              Dimensions: [
                { Name: "Rule", Value: "ALL" },
                { Name: "WebACL", Value: "test-agency-waf" },
              ],
            },
            Period: 300,
            Stat: "Sum",
          },
        }),
      ],
      Threshold: 100,
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      AlarmActions: [{ Ref: topic }],
    });
  });

  it("is not made by `sst dev`, which deploys no distribution", async () => {
    const dev = await synthesize("dev-waf", { mode: "dev" });
    expect(Object.keys(resourcesOf(dev.web, "AWS::WAFv2::WebACL"))).toHaveLength(0);
  });

  it("refuses a region other than us-east-1, where CloudFront's web ACL must be created", async () => {
    await expect(synthesize("test", { region: "eu-west-1" })).rejects.toThrow(/deploys only to us-east-1, not eu-west-1/);
  });
});

describe("the web ACL's limits", () => {
  const aclRules = (env: Record<string, string>) => {
    const stack = new Stack(new App(), "S", { env: { region: "us-east-1" } });
    createWebAcl(stack, "x", env);
    return Object.values(Template.fromStack(stack).findResources("AWS::WAFv2::WebACL"))[0]!.Properties.Rules as any[];
  };
  const limitOf = (rules: any[], name: string) => rules.find((r) => r.Name === name).Statement.RateBasedStatement.Limit;

  it("are taken from WAF_WRITE_LIMIT and WAF_API_LIMIT", () => {
    const rules = aclRules({ WAF_WRITE_LIMIT: "50", WAF_API_LIMIT: " 1200 " });
    expect(limitOf(rules, "RateLimitWrites")).toBe(50);
    expect(limitOf(rules, "RateLimitApi")).toBe(1200);
  });

  it("refuse a value that is not a whole number from 10, naming the setting, before the deploy", () => {
    expect(wafLimitProblems({ WAF_WRITE_LIMIT: "5", WAF_API_LIMIT: "lots" })).toEqual([
      expect.stringMatching(/^WAF_WRITE_LIMIT: "5" is not a whole number from 10/),
      expect.stringMatching(/^WAF_API_LIMIT: "lots" is not a whole number from 10/),
    ]);
    expect(settingProblems({ WAF_API_LIMIT: "1.5" })).toEqual([expect.stringMatching(/^WAF_API_LIMIT/)]);
    expect(() => aclRules({ WAF_WRITE_LIMIT: "0" })).toThrow(/WAF_WRITE_LIMIT/);
  });

  it("cover sign-in by its prefix, once", () => {
    expect(tightPathPrefixes().filter((p) => p.startsWith("/api/admin/login"))).toEqual(["/api/admin/login"]);
  });
});
