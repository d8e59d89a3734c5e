// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { features } from "@agency/core/routes";
import { noAlarmEmailNotice } from "../../infra/monitoring";
import { featureFunctions, resourcesOf, synthesize, type Synthesized } from "./synth";
import { awsSolutions, cfnLint } from "./checks";

/**
 * A production stage, deployed without ADMIN_EMAILS (the bootstrap admin is the only way in) or
 * ALARM_EMAIL, and with RECORDS_SINCE (its table holds records from 2024).
 */
let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("prod", { env: { ADMIN_USERNAME: "owner", RECORDS_SINCE: "2024" } });
}, 600_000);

describe("a production stage", () => {
  it("retains the table, protects it from deletion and keeps point-in-time recovery on (docs/restore.md)", () => {
    const tables = Object.values(resourcesOf(app.database, "AWS::DynamoDB::Table"));
    expect(tables).toHaveLength(1);
    expect(tables[0]!.Properties!.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(tables[0]!.DeletionPolicy).toBe("Retain");
    expect(tables[0]!.UpdateReplacePolicy).toBe("Retain");
    expect(tables[0]!.Properties!.DeletionProtectionEnabled).toBe(true);
  });

  it("retains the media bucket and its objects: nothing empties it on removal", () => {
    const buckets = Object.entries(resourcesOf(app.web, "AWS::S3::Bucket")).filter(([id]) => id.startsWith("Media"));
    expect(buckets).toHaveLength(1);
    const [id, bucket] = buckets[0]!;
    expect(bucket.Properties!.BucketName).toBe("prod-agency-media-123456789012-us-east-1");
    expect(bucket.DeletionPolicy).toBe("Retain");
    expect(bucket.UpdateReplacePolicy).toBe("Retain");
    expect(JSON.stringify(bucket.Properties!.Tags ?? [])).not.toContain("aws-cdk:auto-delete-objects");
    const autoDelete = Object.values(resourcesOf(app.web, "Custom::S3AutoDeleteObjects")).filter((r) => r.Properties!.BucketName.Ref === id);
    expect(autoDelete).toEqual([]);
  });
});

describe("a stage without ADMIN_EMAILS", () => {
  it("deploys no Google sign-in, so its secrets are neither bound nor required; sign-in still holds the device-cookie key", () => {
    for (const [feature, { props }] of Object.entries(featureFunctions(app.api))) {
      const names = Object.keys(props.Environment.Variables);
      expect(
        names.filter((n) => n.startsWith("SST_Secret_value_")),
        feature,
      ).toEqual(
        // The newsletter signs its confirmation and unsubscribe links with a key derived from it.
        feature === "auth"
          ? ["SST_Secret_value_DEVICE_COOKIE_SECRET"]
          : ["blog", "admin-blog", "newsletter", "admin-team"].includes(feature)
            ? ["SST_Secret_value_PREVIEW_LINK_SECRET"]
            : [],
      );
      expect(names).not.toContain("SST_Parameter_value_ADMIN_EMAILS");
    }
    const auth = featureFunctions(app.api).auth!;
    const prefetched = Object.values(resourcesOf(app.api, "Custom::SecretPrefetcher")).map((r) => r.Properties!.functionName.Ref);
    expect(prefetched).toContain(auth.id);
  });

  it("still bootstraps the admin with the configured username and the ADMIN_PASSWORD secret", () => {
    const seed = Object.values(resourcesOf(app.api, "AWS::Lambda::Function")).find((f) => f.Properties!.Handler === "packages/functions/src/deploy/seed-script.handler")!;
    expect(seed.Properties!.Environment.Variables.SST_Parameter_value_ADMIN_USERNAME).toBe("owner");
    expect(seed.Properties!.Environment.Variables.SST_Secret_value_ADMIN_PASSWORD).toBe("__FETCH_FROM_SSM__");
  });
});

describe("a stage with RECORDS_SINCE", () => {
  it("gives it to every function that reads the table, as a parameter the config module reads", () => {
    const readers = Object.values(resourcesOf(app.api, "AWS::Lambda::Function")).filter((f) => f.Properties!.Environment?.Variables?.TABLE_NAME);
    expect(readers.length).toBeGreaterThanOrEqual(features.length + 3); // the features, the seed, the lead-mail sender, the scheduled publisher
    for (const f of readers) expect(f.Properties!.Environment.Variables.SST_Parameter_value_RECORDS_SINCE, f.Properties!.Handler).toBe("2024");
  });
});

describe("a stage without ALARM_EMAIL", () => {
  it("still has every alarm, on a topic nobody is subscribed to, and says so in its outputs", () => {
    expect(Object.keys(resourcesOf(app.monitoring, "AWS::CloudWatch::Alarm"))).toHaveLength(11 + 2 * (features.length + 5)); // API 5xx, table throttles, lead mails, audit writes, scheduled-publish dead letters, render failures, render dead letters, media-derive dead letters, webhook dead letters, lead-mail dead letters and web ACL blocks; errors and throttles of each function, the lead-mail sender, the scheduled publisher, the renderer, media-derive and the webhook sender
    const topics = Object.values(resourcesOf(app.monitoring, "AWS::SNS::Topic"));
    expect(topics.map((t) => t.Properties!.TopicName)).toEqual(["prod-agency-alarms"]);
    expect(resourcesOf(app.monitoring, "AWS::SNS::Subscription")).toEqual({});
    expect(app.monitoring.toJSON().Outputs.AlarmEmail.Value).toBe(noAlarmEmailNotice);
  });
});

describe("a production stage's templates (the standard template checkers)", () => {
  it("every synthesised template passes cfn-lint", () => {
    expect(cfnLint(app.app)).toEqual([]);
  });

  it("the app passes cdk-nag's AwsSolutions rules, each finding suppressed with its reason", () => {
    const { findings, suppressed } = awsSolutions(app.app);
    expect(findings).toEqual([]);
    for (const s of suppressed) expect(s.reason.trim().length, `${s.rule} on ${s.path}`).toBeGreaterThanOrEqual(20);
  });
});
