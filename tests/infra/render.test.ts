// @vitest-environment node
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { invalidatingFeatures, notFoundPageFeature, RENDER_BATCH_SIZE, RENDER_TIMEOUT_SECONDS } from "../../infra/api";
import { features } from "@agency/core/routes";
import { PAGE_RENDER_MS_BOUND, PAGES_PER_RENDER_RUN, RENDER_PAGES_BUDGET_MS } from "@agency/core/render-budget";
import { actionsOf, featureFunctions, resourcesOf, STAND_IN_SERVER_ENTRY_MARKER, statementsOf, synthesize, type Synthesized } from "./synth";

let app: Synthesized;
beforeAll(async () => {
  app = await synthesize("test");
}, 180_000);

const functions = () => resourcesOf(app.api, "AWS::Lambda::Function");
const functionByHandler = (handler: string) => {
  const found = Object.entries(functions()).filter(([, r]) => r.Properties?.Handler === handler);
  expect(found, handler).toHaveLength(1);
  return { id: found[0]![0], props: found[0]![1].Properties! };
};
const render = () => functionByHandler("packages/functions/src/render/handler.handler");
const queues = () => resourcesOf(app.api, "AWS::SQS::Queue");
const queueId = (prefix: string) => {
  const ids = Object.keys(queues()).filter((id) => id.startsWith(prefix));
  expect(ids, prefix).toHaveLength(1);
  return ids[0]!;
};
/** The Web stack's export of the web bucket's name or ARN, as the Api stack imports it. */
const webBucketId = () => {
  const ids = Object.keys(resourcesOf(app.web, "AWS::S3::Bucket")).filter((id) => id.startsWith("WebBucket"));
  expect(ids).toHaveLength(1);
  return ids[0]!;
};
const exportOf = (pred: (v: any) => boolean) => {
  const out = Object.values(app.web.toJSON().Outputs as Record<string, any>).find((o) => o.Export && pred(o.Value));
  expect(out).toBeTruthy();
  return { "Fn::ImportValue": out.Export.Name };
};
const bucketArn = () => exportOf((v) => JSON.stringify(v) === JSON.stringify({ "Fn::GetAtt": [webBucketId(), "Arn"] }));
const bucketName = () => exportOf((v) => JSON.stringify(v) === JSON.stringify({ Ref: webBucketId() }));
const objects = (key: string) => ({ "Fn::Join": ["", [bucketArn(), `/${key}`]] });
const sortedActions = (s: { Action: string | string[] }) => (Array.isArray(s.Action) ? [...s.Action].sort() : [s.Action]);

describe("the render function", () => {
  it("renders from a FIFO render queue, one batch of up to 10 messages at a time, never throttled", () => {
    expect(RENDER_BATCH_SIZE).toBe(10);
    const { id, props } = render();
    // One group on a FIFO queue keeps renders one at a time; no reserved concurrency to throttle a batch into a wait.
    expect(props.ReservedConcurrentExecutions).toBeUndefined();
    expect(props.Timeout).toBe(RENDER_TIMEOUT_SECONDS);
    const mappings = Object.values(resourcesOf(app.api, "AWS::Lambda::EventSourceMapping")).filter((m) => m.Properties!.FunctionName.Ref === id);
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties!;
    expect(mapping.EventSourceArn).toEqual({ "Fn::GetAtt": [queueId("RenderQueue"), "Arn"] });
    expect(mapping.BatchSize).toBe(10);
    expect(mapping.MaximumBatchingWindowInSeconds).toBeUndefined();
    expect(mapping.ScalingConfig).toBeUndefined();
    expect(queues()[queueId("RenderQueue")]!.Properties!).toMatchObject({ FifoQueue: true });
    expect(queues()[queueId("RenderQueue")]!.Properties!.ContentBasedDeduplication).toBeUndefined();
  });

  it("retries a failed batch 3 times, then keeps it in a FIFO dead-letter queue; a message stays invisible while a render may still run", () => {
    const queue = queues()[queueId("RenderQueue")]!.Properties!;
    expect(queue.RedrivePolicy).toEqual({ deadLetterTargetArn: { "Fn::GetAtt": [queueId("RenderDeadLetters"), "Arn"] }, maxReceiveCount: 3 });
    expect(queue.VisibilityTimeout).toBeGreaterThanOrEqual(RENDER_TIMEOUT_SECONDS);
    expect(queues()[queueId("RenderDeadLetters")]!.Properties!).toMatchObject({ FifoQueue: true, MessageRetentionPeriod: 14 * 24 * 3600 });
  });

  it("may write, delete and list the web bucket's pages/ only, read its index.html and the pages' reads record, and invalidate the site's distribution", () => {
    const statements = statementsOf(app.api, render().id);
    const [distribution] = Object.keys(resourcesOf(app.web, "AWS::CloudFront::Distribution"));
    const s3 = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith("s3:")));
    expect(s3.map((s) => ({ Action: sortedActions(s), Resource: s.Resource, Condition: (s as any).Condition }))).toEqual([
      { Action: ["s3:DeleteObject", "s3:PutObject"], Resource: objects("pages/*"), Condition: undefined },
      { Action: ["s3:ListBucket"], Resource: bucketArn(), Condition: { StringLike: { "s3:prefix": ["pages/*"] } } },
      { Action: ["s3:GetObject"], Resource: [objects("index.html"), objects("pages/_reads.json")], Condition: undefined },
    ]);
    const cloudfront = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith("cloudfront:")));
    expect(cloudfront).toHaveLength(1);
    expect(actionsOf(cloudfront)).toEqual(["cloudfront:CreateInvalidation"]);
    expect(JSON.stringify(cloudfront[0]!.Resource)).toContain(distribution!);
    // Reading its queue (the event source's grant) and sending to it (the pages a run leaves for the
    // next: core/render-budget.ts), and nothing else: no table, no SES, no other bucket.
    const rest = statements.filter((s) => !s3.includes(s) && !cloudfront.includes(s));
    for (const a of actionsOf(rest))
      expect(a, a).toMatch(/^(sqs:(ReceiveMessage|ChangeMessageVisibility|GetQueueUrl|DeleteMessage|GetQueueAttributes|SendMessage)|ssm:GetParameters?(ByPath)?)$/);
    for (const s of rest.filter((s) => actionsOf([s]).some((a) => a.startsWith("sqs:")))) expect(s.Resource).toEqual({ "Fn::GetAtt": [queueId("RenderQueue"), "Arn"] });
  });

  it("fans a full render out: each run renders a bounded number of pages within its 30 s timeout, and queues the rest on its own queue", () => {
    expect(RENDER_TIMEOUT_SECONDS).toBeLessThanOrEqual(30);
    expect(render().props.Timeout).toBe(RENDER_TIMEOUT_SECONDS);
    // The chunk size from the bound of one page's time: a run's pages fit in its budget, and the budget leaves a third of the timeout.
    expect(PAGES_PER_RENDER_RUN).toBeGreaterThan(0);
    expect(PAGES_PER_RENDER_RUN * PAGE_RENDER_MS_BOUND).toBeLessThanOrEqual(RENDER_PAGES_BUDGET_MS);
    expect(RENDER_PAGES_BUDGET_MS).toBeLessThanOrEqual((RENDER_TIMEOUT_SECONDS * 1000 * 2) / 3);
    expect(render().props.Environment.Variables.RENDER_QUEUE_URL).toEqual({ Ref: queueId("RenderQueue") });
  });

  it("knows its bucket, API Gateway's own URL (not CloudFront's) and the distribution", () => {
    const env = render().props.Environment.Variables;
    expect(env.WEB_BUCKET).toEqual(bucketName());
    expect(JSON.stringify(env.API_URL)).toContain(".execute-api.");
    expect(env.DISTRIBUTION_ID).toBeDefined();
    expect(env.PUBLIC_URL ?? env.SST_Parameter_value_PUBLIC_URL).toBeDefined();
  });

  it("bundles the web app's server entry into its code", () => {
    const hash = String(render().props.Code.S3Key).replace(/\.zip$/, "");
    const dir = path.join(app.app.outdir, `asset.${hash}`);
    const code = fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".mjs"))
      .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    expect(code.some((c) => c.includes(STAND_IN_SERVER_ENTRY_MARKER))).toBe(true);
    expect(code.some((c) => c.includes("@agency/web/entry-server"))).toBe(false);
  });
});

