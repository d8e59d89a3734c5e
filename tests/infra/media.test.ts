// @vitest-environment node
import { createRequire } from "node:module";
import { CachePolicy } from "aws-cdk-lib/aws-cloudfront";
import { beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DERIVE_MEMORY_MB, DERIVE_RETRY_ATTEMPTS, DERIVE_TIMEOUT_SECONDS, mediaCorsOrigins, mediaFeatures, withConnectSources } from "../../infra/media";
import { sharpLayerDir, sharpVersion } from "../../infra/sharp";
import { pagesRewriteCode } from "../../infra/web";
import { Match } from "aws-cdk-lib/assertions";
import { actionsOf, expectQueueAlarm, featureFunctions, matchesPathPattern, resourcesOf, statementsOf, synthesize, type Synthesized } from "./synth";

const CACHING_OPTIMIZED = CachePolicy.CACHING_OPTIMIZED.cachePolicyId;

let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test");
}, 180_000);

/** The media bucket: the Web stack's bucket that is not StaticSite's. */
const mediaBucket = () => {
  const all = Object.entries(resourcesOf(app.web, "AWS::S3::Bucket")).filter(([id]) => id.startsWith("Media"));
  expect(all).toHaveLength(1);
  const [id, bucket] = all[0]!;
  return { id, Properties: bucket.Properties!, DeletionPolicy: bucket.DeletionPolicy as string, UpdateReplacePolicy: bucket.UpdateReplacePolicy as string };
};
const bucketArn = () => ({ "Fn::GetAtt": [mediaBucket().id, "Arn"] });
const bucketPolicy = () => {
  const all = Object.values(resourcesOf(app.web, "AWS::S3::BucketPolicy")).filter((p) => p.Properties!.Bucket.Ref === mediaBucket().id);
  expect(all).toHaveLength(1);
  return all[0]!.Properties!.PolicyDocument.Statement as Array<Record<string, any>>;
};
const distributionId = () => {
  const ids = Object.keys(resourcesOf(app.web, "AWS::CloudFront::Distribution"));
  expect(ids).toHaveLength(1);
  return ids[0]!;
};
const distribution = () => resourcesOf(app.web, "AWS::CloudFront::Distribution")[distributionId()]!.Properties!.DistributionConfig;
const behaviours = () => distribution().CacheBehaviors as Array<Record<string, any>>;
/** The Api stack's import of the Web stack's output whose value matches. */
const importOf = (value: (v: any) => boolean) => {
  const name = Object.values(app.web.toJSON().Outputs as Record<string, any>).find((o) => o.Export && value(o.Value))?.Export.Name;
  expect(name).toBeTruthy();
  return { "Fn::ImportValue": name };
};
const objectsUnder = (arn: unknown, prefix: string) => ({ "Fn::Join": ["", [arn, `/${prefix}*`]] });
/** Every Lambda of the Api stack (feature functions, the seed script, the lead-mail sender), by id. */
const apiFunctions = () => resourcesOf(app.api, "AWS::Lambda::Function");
const adminMedia = () => featureFunctions(app.api)["admin-media"]!;
const mediaFunctionIds = () => mediaFeatures.map((f) => featureFunctions(app.api)[f]!.id);
/** The media-derive function of the Api stack, by its handler. */
const mediaDerive = () => {
  const found = Object.entries(apiFunctions()).filter(([, fn]) => fn.Properties!.Handler === "packages/functions/src/media-derive/handler.handler");
  expect(found).toHaveLength(1);
  return { id: found[0]![0], Properties: found[0]![1].Properties! };
};
const sharpLayerRef = () => {
  const ids = Object.keys(resourcesOf(app.api, "AWS::Lambda::LayerVersion"));
  expect(ids).toHaveLength(1);
  return { Ref: ids[0]! };
};

