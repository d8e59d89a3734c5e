// @vitest-environment node
import { CachePolicy, OriginRequestPolicy } from "aws-cdk-lib/aws-cloudfront";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { features, readOnlyFeatures, routeKeys, routes, type RouteKey } from "@agency/core/routes";
import { originVerifyHeader } from "@agency/core/edge";
import { bootScriptHash } from "@agency/core/security-headers";
import { pagesRewriteCode, viewerIpCode } from "../../infra/web";
import { actionsOf, featureFunctions, matchesPathPattern, resourcesOf, statementsOf, synthesize, TEST_ORIGIN_TOKENS, type Synthesized } from "./synth";
import { awsSolutions, cfnLint, declaredSuppressions } from "./checks";
import { LEAD_MAIL_TIMEOUT_SECONDS } from "../../infra/api";

const CACHING_DISABLED = CachePolicy.CACHING_DISABLED.cachePolicyId;
const ALL_VIEWER_EXCEPT_HOST = OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId;
const writeActions = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"];

const ADMIN_EMAILS = "owner@example.com,@example.org";

let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test", { env: { ADMIN_EMAILS } });
}, 600_000);

const pathOf = (key: RouteKey) => key.slice(key.indexOf(" ") + 1).replace(/\{[^}]+\}/g, "x1");
const methodOf = (key: RouteKey) => key.slice(0, key.indexOf(" "));

