// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { features, routeKeys } from "@agency/core/routes";
import { devSiteUrl } from "../../infra/web";
import { featureFunctions, resourcesOf, synthesize, type Synthesized } from "./synth";

let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("dev-someone", { mode: "dev", env: { ADMIN_EMAILS: "dev@example.com" } });
}, 180_000);

describe("sst dev", () => {
  it("deploys live-debugging stubs for the feature functions, with the local Vite server as PUBLIC_URL", () => {
    const fns = Object.values(resourcesOf(app.api, "AWS::Lambda::Function")).filter((f) => String(f.Properties!.Description ?? "").endsWith("(live)"));
    // One stub per feature function, each named for its feature as infra/api.ts describes it.
    const described = fns.map((f) => String(f.Properties!.Description).split(":")[0]!).filter((name) => (features as readonly string[]).includes(name));
    expect(described.sort()).toEqual([...features].sort());
    for (const f of fns) {
      expect(f.Properties!.Handler).toBe("live-lambda.handler");
      expect(f.Properties!.Environment.Variables.SST_Parameter_value_PUBLIC_URL).toBe(devSiteUrl);
      expect(f.Properties!.Environment.Variables.TABLE_NAME).toBeTruthy();
      // No distribution in dev: nothing cached, nothing to invalidate (the helper only logs).
      expect(f.Properties!.Environment.Variables.DISTRIBUTION_ID).toBeUndefined();
      // Nor a media bucket: it is served by the distribution (infra/media.ts).
      expect(f.Properties!.Environment.Variables.MEDIA_BUCKET).toBeUndefined();
    }
    const statements = Object.values(resourcesOf(app.api, "AWS::IAM::Policy")).flatMap((p) => p.Properties!.PolicyDocument.Statement);
    expect(JSON.stringify(statements)).not.toContain("cloudfront:");
    // Feature functions are stubs here, so the handler-based lookup finds none.
    expect(featureFunctions(app.api)).toEqual({});
  });

  it("keeps the HTTP API and its routes but deploys no site (Vite serves it locally)", () => {
    expect(Object.keys(resourcesOf(app.web, "AWS::ApiGatewayV2::Api"))).toHaveLength(1);
    const routeKeysDeployed = Object.values(resourcesOf(app.api, "AWS::ApiGatewayV2::Route")).map((r) => r.Properties!.RouteKey as string);
    expect(routeKeysDeployed.sort()).toEqual([...routeKeys].sort());
    expect(resourcesOf(app.web, "AWS::CloudFront::Distribution")).toEqual({});
    expect(resourcesOf(app.web, "AWS::S3::Bucket")).toEqual({});
  });

  it("sets up no alarms, alarm topic or dashboard: the functions run on the developer's machine", () => {
    expect(resourcesOf(app.monitoring, "AWS::CloudWatch::Alarm")).toEqual({});
    expect(resourcesOf(app.monitoring, "AWS::SNS::Topic")).toEqual({});
    expect(resourcesOf(app.monitoring, "AWS::CloudWatch::Dashboard")).toEqual({});
  });
});