describe("the media bucket", () => {
  it("is private: every public access block on, ACLs off, S3-managed encryption, no versioning", () => {
    const b = mediaBucket().Properties!;
    expect(b.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(b.OwnershipControls).toEqual({ Rules: [{ ObjectOwnership: "BucketOwnerEnforced" }] });
    expect(b.BucketEncryption).toEqual({ ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }] });
    expect(b.VersioningConfiguration).toBeUndefined();
    expect(b.WebsiteConfiguration).toBeUndefined();
  });

  it("is named for the stage, account and region, so that the distribution can point at it without a reference", () => {
    expect(mediaBucket().Properties!.BucketName).toBe("test-agency-media-123456789012-us-east-1");
  });

  it("refuses every request that is not over TLS", () => {
    const deny = bucketPolicy().filter((s) => s.Effect === "Deny");
    expect(deny).toEqual([
      {
        Action: "s3:*",
        Condition: { Bool: { "aws:SecureTransport": "false" } },
        Effect: "Deny",
        Principal: { AWS: "*" },
        Resource: [bucketArn(), { "Fn::Join": ["", [bucketArn(), "/*"]] }],
      },
    ]);
  });

  it("accepts browser POSTs (the presigned uploads) from the site's CloudFront URL only, any header", () => {
    expect(mediaBucket().Properties!.CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedMethods: ["POST"],
          AllowedOrigins: [{ "Fn::Join": ["", ["https://", { "Fn::GetAtt": [distributionId(), "DomainName"] }]] }],
          AllowedHeaders: ["*"],
          MaxAge: 3600,
        },
      ],
    });
  });

  it("takes CORS origins from the site's address: the custom domain, plus the CloudFront URL outside production", () => {
    const cloudFrontUrl = "https://d111111abcdef8.cloudfront.net";
    const customDomainUrl = "https://example.com";
    expect(mediaCorsOrigins({ customDomainUrl: undefined, cloudFrontUrl, production: false })).toEqual([cloudFrontUrl]);
    expect(mediaCorsOrigins({ customDomainUrl: undefined, cloudFrontUrl, production: true })).toEqual([cloudFrontUrl]);
    expect(mediaCorsOrigins({ customDomainUrl, cloudFrontUrl, production: false })).toEqual([customDomainUrl, cloudFrontUrl]);
    expect(mediaCorsOrigins({ customDomainUrl, cloudFrontUrl, production: true })).toEqual([customDomainUrl]);
  });

  it("deletes abandoned uploads (uploads/) after a day and trashed images' files (trash/) after the Trash's 30 days and one, and nothing else", () => {
    expect(mediaBucket().Properties!.LifecycleConfiguration).toEqual({
      Rules: [
        { Id: "ExpireAbandonedUploads", Prefix: "uploads/", ExpirationInDays: 1, Status: "Enabled" },
        { Id: "ExpireTrash", Prefix: "trash/", ExpirationInDays: 31, Status: "Enabled" },
      ],
    });
  });

  it("goes away, emptied first, with a stage that is not production", () => {
    const b = mediaBucket();
    expect(b.DeletionPolicy).toBe("Delete");
    expect(b.UpdateReplacePolicy).toBe("Delete");
    const autoDelete = Object.values(resourcesOf(app.web, "Custom::S3AutoDeleteObjects")).filter((r) => r.Properties!.BucketName.Ref === b.id);
    expect(autoDelete).toHaveLength(1);
  });

  it("lets the site's distribution, and no one else, read media/* through Origin Access Control (and list there, so a missing image is a 404)", () => {
    const allows = bucketPolicy().filter((s) => s.Effect === "Allow");
    const cloudFront = allows.filter((s) => JSON.stringify(s.Principal).includes("cloudfront"));
    expect(cloudFront).toEqual([
      {
        Action: "s3:GetObject",
        Effect: "Allow",
        Principal: { Service: "cloudfront.amazonaws.com" },
        Resource: objectsUnder(bucketArn(), "media/"),
        Condition: {
          StringEquals: {
            "AWS:SourceArn": {
              "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":cloudfront::123456789012:distribution/", { Ref: distributionId() }]],
            },
          },
        },
      },
      {
        Action: "s3:ListBucket",
        Effect: "Allow",
        Principal: { Service: "cloudfront.amazonaws.com" },
        Resource: bucketArn(),
        Condition: {
          StringEquals: {
            "AWS:SourceArn": {
              "Fn::Join": ["", ["arn:", { Ref: "AWS::Partition" }, ":cloudfront::123456789012:distribution/", { Ref: distributionId() }]],
            },
          },
          StringLike: { "s3:prefix": ["media/*"] },
        },
      },
    ]);
    // The only other grant is CDK's emptying of the bucket on removal (not in production).
    for (const s of allows.filter((s) => !cloudFront.includes(s))) {
      expect(s.Principal.AWS["Fn::GetAtt"][0]).toMatch(/^CustomS3AutoDeleteObjectsCustomResourceProviderRole/);
    }
    expect(JSON.stringify(allows)).not.toContain('"AWS":"*"');
  });
});