describe("render requests", () => {
  const sendsRenders = (id: string) => statementsOf(app.api, id).filter((s) => actionsOf([s]).includes("sqs:SendMessage"));

  it("are sent by the admin functions that invalidate, to the render queue only, and by no other feature", () => {
    const fns = featureFunctions(app.api);
    for (const feature of features) {
      const statements = sendsRenders(fns[feature]!.id);
      const env = fns[feature]!.props.Environment.Variables;
      if (invalidatingFeatures.includes(feature)) {
        expect(
          statements.map((s) => [actionsOf([s]), s.Resource]),
          feature,
        ).toEqual([[["sqs:SendMessage"], { "Fn::GetAtt": [queueId("RenderQueue"), "Arn"] }]]);
        expect(env.RENDER_QUEUE_URL, feature).toEqual({ Ref: queueId("RenderQueue") });
      } else {
        expect(statements, feature).toEqual([]);
        expect(env.RENDER_QUEUE_URL, feature).toBeUndefined();
      }
    }
  });

  it("include a render of every page at each deploy, from a script that may only send to the queue", () => {
    const renderAll = functionByHandler("packages/functions/src/render/deploy.handler");
    expect(sendsRenders(renderAll.id)).toHaveLength(1);
    expect(actionsOf(statementsOf(app.api, renderAll.id)).filter((a) => !a.startsWith("ssm:"))).toEqual(["sqs:SendMessage"]);
    const scripts = Object.values(app.api.toJSON().Resources as Record<string, any>).filter((r) => r.Type === "Custom::SSTScript");
    const runs = scripts.filter((r) => JSON.stringify(r.Properties.UserCreateFunction ?? "").includes(renderAll.id));
    expect(runs).toHaveLength(1);
    expect(JSON.stringify(runs[0]!.Properties.UserUpdateFunction)).toContain(renderAll.id);
  });
});

describe("the not-found page", () => {
  it("is read by the feature that answers CloudFront's failover, which may read it and the template of the web bucket and nothing else", () => {
    const fns = featureFunctions(app.api);
    expect(notFoundPageFeature).toBe("blog");
    for (const feature of features) {
      const reads = statementsOf(app.api, fns[feature]!.id).filter((s) => JSON.stringify(s.Resource).includes(webBucketId()));
      const env = fns[feature]!.props.Environment.Variables;
      if (feature === notFoundPageFeature) {
        // The not-found page, and the build's index.html for the shell until the first render writes it.
        expect(reads.map((s) => [actionsOf([s]), s.Resource])).toEqual([[["s3:GetObject"], [objects("pages/404.html"), objects("index.html")]]]);
        expect(env.WEB_BUCKET).toEqual(bucketName());
      } else {
        expect(reads, feature).toEqual([]);
        expect(env.WEB_BUCKET, feature).toBeUndefined();
      }
    }
  });
});