describe("the table", () => {
  it("is one table keyed pk/sk with gsi1 and gsi2 (full projection), a ttl attribute, on demand, with point-in-time recovery", () => {
    const tables = Object.values(resourcesOf(app.database, "AWS::DynamoDB::Table"));
    expect(tables).toHaveLength(1);
    const t = tables[0]!.Properties!;
    expect(t.KeySchema).toEqual([
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ]);
    const gsis = Object.fromEntries((t.GlobalSecondaryIndexes as any[]).map((g) => [g.IndexName, { keys: g.KeySchema, projection: g.Projection }]));
    expect(gsis).toEqual({
      gsi1: {
        keys: [
          { AttributeName: "gsi1pk", KeyType: "HASH" },
          { AttributeName: "gsi1sk", KeyType: "RANGE" },
        ],
        projection: { ProjectionType: "ALL" },
      },
      gsi2: {
        keys: [
          { AttributeName: "gsi2pk", KeyType: "HASH" },
          { AttributeName: "gsi2sk", KeyType: "RANGE" },
        ],
        projection: { ProjectionType: "ALL" },
      },
    });
    expect(t.TimeToLiveSpecification).toEqual({ AttributeName: "ttl", Enabled: true });
    expect(t.BillingMode).toBe("PAY_PER_REQUEST");
    expect(t.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });

  it("goes away with a stage that is not production", () => {
    const [table] = Object.values(resourcesOf(app.database, "AWS::DynamoDB::Table"));
    expect(table!.DeletionPolicy).toBe("Delete");
    expect(table!.Properties!.DeletionProtectionEnabled).toBeFalsy();
  });
});

describe("the functions", () => {
  it("are one Lambda per feature, on nodejs22.x and arm64, built from the feature's handler", () => {
    const fns = featureFunctions(app.api);
    expect(Object.keys(fns).sort()).toEqual([...features].sort());
    for (const { props } of Object.values(fns)) {
      expect(props.Runtime).toBe("nodejs22.x");
      expect(props.Architectures).toEqual(["arm64"]);
    }
  });

  it("serve every route of packages/core/src/routes.ts, each through its feature's function, and no other route", () => {
    const fns = featureFunctions(app.api);
    const featureOfFunction = Object.fromEntries(Object.entries(fns).map(([feature, { id }]) => [id, feature]));
    const integrations = resourcesOf(app.api, "AWS::ApiGatewayV2::Integration");
    const served: Record<string, string> = {};
    for (const r of Object.values(resourcesOf(app.api, "AWS::ApiGatewayV2::Route"))) {
      const integrationId = r.Properties!.Target["Fn::Join"][1][1].Ref as string;
      const fnId = integrations[integrationId]!.Properties!.IntegrationUri["Fn::GetAtt"][0] as string;
      served[r.Properties!.RouteKey] = featureOfFunction[fnId]!;
    }
    expect(served).toEqual(Object.fromEntries(routeKeys.map((k) => [k, routes[k].feature])));
  });

  it("live on the HTTP API that CloudFront forwards to", () => {
    const [gatewayId] = Object.keys(resourcesOf(app.web, "AWS::ApiGatewayV2::Api"));
    const exportOfGateway = Object.values(app.web.toJSON().Outputs as Record<string, any>).find((o) => o.Value?.Ref === gatewayId && o.Export)?.Export.Name;
    expect(exportOfGateway).toBeTruthy();
    for (const r of Object.values(resourcesOf(app.api, "AWS::ApiGatewayV2::Route"))) {
      expect(r.Properties!.ApiId).toEqual({ "Fn::ImportValue": exportOfGateway });
    }
  });

  it("of public read features can only Get, BatchGet and Query the table; nobody may Scan or use dynamodb:*", () => {
    const fns = featureFunctions(app.api);
    for (const [feature, { id }] of Object.entries(fns)) {
      const dynamo = actionsOf(statementsOf(app.api, id)).filter((a) => a.startsWith("dynamodb:"));
      expect(dynamo, feature).not.toContain("dynamodb:Scan");
      expect(dynamo, feature).not.toContain("dynamodb:*");
      if ((readOnlyFeatures as readonly string[]).includes(feature)) {
        expect(dynamo.sort(), feature).toEqual(["dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query"]);
      } else {
        expect(dynamo, feature).toEqual(expect.arrayContaining(writeActions));
      }
    }
  });

  it("hold the secrets they use and no others, placed in their environment at deploy (sign-in: Google's and the device-cookie key; the blog's: the preview-link key)", () => {
    const fns = featureFunctions(app.api);
    const prefetched = Object.values(resourcesOf(app.api, "Custom::SecretPrefetcher")).map((r) => r.Properties!.functionName.Ref as string);
    for (const [feature, { id, props }] of Object.entries(fns)) {
      const secrets = Object.keys(props.Environment.Variables).filter((k) => k.startsWith("SST_Secret_value_"));
      const readsSsm = actionsOf(statementsOf(app.api, id)).includes("ssm:GetParameters");
      if (feature === "auth") {
        expect(secrets.sort()).toEqual(["SST_Secret_value_DEVICE_COOKIE_SECRET", "SST_Secret_value_GOOGLE_CLIENT_ID", "SST_Secret_value_GOOGLE_CLIENT_SECRET"]);
        expect(prefetched).toContain(id);
        expect(readsSsm).toBe(true);
      } else if (feature === "blog" || feature === "admin-blog" || feature === "newsletter" || feature === "admin-team") {
        // The back office signs preview links; the public blog opens them; the newsletter's links and the team's invitation links are made with keys derived from it.
        expect(secrets, feature).toEqual(["SST_Secret_value_PREVIEW_LINK_SECRET"]);
        expect(prefetched, feature).toContain(id);
        expect(readsSsm, feature).toBe(true);
      } else {
        expect(secrets, feature).toEqual([]);
        expect(prefetched, feature).not.toContain(id);
        expect(readsSsm, feature).toBe(false);
      }
    }
  });

  it("get the table name, ADMIN_EMAILS and the site's CloudFront URL as PUBLIC_URL, never DEV_LOGIN, and RECORDS_SINCE only when the stage sets it", () => {
    const [distributionId] = Object.keys(resourcesOf(app.web, "AWS::CloudFront::Distribution"));
    const domainExport = Object.values(app.web.toJSON().Outputs as Record<string, any>).find(
      (o) => o.Value?.["Fn::GetAtt"]?.[0] === distributionId && o.Value["Fn::GetAtt"][1] === "DomainName" && o.Export,
    )?.Export.Name;
    for (const { props } of Object.values(featureFunctions(app.api))) {
      const env = props.Environment.Variables;
      expect(env.TABLE_NAME).toEqual({ "Fn::ImportValue": expect.stringContaining("test-agency-Database:") });
      expect(env.SST_Parameter_value_ADMIN_EMAILS).toBe(ADMIN_EMAILS);
      expect(env.SST_Parameter_value_PUBLIC_URL).toEqual({ "Fn::Join": ["", ["https://", { "Fn::ImportValue": domainExport }]] });
      expect(Object.keys(env).filter((k) => k.includes("DEV_LOGIN"))).toEqual([]);
      expect(Object.keys(env).filter((k) => k.includes("RECORDS_SINCE"))).toEqual([]);
    }
  });

  it("are throttled per route, public writes and sign-in more tightly, on the stage of the API", () => {
    const stages = Object.values(resourcesOf(app.api, "AWS::ApiGatewayV2::Stage"));
    expect(stages).toHaveLength(1);
    const stage = stages[0]!.Properties!;
    expect(stage.StageName).toBe("$default");
    expect(stage.AutoDeploy).toBe(true);
    expect(stage.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
    expect(stage.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    const tight = Object.keys(stage.RouteSettings);
    expect(tight).toEqual(expect.arrayContaining(["POST /api/contact", "POST /api/course-registrations", "POST /api/admin/login"]));
    for (const key of tight) {
      expect(routeKeys).toContain(key);
      expect(stage.RouteSettings[key].ThrottlingRateLimit).toBeLessThan(stage.DefaultRouteSettings.ThrottlingRateLimit);
    }
  });

  it("include a deploy-time Script that seeds and bootstraps the admin once its secret is in place", () => {
    const lambdas = resourcesOf(app.api, "AWS::Lambda::Function");
    // The others render every page (tests/infra/render.test.ts) and derive the images' sizes (tests/infra/media.test.ts).
    const scripts = Object.values(resourcesOf(app.api, "Custom::SSTScript")).filter(
      (r) => lambdas[r.Properties!.UserCreateFunction.Ref]!.Properties!.Handler === "packages/functions/src/deploy/seed-script.handler",
    );
    expect(scripts).toHaveLength(1);
    const script = scripts[0]!;
    const fnId = script.Properties!.UserCreateFunction.Ref as string;
    expect(script.Properties!.UserUpdateFunction.Ref).toBe(fnId);
    expect(lambdas[fnId]!.Properties!.Handler).toBe("packages/functions/src/deploy/seed-script.handler");
    expect(Object.keys(lambdas[fnId]!.Properties!.Environment.Variables)).toEqual(
      expect.arrayContaining(["TABLE_NAME", "SST_Secret_value_ADMIN_PASSWORD", "SST_Parameter_value_ADMIN_USERNAME"]),
    );
    const prefetcher = Object.entries(resourcesOf(app.api, "Custom::SecretPrefetcher")).find(([, r]) => r.Properties!.functionName.Ref === fnId)?.[0];
    expect(script.DependsOn).toContain(prefetcher);
  });
});

describe("CloudFront invalidation", () => {
  const distributionId = () => {
    const [id] = Object.keys(resourcesOf(app.web, "AWS::CloudFront::Distribution"));
    return id!;
  };
  /** The Api stack's import of an output of the Web stack that is `value` there. */
  const importOf = (value: (v: any) => boolean) => {
    const name = Object.values(app.web.toJSON().Outputs as Record<string, any>).find((o) => o.Export && value(o.Value))?.Export.Name;
    expect(name).toBeTruthy();
    return { "Fn::ImportValue": name };
  };
  const invalidationStatements = (id: string) => statementsOf(app.api, id).filter((s) => actionsOf([s]).some((a) => a.startsWith("cloudfront:")));

  it("is allowed to admin-content, admin-blog, admin-settings, admin-revisions and admin-trash only, on the site's distribution only, never *", () => {
    const arn = {
      "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":cloudfront::123456789012:distribution/", importOf((v) => v?.Ref === distributionId())]],
    };
    const fns = featureFunctions(app.api);
    for (const feature of ["admin-content", "admin-blog", "admin-settings", "admin-revisions", "admin-trash"]) {
      const statements = invalidationStatements(fns[feature]!.id);
      expect(statements, feature).toEqual([{ Action: "cloudfront:CreateInvalidation", Effect: "Allow", Resource: arn }]);
    }
    const invalidating = Object.entries(fns)
      .filter(([, { id }]) => invalidationStatements(id).length)
      .map(([f]) => f);
    expect(invalidating.sort()).toEqual(["admin-blog", "admin-content", "admin-revisions", "admin-settings", "admin-trash"]);
    for (const feature of features.filter((f) => routeKeys.some((k) => routes[k].feature === f && routes[k].access === "public"))) {
      expect(invalidationStatements(fns[feature]!.id), feature).toEqual([]);
    }
    const everyStatement = Object.values(resourcesOf(app.api, "AWS::IAM::Policy")).flatMap((p) => p.Properties!.PolicyDocument.Statement);
    for (const s of everyStatement.filter((s) => actionsOf([s]).some((a) => a.startsWith("cloudfront:")))) {
      expect(s.Resource).not.toBe("*");
      expect(actionsOf([s])).toEqual(["cloudfront:CreateInvalidation"]);
    }
  });

  it("gives those functions the distribution's id, and no other function", () => {
    for (const [feature, { props }] of Object.entries(featureFunctions(app.api))) {
      const id = props.Environment.Variables.DISTRIBUTION_ID;
      if (["admin-content", "admin-blog", "admin-settings", "admin-revisions", "admin-trash"].includes(feature)) {
        expect(id, feature).toEqual(importOf((v) => v?.Ref === distributionId()));
      } else {
        expect(id, feature).toBeUndefined();
      }
    }
  });
});

describe("the CloudFront distribution", () => {
  const distribution = () => {
    const all = Object.values(resourcesOf(app.web, "AWS::CloudFront::Distribution"));
    expect(all).toHaveLength(1);
    return all[0]!.Properties!.DistributionConfig;
  };
  const behaviours = () => distribution().CacheBehaviors as Array<Record<string, any>>;
  const behaviourFor = (path: string) => behaviours().find((b) => matchesPathPattern(b.PathPattern, path));
  const apiOriginId = () => {
    const [gatewayId] = Object.keys(resourcesOf(app.web, "AWS::ApiGatewayV2::Api"));
    const origin = (distribution().Origins as any[]).find((o) => JSON.stringify(o.DomainName).includes(`{"Ref":"${gatewayId}"}`));
    expect(JSON.stringify(origin.DomainName)).toContain(".execute-api.");
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");
    return origin.Id as string;
  };

  it("sends /api/* to the HTTP API with every method and AllViewerExceptHostHeader, caching nothing", () => {
    const api = behaviours().find((b) => b.PathPattern === "/api/*")!;
    expect(api.TargetOriginId).toBe(apiOriginId());
    expect([...api.AllowedMethods].sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST);
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
  });

  it("sends every route of the route table, the feeds included, to the HTTP API (the missing-page route through the site's failover)", () => {
    for (const key of routeKeys) {
      if (key === "GET /pages/{proxy+}") continue; // the origin group's fallback, tested below
      const b = behaviourFor(pathOf(key));
      expect(b?.TargetOriginId, key).toBe(apiOriginId());
      expect(b!.AllowedMethods, key).toContain(methodOf(key));
      if (!("cache" in routes[key])) expect(b!.OriginRequestPolicyId, key).toBe(ALL_VIEWER_EXCEPT_HOST);
    }
    for (const feed of ["/robots.txt", "/sitemap.xml", "/rss.xml"]) expect(behaviourFor(feed)?.TargetOriginId).toBe(apiOriginId());
  });

  it("caches public reads as the API's Cache-Control says, with cookies and headers out of the cache key", () => {
    const policies = resourcesOf(app.web, "AWS::CloudFront::CachePolicy");
    for (const key of routeKeys.filter((k) => "cache" in routes[k])) {
      const ref = behaviourFor(pathOf(key))!.CachePolicyId.Ref as string;
      const config = policies[ref]!.Properties!.CachePolicyConfig;
      expect(config.MinTTL, key).toBe(0);
      expect(config.DefaultTTL, key).toBe(0); // no Cache-Control, no caching
      expect(config.MaxTTL, key).toBeGreaterThan(0);
      const key_ = config.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key_.CookiesConfig.CookieBehavior, key).toBe("none");
      expect(key_.HeadersConfig.HeaderBehavior, key).toBe("none");
    }
  });

  it("sends public reads to the API without cookies (so CloudFront revalidates by ETag), with the query and the visitor's address", () => {
    const requestPolicies = resourcesOf(app.web, "AWS::CloudFront::OriginRequestPolicy");
    for (const key of routeKeys.filter((k) => "cache" in routes[k])) {
      const ref = behaviourFor(pathOf(key))!.OriginRequestPolicyId.Ref as string;
      const config = requestPolicies[ref]!.Properties!.OriginRequestPolicyConfig;
      expect(config.CookiesConfig.CookieBehavior, key).toBe("none");
      expect(config.QueryStringsConfig.QueryStringBehavior, key).toBe("all");
      expect(config.HeadersConfig, key).toEqual({ HeaderBehavior: "whitelist", Headers: ["x-viewer-ip"] });
    }
  });

  it("caches nothing for session, sign-in, admin or write routes", () => {
    // Not the missing-page route: the site's failover, cached as its answers say (render/missing-page.ts).
    for (const key of routeKeys.filter((k) => !("cache" in routes[k]) && k !== "GET /pages/{proxy+}")) {
      expect(behaviourFor(pathOf(key))!.CachePolicyId, key).toBe(CACHING_DISABLED);
    }
  });

  it("passes the visitor's address to the API, which trusts it only with the stage's origin token: CloudFront sends the first, the functions accept each while it is rotated", () => {
    const fns = resourcesOf(app.web, "AWS::CloudFront::Function");
    const [fnId] = Object.keys(fns).filter((id) => fns[id]!.Properties!.FunctionCode === viewerIpCode);
    // Every behaviour that reaches the API (media, from S3, has no viewer function: tests/infra/media.test.ts).
    const toApi = behaviours().filter((b) => b.TargetOriginId === apiOriginId());
    expect(toApi.map((b) => b.PathPattern)).toContain("/api/*");
    for (const b of toApi) {
      expect(b.FunctionAssociations, b.PathPattern).toEqual([{ EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [fnId, "FunctionARN"] } }]);
    }
    const handler = new Function(`${viewerIpCode}; return handler;`)() as (e: unknown) => { headers: Record<string, { value: string }> };
    const forged = handler({ request: { headers: { "x-viewer-ip": { value: "6.6.6.6" } } }, viewer: { ip: "203.0.113.9" } });
    expect(forged.headers["x-viewer-ip"]).toEqual({ value: "203.0.113.9" });

    const origin = (distribution().Origins as any[]).find((o) => o.Id === apiOriginId());
    const header = (origin.OriginCustomHeaders as { HeaderName: string; HeaderValue: string }[]).find((h) => h.HeaderName === originVerifyHeader)!;
    // The stage's secret, not a value made at synthesis: the same on every deploy until rotated on purpose.
    expect(header.HeaderValue).toBe(TEST_ORIGIN_TOKENS[0]);
    for (const [feature, fn] of Object.entries(featureFunctions(app.api))) {
      expect(fn.props.Environment.Variables.ORIGIN_VERIFY_TOKEN, feature).toBe(TEST_ORIGIN_TOKENS.join(","));
    }
  });

  it("has no distribution-wide error response that could rewrite an API error", () => {
    expect(distribution().CustomErrorResponses ?? []).toEqual([]);
  });

  it("serves public addresses from their rendered pages and app paths the SPA shell, through a viewer function on the site behaviour only", () => {
    const fns = resourcesOf(app.web, "AWS::CloudFront::Function");
    const [fnId] = Object.keys(fns).filter((id) => fns[id]!.Properties!.FunctionCode === pagesRewriteCode);
    expect(fnId).toBeDefined();
    const associations = distribution().DefaultCacheBehavior.FunctionAssociations;
    expect(associations).toEqual([{ EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [fnId, "FunctionARN"] } }]);
    // ... and on the preview page's, which is the same shell from the same bucket.
    for (const b of behaviours().filter((b) => b.PathPattern !== "/preview/*")) expect(JSON.stringify(b.FunctionAssociations ?? []), b.PathPattern).not.toContain(fnId);
    expect(behaviourFor("/preview/abc~0~1~sig")!.FunctionAssociations).toEqual(associations);

    const handler = new Function(`${pagesRewriteCode}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite("/")).toBe("/pages/index.html");
    expect(rewrite("/about")).toBe("/pages/about.html");
    expect(rewrite("/blog")).toBe("/pages/blog.html");
    expect(rewrite("/blog/")).toBe("/pages/blog.html");
    expect(rewrite("/blog/my-first-post")).toBe("/pages/blog/my-first-post.html");
    expect(rewrite("/blog/page/2")).toBe("/pages/blog/page/2.html");
    expect(rewrite("/no-such-page")).toBe("/pages/no-such-page.html");
    for (const app of ["/admin", "/admin/", "/admin/settings", "/auth/callback", "/preview", "/preview/blog/draft", "/newsletter/confirm"])
      expect(rewrite(app), app).toBe("/pages/_app-shell.html");
    // A preview link's page is the API's (the failover: never in the bucket), headed with its post.
    expect(rewrite("/preview/cG9zdA~0~1790000000~c2ln")).toBe("/pages/preview/cG9zdA~0~1790000000~c2ln.html");
    expect(rewrite("/preview/cG9zdA~0~1790000000~c2ln/")).toBe("/pages/preview/cG9zdA~0~1790000000~c2ln.html");
    // Only those prefixes: an address that merely starts with the letters is a public page.
    expect(rewrite("/administration")).toBe("/pages/administration.html");
    expect(rewrite("/previews")).toBe("/pages/previews.html");
    expect(rewrite("/assets/index-abc123.js")).toBe("/assets/index-abc123.js");
    expect(rewrite("/favicon.svg")).toBe("/favicon.svg");
    expect(rewrite("/pages/about.html")).toBe("/pages/about.html");
    expect(rewrite("/api/unknown")).toBe("/api/unknown");
    expect(rewrite("/media/2026/unknown")).toBe("/media/2026/unknown");
    // A second name of a page answers 301 to its one address.
    const answer = (uri: string) => handler({ request: { uri } }) as unknown as { statusCode?: number; headers?: { location: { value: string } } };
    for (const [from, to] of [
      ["/index.html", "/"],
      ["/blog/page/1", "/blog"],
      ["/blog/page/1/", "/blog"],
    ] as const) {
      expect(answer(from), from).toEqual({ statusCode: 301, statusDescription: "Moved Permanently", headers: { location: { value: to } } });
    }
    expect(rewrite("/blog/page/10")).toBe("/pages/blog/page/10.html");
  });

  it("serves the site from the web bucket, failing over to the API on the bucket's 403 and 404 (a missing page), for its 301s and not-found page", () => {
    const config = distribution();
    const groups = config.OriginGroups;
    expect(groups.Quantity).toBe(1);
    const group = groups.Items[0];
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(group.Id);
    expect(group.FailoverCriteria.StatusCodes).toEqual({ Quantity: 2, Items: [403, 404] });
    const [primary, fallback] = group.Members.Items.map((m: { OriginId: string }) => (config.Origins as any[]).find((o) => o.Id === m.OriginId));
    const buckets = Object.keys(resourcesOf(app.web, "AWS::S3::Bucket")).filter((id) => id.startsWith("WebBucket"));
    expect(buckets).toHaveLength(1);
    expect(JSON.stringify(primary.DomainName)).toContain(`"${buckets[0]}"`);
    expect(primary.S3OriginConfig).toBeDefined();
    expect(fallback.Id).toBe(apiOriginId());
    expect(fallback.OriginCustomHeaders.map((h: { HeaderName: string }) => h.HeaderName)).toEqual([originVerifyHeader]);
    // Only GET and HEAD (an origin group's limit); the failover's path is /pages/..., which the API serves.
    expect(config.DefaultCacheBehavior.AllowedMethods ?? ["GET", "HEAD"]).toEqual(["GET", "HEAD"]);
    expect(routeKeys).toContain("GET /pages/{proxy+}");
    // That route is reached through the failover only: no behaviour sends /pages/ to the API, so a
    // page that exists is always the bucket's file.
    expect(behaviourFor("/pages/about.html")).toBeUndefined();
  });

  it("sets HSTS, a strict CSP, nosniff, frame denial and a Referrer-Policy on every behaviour but the media files' (their own, tests/infra/media.test.ts)", () => {
    const policies = resourcesOf(app.web, "AWS::CloudFront::ResponseHeadersPolicy");
    expect(Object.keys(policies)).toHaveLength(3);
    const policyId = (distribution().DefaultCacheBehavior.ResponseHeadersPolicyId as { Ref: string }).Ref;
    const h = policies[policyId!]!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

    expect(h.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(h.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.FrameOptions.FrameOption).toBe("DENY");
    expect(h.ReferrerPolicy.ReferrerPolicy).toBeTruthy();

    const csp = Object.fromEntries(
      (h.ContentSecurityPolicy.ContentSecurityPolicy as string).split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    // The one inline script allowed: the page's boot script, by its hash (web/src/boot.js).
    expect(csp["script-src"]).toEqual(["'self'", `'${bootScriptHash}'`]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);

    const all = [distribution().DefaultCacheBehavior, ...behaviours().filter((b) => b.PathPattern !== "/media/*" && b.PathPattern !== "/preview/*")];
    for (const b of all) expect(b.ResponseHeadersPolicyId, b.PathPattern ?? "default").toEqual({ Ref: policyId });
    // The preview page: the same headers, and noindex.
    const previewPolicy = policies[behaviourFor("/preview/x")!.ResponseHeadersPolicyId.Ref as string]!.Properties!.ResponseHeadersPolicyConfig;
    expect(previewPolicy.SecurityHeadersConfig).toEqual(policies[policyId!]!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig);
  });

  it("serves a preview link's page as the site's pages are served, the shell with the API as its stand-in, caching nothing and marked noindex; its data under /api/* is not cached either", () => {
    const page = behaviourFor("/preview/cG9zdA~0~1790000000~c2ln")!;
    expect(page.PathPattern).toBe("/preview/*");
    expect(page.CachePolicyId).toBe(CACHING_DISABLED);
    // The site's origin group (the web bucket, failing over to the API), rewritten to the shell.
    expect(page.TargetOriginId).toBe(distribution().DefaultCacheBehavior.TargetOriginId);
    expect(page.FunctionAssociations).toEqual(distribution().DefaultCacheBehavior.FunctionAssociations);
    const policies = resourcesOf(app.web, "AWS::CloudFront::ResponseHeadersPolicy");
    const custom = policies[page.ResponseHeadersPolicyId.Ref as string]!.Properties!.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items;
    expect(custom).toContainEqual({ Header: "X-Robots-Tag", Value: "noindex, nofollow", Override: true });

    const data = behaviourFor(pathOf("GET /api/preview/{token}"))!;
    expect(data.PathPattern).toBe("/api/*");
    expect(data.CachePolicyId).toBe(CACHING_DISABLED);
    expect(routes["GET /api/preview/{token}"]).toEqual({ feature: "blog", access: "public" });
  });
});

describe("the lead mails", () => {
  const leadMail = () => {
    const all = Object.entries(resourcesOf(app.api, "AWS::Lambda::Function")).filter(([, r]) => r.Properties?.Handler === "packages/functions/src/lead-mail/handler.handler");
    expect(all).toHaveLength(1);
    return { id: all[0]![0], props: all[0]![1].Properties! };
  };

  it("run from the table's stream of new images, only for leads written as pending, retried and split on failure", () => {
    const table = Object.values(resourcesOf(app.database, "AWS::DynamoDB::Table"))[0]!;
    expect(table.Properties!.StreamSpecification).toEqual({ StreamViewType: "NEW_IMAGE" });
    // The stream's consumers: this one, and the webhook sender (tests/infra/webhooks.test.ts), each
    // with its own filter (the render queue's is the renderer's, tests/infra/render.test.ts).
    const mappings = Object.values(resourcesOf(app.api, "AWS::Lambda::EventSourceMapping")).filter(
      (m) => m.Properties!.StartingPosition && m.Properties!.FunctionName?.Ref === leadMail().id,
    );
    expect(mappings).toHaveLength(1);
    const m = mappings[0]!.Properties!;
    expect(m.FunctionName).toEqual({ Ref: leadMail().id });
    expect(m).toMatchObject({ StartingPosition: "LATEST", BisectBatchOnFunctionError: true, MaximumRetryAttempts: 5 });
    const pattern = JSON.parse(m.FilterCriteria.Filters[0].Pattern);
    expect(pattern).toEqual({ eventName: ["INSERT", "MODIFY"], dynamodb: { NewImage: { mail_status: { S: ["pending"] } } } });
    // One attempt per invocation (retries wait in the lead-mail queue, tests/infra/lead-mail.test.ts).
    expect(leadMail().props.Timeout).toBe(LEAD_MAIL_TIMEOUT_SECONDS);
    // It signs the newsletter's confirmation and unsubscribe links (newsletter/links.ts).
    expect(Object.keys(leadMail().props.Environment.Variables)).toContain("SST_Secret_value_PREVIEW_LINK_SECRET");
  });

  it("are sent by that function alone: SES send on the account's identities, and no public or admin function may send", () => {
    const ses = (statements: { Action: string | string[]; Resource: unknown }[]) => statements.filter((s) => actionsOf([s]).some((a) => a.startsWith("ses:")));
    const own = ses(statementsOf(app.api, leadMail().id));
    expect(own).toHaveLength(1);
    expect(actionsOf(own).sort()).toEqual(["ses:SendEmail", "ses:SendRawEmail"]);
    expect(JSON.stringify(own[0]!.Resource)).toContain(":identity/*");
    for (const [feature, { id }] of Object.entries(featureFunctions(app.api))) {
      expect(ses(statementsOf(app.api, id)), feature).toEqual([]);
    }
  });
});

describe("the standard template checkers", () => {
  it("every stack keeps well under CloudFormation's 500 resources (the API stack grows with routes and functions)", () => {
    for (const [name, template] of Object.entries({ api: app.api, web: app.web, database: app.database, monitoring: app.monitoring })) {
      const count = Object.keys(template.toJSON().Resources as object).length;
      expect(count, name).toBeLessThan(450);
    }
  });

  it("every synthesised template passes cfn-lint", () => {
    expect(cfnLint(app.app)).toEqual([]);
  });

  it("the app passes cdk-nag's AwsSolutions rules with only reasoned suppressions, each listed in docs/operations.md", () => {
    const { findings, suppressed } = awsSolutions(app.app);
    expect(findings).toEqual([]);
    // Each suppression sits beside its resource in infra/ with its reason (infra/nag.ts).
    expect(suppressed.length).toBeGreaterThan(0);
    const declared = declaredSuppressions(app.app);
    for (const s of declared) expect(s.reason.trim().length, `${s.id} on ${s.path}`).toBeGreaterThanOrEqual(20);
    const operations = fs.readFileSync(path.join(import.meta.dirname, "../../docs/operations.md"), "utf8");
    for (const rule of new Set(suppressed.map((s) => s.rule))) expect(operations, rule).toContain(rule);
  });
});