describe("the /media/* behaviour", () => {
  const media = () => {
    const found = behaviours().filter((b) => b.PathPattern === "/media/*");
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const origin = () => (distribution().Origins as Array<Record<string, any>>).find((o) => o.Id === media().TargetOriginId)!;

  it("serves media from the bucket through Origin Access Control (SigV4 on every request), never an origin access identity", () => {
    const o = origin();
    expect(o.DomainName).toBe(`${mediaBucket().Properties!.BucketName}.s3.us-east-1.amazonaws.com`);
    expect(o.S3OriginConfig).toEqual({ OriginAccessIdentity: "" });
    const oacs = resourcesOf(app.web, "AWS::CloudFront::OriginAccessControl");
    const oacId = o.OriginAccessControlId["Fn::GetAtt"][0] as string;
    expect(o.OriginAccessControlId).toEqual({ "Fn::GetAtt": [oacId, "Id"] });
    expect(oacs[oacId]!.Properties!.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: "s3",
      SigningBehavior: "always",
      SigningProtocol: "sigv4",
    });
  });

  it("is GET and HEAD only, over HTTPS, compressed, cached long (CachingOptimized)", () => {
    const b = media();
    expect([...b.AllowedMethods].sort()).toEqual(["GET", "HEAD"]);
    expect([...b.CachedMethods].sort()).toEqual(["GET", "HEAD"]);
    expect(b.ViewerProtocolPolicy).toBe("redirect-to-https");
    expect(b.Compress).toBe(true);
    expect(b.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(b.OriginRequestPolicyId).toBeUndefined();
  });

  it("answers with a response headers policy of its own: nosniff and a CSP that sandboxes the file and loads nothing, with the site's HSTS, frame and referrer rules", () => {
    const policies = resourcesOf(app.web, "AWS::CloudFront::ResponseHeadersPolicy");
    const ref = media().ResponseHeadersPolicyId as { Ref: string };
    const h = policies[ref.Ref]!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(h.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: "default-src 'none'; sandbox", Override: true });
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
    expect(h.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(h.ReferrerPolicy).toEqual({ ReferrerPolicy: "strict-origin-when-cross-origin", Override: true });
    // No other behaviour answers with it: the site's pages keep the site's CSP.
    const others = [distribution().DefaultCacheBehavior, ...behaviours().filter((b) => b.PathPattern !== "/media/*")];
    for (const b of others) expect(b.ResponseHeadersPolicyId, b.PathPattern ?? "default").not.toEqual(ref);
  });

  it("is the behaviour of every media path, and of no API route", () => {
    const first = (path: string) => behaviours().find((b) => matchesPathPattern(b.PathPattern, path))?.PathPattern;
    expect(first("/media/2026/abc123.webp")).toBe("/media/*");
    expect(first("/api/admin/media")).toBe("/api/*");
    expect(first("/api/admin/media/abc123")).toBe("/api/*");
  });

  it("keeps a missing object a missing object: no viewer function, no distribution-wide error page, no SPA rewrite", () => {
    expect(media().FunctionAssociations).toBeUndefined();
    expect(distribution().CustomErrorResponses ?? []).toEqual([]);
    const handler = new Function(`${pagesRewriteCode}; return handler;`)() as (e: unknown) => { uri: string };
    expect(handler({ request: { uri: "/media/2026/missing" } }).uri).toBe("/media/2026/missing");
    expect(handler({ request: { uri: "/media/2026/missing.jpg" } }).uri).toBe("/media/2026/missing.jpg");
  });

  it("lets the SPA post the upload the SDK presigns: the bucket's endpoint is in the CSP's connect-src, and nothing else is added", async () => {
    const bucketName = mediaBucket().Properties!.BucketName as string;
    // The SDK as the handlers bundle it: packages/core's own dependencies, not whatever the root hoists.
    const fromCore = createRequire(new URL("../../packages/core/package.json", import.meta.url));
    const { S3Client } = fromCore("@aws-sdk/client-s3") as typeof import("@aws-sdk/client-s3");
    const { createPresignedPost } = fromCore("@aws-sdk/s3-presigned-post") as typeof import("@aws-sdk/s3-presigned-post");
    const s3 = new S3Client({ region: "us-east-1", credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "example" } });
    // s3-presigned-post pins its own copy of the S3 client's types; the objects are compatible.
    const post = await createPresignedPost(s3 as never, { Bucket: bucketName, Key: "uploads/abc123" });
    const policy = resourcesOf(app.web, "AWS::CloudFront::ResponseHeadersPolicy")[(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId as { Ref: string }).Ref];
    const csp = policy!.Properties!.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy as string;
    const directives = Object.fromEntries(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives["connect-src"]).toEqual(["'self'", new URL(post.url).origin]);
    expect(directives["form-action"]).toEqual(["'self'"]);
    expect(() => withConnectSources("default-src 'self'", ["https://x"])).toThrow(/connect-src/);
  });
});

describe("the media permissions", () => {
  const s3Statements = (id: string) => statementsOf(app.api, id).filter((s) => actionsOf([s]).some((a) => a.startsWith("s3:")));

  it("belong to admin-media and admin-trash (a deleted image's file): Put, Get and Delete on uploads/*, media/*, originals/* and trash/* of the bucket, and nothing else of S3", () => {
    expect(mediaFeatures).toEqual(["admin-media", "admin-trash"]);
    const arn = importOf((v) => v?.["Fn::GetAtt"]?.[0] === mediaBucket().id && v["Fn::GetAtt"][1] === "Arn");
    for (const id of mediaFunctionIds()) {
      const statements = s3Statements(id);
      expect(statements).toHaveLength(1);
      const [s] = statements;
      expect(s!.Effect).toBe("Allow");
      expect(actionsOf(statements).sort()).toEqual(["s3:DeleteObject", "s3:GetObject", "s3:PutObject"]);
      expect(s!.Resource).toEqual([objectsUnder(arn, "uploads/"), objectsUnder(arn, "media/"), objectsUnder(arn, "originals/"), objectsUnder(arn, "trash/")]);
      expect(JSON.stringify(s!.Resource)).not.toContain('"*"');
    }
  });

  it("give media-derive Get and Put on media/* and originals/* of the bucket, and nothing else of S3", () => {
    const arn = importOf((v) => v?.["Fn::GetAtt"]?.[0] === mediaBucket().id && v["Fn::GetAtt"][1] === "Arn");
    const statements = s3Statements(mediaDerive().id);
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements).sort()).toEqual(["s3:GetObject", "s3:PutObject"]);
    expect(statements[0]!.Resource).toEqual([objectsUnder(arn, "media/"), objectsUnder(arn, "originals/")]);
  });

  it("run media-derive once at every deploy (a script on create and on update), so images without sizes get them", () => {
    const scripts = Object.values(app.api.toJSON().Resources as Record<string, any>).filter((r) => r.Type === "Custom::SSTScript");
    const runs = scripts.filter((r) => JSON.stringify(r.Properties.UserCreateFunction ?? "").includes(mediaDerive().id));
    expect(runs).toHaveLength(1);
    expect(JSON.stringify(runs[0]!.Properties.UserUpdateFunction)).toContain(mediaDerive().id);
  });

  it("are held by no other function of the API: no S3 action (but the web bucket's, tests/infra/render.test.ts), no mention of the bucket", () => {
    // The renderer writes the web bucket's pages/; the blog reads its not-found page.
    const webBucketUsers = ["packages/functions/src/render/handler.handler", "packages/functions/src/blog/handler.handler"];
    const bucketExports = Object.values(app.web.toJSON().Outputs as Record<string, any>)
      .filter((o) => o.Export && JSON.stringify(o.Value).includes(`"${mediaBucket().id}"`))
      .map((o) => o.Export.Name as string);
    expect(bucketExports.length).toBeGreaterThan(0);
    for (const [id, fn] of Object.entries(apiFunctions())) {
      if (mediaFunctionIds().includes(id) || id === mediaDerive().id || !fn.Properties!.Role?.["Fn::GetAtt"]) continue;
      const statements = statementsOf(app.api, id);
      if (!webBucketUsers.includes(String(fn.Properties!.Handler))) expect(s3Statements(id), String(fn.Properties!.Handler)).toEqual([]);
      for (const name of bucketExports) expect(JSON.stringify(statements), String(fn.Properties!.Handler)).not.toContain(name);
    }
  });

  it("give admin-media, admin-trash and media-derive the bucket's name as MEDIA_BUCKET, and no other function", () => {
    for (const f of mediaFeatures) expect(featureFunctions(app.api)[f]!.props.Environment.Variables.MEDIA_BUCKET).toEqual(importOf((v) => v?.Ref === mediaBucket().id));
    expect(apiFunctions()[mediaDerive().id]!.Properties!.Environment.Variables.MEDIA_BUCKET).toEqual(importOf((v) => v?.Ref === mediaBucket().id));
    for (const [id, fn] of Object.entries(apiFunctions())) {
      if (mediaFunctionIds().includes(id) || id === mediaDerive().id) continue;
      expect(Object.keys(fn.Properties!.Environment?.Variables ?? {}), String(fn.Properties!.Handler)).not.toContain("MEDIA_BUCKET");
    }
  });
});

describe("the sizes of an uploaded image (sharp)", () => {
  it("come from a layer of sharp for linux-arm64 at the app's own sharp version, arm64 and Node 22 only", () => {
    const [layer] = Object.values(resourcesOf(app.api, "AWS::Lambda::LayerVersion"));
    expect(layer!.Properties!.CompatibleArchitectures).toEqual(["arm64"]);
    expect(layer!.Properties!.CompatibleRuntimes).toEqual(["nodejs22.x"]);
    expect(layer!.Properties!.Description).toBe(`sharp ${sharpVersion()} with libvips for linux-arm64 (image checks and sizes)`);
    // What the layer uploads: node_modules under nodejs/, where Lambda's NODE_PATH looks.
    for (const p of ["sharp/package.json", "@img/sharp-linux-arm64/package.json", "@img/sharp-libvips-linux-arm64/package.json"])
      expect(existsSync(join(sharpLayerDir, "nodejs", "node_modules", p)), p).toBe(true);
    expect(existsSync(join(sharpLayerDir, "nodejs", "node_modules", "@img", "sharp-linux-x64"))).toBe(false);
  });

  it("are checked by admin-media with the layer, 1.5 GB and 30 s, and made by media-derive with the layer, 2 GB and 60 s, both arm64", () => {
    expect(adminMedia().props.Layers).toEqual([sharpLayerRef()]);
    expect(adminMedia().props.MemorySize).toBe(1536);
    expect(adminMedia().props.Timeout).toBe(30);
    const derive = mediaDerive().Properties;
    expect(derive.Layers).toEqual([sharpLayerRef()]);
    expect(derive.MemorySize).toBe(DERIVE_MEMORY_MB);
    expect(derive.Timeout).toBe(DERIVE_TIMEOUT_SECONDS);
    expect(derive.Architectures).toEqual(["arm64"]);
    // No other function carries sharp.
    for (const [id, fn] of Object.entries(apiFunctions()))
      if (id !== mediaDerive().id && id !== adminMedia().id) expect(fn.Properties!.Layers, String(fn.Properties!.Handler)).toBeUndefined();
  });

  it("start when an original arrives under originals/ of the media bucket: S3 sends its events to EventBridge, a rule sends them to media-derive", () => {
    // CDK turns EventBridge on through its bucket-notifications resource, which names the bucket.
    const notifications = Object.values(resourcesOf(app.web, "Custom::S3BucketNotifications")).filter((n) => n.Properties!.BucketName?.Ref === mediaBucket().id);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]!.Properties!.NotificationConfiguration).toEqual({ EventBridgeConfiguration: {} });
    const rules = Object.values(resourcesOf(app.api, "AWS::Events::Rule")).filter((r) => r.Properties!.EventPattern?.source?.[0] === "aws.s3");
    expect(rules).toHaveLength(1);
    const rule = rules[0]!.Properties!;
    expect(rule.EventPattern).toEqual({
      source: ["aws.s3"],
      "detail-type": ["Object Created"],
      detail: { bucket: { name: [importOf((v) => v?.Ref === mediaBucket().id)] }, object: { key: [{ prefix: "originals/" }] } },
    });
    expect(rule.Targets).toHaveLength(1);
    expect(rule.Targets[0].Arn).toEqual({ "Fn::GetAtt": [mediaDerive().id, "Arn"] });
    expect(rule.Targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: DERIVE_RETRY_ATTEMPTS, MaximumEventAgeInSeconds: 7200 });
    expect(rule.Targets[0].DeadLetterConfig.Arn["Fn::GetAtt"][1]).toBe("Arn");
  });

  it("that failed every retry wait in a dead-letter queue for 14 days, with an alarm on the first", () => {
    const queues = Object.entries(resourcesOf(app.api, "AWS::SQS::Queue")).filter(([, q]) => String(q.Properties!.QueueName).endsWith("media-derive-dlq"));
    expect(queues).toHaveLength(1);
    expect(queues[0]![1].Properties!.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expectQueueAlarm(
      app.monitoring,
      { name: "test-agency-media-derive-dead-letters", comparison: "GreaterThanThreshold", threshold: 0, queueName: { "Fn::ImportValue": Match.anyValue() } },
      { AlarmActions: [Match.anyValue()] },
    );
    app.monitoring.hasResourceProperties("AWS::CloudWatch::Alarm", { AlarmName: "test-agency-lambda-errors-media-derive" });
  });
});
