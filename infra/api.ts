import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination, type CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaIntegration } from "aws-cdk-lib/aws-apigatewayv2-integrations";
import { AccessLogFormat } from "aws-cdk-lib/aws-apigateway";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { CustomResource, Duration } from "aws-cdk-lib";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import { SqsDlq, SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import { Rule, Schedule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import type { IDistribution } from "aws-cdk-lib/aws-cloudfront";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { Api as SstApi, Function, Script, use, type StackContext, type Table } from "sst/constructs";
import { Database } from "./database";
import { features, handlerPath, readOnlyFeatures, routeKeys, routes, tightlyThrottledRoutes, type Feature } from "@agency/core/routes";
import { mediaAccess, mediaDerivation, mediaFeatures, mediaPrefix, originalsPrefix, trashPrefix, uploadsPrefix } from "./media";
import { acceptNagFinding } from "./nag";
import { sharpLayer } from "./sharp";
import { blogScheduling } from "./schedule";
import { createConfig } from "./secrets";
import { Web } from "./web";
import { NOT_FOUND_KEY, PAGES_PREFIX, READS_KEY, TEMPLATE_KEY } from "@agency/core/public-pages";
import { RENDER_TIMEOUT_SECONDS } from "@agency/core/render-budget";

/** Every read a handler makes is a Get or a Query; nobody needs Scan. */
export const tableReadActions = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query"];
export const tableWriteActions = ["dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem"];

/** Throttling of the whole API per route (a ceiling on abuse and cost, not a per-visitor limit). */
export const defaultThrottle = { burstLimit: 200, rateLimit: 100 };
/** Public writes and sign-in: still far more than people filling in forms can send. */
export const writeThrottle = { burstLimit: 20, rateLimit: 10 };

/** `packages/functions/src/content/handler.ts` -> SST's `packages/functions/src/content/handler.handler`. */
export const sstHandler = (feature: Feature) => handlerPath(feature).replace(/\.ts$/, ".handler");

const pascal = (s: string) => s.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The admin features whose saves change what visitors read: they ask CloudFront to drop its cached
 * copies (packages/functions/src/invalidate.ts). Nobody else may invalidate.
 */
export const invalidatingFeatures: readonly Feature[] = ["admin-content", "admin-blog", "admin-settings", "admin-revisions", "admin-trash"];

/** CreateInvalidation on the site's distribution only. */
function invalidationAccess(distribution: IDistribution) {
  return new PolicyStatement({ actions: ["cloudfront:CreateInvalidation"], resources: [distribution.distributionArn] });
}

/** The API's access log: one JSON line per request (HTTP API's $context variables). */
export const apiAccessLogFields = {
  requestId: "$context.requestId",
  time: "$context.requestTime",
  ip: "$context.identity.sourceIp",
  method: "$context.httpMethod",
  routeKey: "$context.routeKey",
  path: "$context.path",
  status: "$context.status",
  responseLength: "$context.responseLength",
  latencyMs: "$context.responseLatency",
  integrationError: "$context.integrationErrorMessage",
};

function tableAccess(table: Table, mode: "read" | "read-write") {
  return new PolicyStatement({
    actions: mode === "read" ? tableReadActions : [...tableReadActions, ...tableWriteActions],
    resources: [table.tableArn, `${table.tableArn}/index/*`],
  });
}

/**
 * The HTTP API, built from packages/core/src/routes.ts: one Function per feature, shared by the routes of that
 * feature; each function holds only the table permissions, secrets and parameters it needs. The
 * gateway resource comes from the Web stack (see infra/web.ts for why); routes, stage and throttling
 * are here. A Script seeds default content and the bootstrap admin at every deploy.
 */
export function Api({ stack, app }: StackContext) {
  const { table } = use(Database);
  const { gateway, apiDomain, publicUrl, originVerifyTokens, site, webBucket, media } = use(Web);
  // `sst dev` deploys no site and so no distribution: nothing is cached, nothing to invalidate, no
  // pages to render.
  const distribution = site.cdk?.distribution;
  const config = createConfig(stack, { publicUrl });
  const renderQueues = distribution && webBucket ? createRenderQueues(stack) : undefined;
  // sharp, for the functions that read images (deployed stages only: `sst dev` has no media bucket).
  const sharp = media ? sharpLayer(stack) : undefined;

  const functions = Object.fromEntries(
    features.map((feature) => {
      const ownSecrets =
        feature === "auth" ? config.forAuth : feature === "blog" || feature === "admin-blog" || feature === "newsletter" || feature === "admin-team" ? config.forPreview : [];
      const invalidates = distribution && invalidatingFeatures.includes(feature) ? distribution : undefined;
      const renders = invalidates ? renderQueues?.queue : undefined;
      const readsNotFoundPage = webBucket && feature === notFoundPageFeature ? webBucket : undefined;
      // The media bucket (deployed stages only): its name and object permissions for admin-media alone.
      const mediaBucket = media && mediaFeatures.includes(feature) ? media : undefined;
      const fn = new Function(stack, pascal(feature), {
        handler: sstHandler(feature),
        description: `${feature}: ${routeKeys.filter((k) => routes[k].feature === feature).length} routes`,
        environment: {
          TABLE_NAME: table.tableName,
          ...(originVerifyTokens.length ? { ORIGIN_VERIFY_TOKEN: originVerifyTokens.join(",") } : {}),
          ...(invalidates ? { DISTRIBUTION_ID: invalidates.distributionId } : {}),
          ...(mediaBucket ? { MEDIA_BUCKET: mediaBucket.bucketName } : {}),
          ...(renders ? { RENDER_QUEUE_URL: renders.queueUrl } : {}),
          ...(readsNotFoundPage ? { WEB_BUCKET: readsNotFoundPage.bucketName } : {}),
        },
        bind: [...config.forAll, ...ownSecrets],
        prefetchSecrets: ownSecrets.length > 0,
        // Completing an upload decodes the whole image with sharp (a 12-megapixel photo: ~1 GB of
        // pixels at most, a few seconds), and writes its copy without metadata.
        // (admin-media alone: the Trash's restore and purge only copy and delete files.)
        ...(mediaBucket && sharp && feature === "admin-media" ? { layers: [sharp], memorySize: 1536, timeout: 30 } : {}),
        permissions: [
          tableAccess(table, readOnlyFeatures.includes(feature) ? "read" : "read-write"),
          ...(invalidates ? [invalidationAccess(invalidates)] : []),
          ...(mediaBucket ? [mediaAccess(mediaBucket)] : []),
          ...(renders ? [renderRequestAccess(renders)] : []),
          ...(readsNotFoundPage ? [notFoundPageAccess(readsNotFoundPage)] : []),
        ],
      });
      if (mediaBucket)
        acceptNagFinding(
          fn,
          "IAM5",
          "The media bucket's prefixes (infra/media.ts), each holding any number of files.",
          [uploadsPrefix, mediaPrefix, originalsPrefix, trashPrefix].map((p) => new RegExp(`/${p}\\*$`)),
        );
      return [feature, fn];
    }),
  ) as Record<Feature, Function>;

  const api = new SstApi(stack, "Api", { cdk: { httpApi: gateway } });
  // One integration and one invoke permission per function, not one of each per route as sst's Api
  // makes them: three resources a route took the stack to CloudFormation's 500 at about 120 routes;
  // now a route is one resource. The routes keep the ids sst gave them (a deployed stage updates them
  // in place). A function's permission covers the API; it answers only its own route keys (http.ts).
  const integrations = Object.fromEntries(
    features.map((feature) => [feature, new HttpLambdaIntegration(`Integration_${pascal(feature)}`, functions[feature], { scopePermissionToRoute: false })]),
  ) as Record<Feature, HttpLambdaIntegration>;
  for (const key of routeKeys) {
    const [method, path] = key.split(" ") as [keyof typeof HttpMethod, string];
    new HttpRoute(api, `Route_${method}_${path}`, { httpApi: gateway, routeKey: HttpRouteKey.with(path, HttpMethod[method]), integration: integrations[routes[key].feature] });
  }
  acceptNagFinding(api, "APIG4", "The handlers authorise: public routes are public, admin routes check the signed session cookie (packages/functions/src/http.ts).");

  const stage = new HttpStage(stack, "Stage", {
    httpApi: gateway,
    autoDeploy: true,
    throttle: defaultThrottle,
    // One line per request (CloudFront's edge address as sourceIp; the visitor's is in the function logs).
    accessLogSettings: {
      destination: new LogGroupLogDestination(new LogGroup(stack, "ApiAccessLogs", { retention: RetentionDays.ONE_MONTH })),
      format: AccessLogFormat.custom(JSON.stringify(apiAccessLogFields)),
    },
  });
  // An untyped CloudFormation map, hence CloudFormation's own property names.
  (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
    tightlyThrottledRoutes.map((key) => [key, { ThrottlingBurstLimit: writeThrottle.burstLimit, ThrottlingRateLimit: writeThrottle.rateLimit }]),
  );
  // Route settings name routes, which must exist before the stage is created or updated.
  stage.node.addDependency(api);

  // Deploy-time seeding and admin bootstrap: the same code as the local runtime's, idempotent, so it
  // simply runs on every deploy.
  const seedFunction = new Function(stack, "Seed", {
    handler: "packages/functions/src/deploy/seed-script.handler",
    description: "Seeds default content and the bootstrap admin at deploy",
    timeout: 300,
    enableLiveDev: false,
    environment: { TABLE_NAME: table.tableName },
    bind: [...config.forAll, ...config.forSeed],
    prefetchSecrets: true,
    permissions: [tableAccess(table, "read-write")],
  });
  const seed = new Script(stack, "SeedScript", { onCreate: seedFunction, onUpdate: seedFunction });
  // The script must run after SST has placed the secrets in the function's environment.
  const prefetcher = seedFunction.node.tryFindChild("SecretPrefetcher");
  if (prefetcher instanceof CustomResource) seed.node.findChild("ScriptResource").node.addDependency(prefetcher);

  acceptNagFinding(seed, "IAM5", "SST's Script invokes its one function (any version) at deploy.", [/^Resource::<.*\.Arn>:\*$/]);

  // The lead-mail function also sends the newsletter's mails, whose links it signs.
  const leadMail = leadMailSender(stack, table, [...config.forAll, ...config.forPreview]);
  const webhooks = webhookSender(stack, table, config.forAll);
  const scheduling = blogScheduling(stack, app, {
    table,
    adminBlog: functions["admin-blog"],
    bind: config.forAll,
    tableAccess: tableAccess(table, "read-write"),
    invalidation: distribution ? { distribution, access: invalidationAccess(distribution) } : undefined,
  });

  const render =
    renderQueues && distribution && webBucket ? pageRenderer(stack, { ...renderQueues, distribution, webBucket, apiUrl: `https://${apiDomain}`, bind: config.forAll }) : undefined;

  const derivation =
    media && sharp
      ? mediaDerivation(stack, app, {
          bucketName: media.bucketName,
          bucket: media,
          layer: sharp,
          environment: {
            TABLE_NAME: table.tableName,
            ...(distribution ? { DISTRIBUTION_ID: distribution.distributionId } : {}),
            ...(renderQueues ? { RENDER_QUEUE_URL: renderQueues.queue.queueUrl } : {}),
          },
          permissions: [
            tableAccess(table, "read-write"),
            ...(distribution ? [invalidationAccess(distribution)] : []),
            ...(renderQueues ? [renderRequestAccess(renderQueues.queue)] : []),
          ],
          bind: config.forAll,
        })
      : undefined;

  const tableUsers = [...Object.values(functions), seedFunction, leadMail.fn, webhooks.fn, scheduling.publisher, ...(derivation ? [derivation.fn] : [])];
  acceptNagFinding(tableUsers, "IAM5", "The table's own indexes (gsi1, gsi2), by the table's ARN.", [/\/index\/\*$/]);
  const withSecrets = [...Object.values(functions), seedFunction, leadMail.fn].filter((fn) => fn.node.tryFindChild("SecretPrefetcherPolicy"));
  acceptNagFinding(withSecrets, "IAM5", "SST prefetches the stage's secrets by their SSM path (/sst/<app>/<stage>/ and /.fallback/).", [
    /^Resource::arn:<AWS::Partition>:ssm:[^:]*:[^:]*:parameter\/sst\/[^/]+\/[^/]+\/\*$/,
  ]);

  stack.addOutputs({ ApiUrl: api.url, SiteUrl: publicUrl });

  return { api, functions, stage, leadMail, webhooks, scheduling, render, derivation };
}

/** The feature that answers CloudFront's failover for an address without a page (infra/web.ts). */
export const notFoundPageFeature: Feature = routes["GET /pages/{proxy+}"].feature;

/**
 * The rendered not-found page, and the template (the shell's stand-in until the first render), and
 * nothing else of the web bucket, for that feature to answer with.
 */
function notFoundPageAccess(bucket: IBucket) {
  return new PolicyStatement({ actions: ["s3:GetObject"], resources: [bucket.arnForObjects(NOT_FOUND_KEY), bucket.arnForObjects(TEMPLATE_KEY)] });
}

/** Sending render requests, to the render queue only: the invalidating admin functions and the deploy's script. */
function renderRequestAccess(queue: Queue) {
  return new PolicyStatement({ actions: ["sqs:SendMessage"], resources: [queue.queueArn] });
}

/**
 * How the render function is fed (packages/functions/src/render/handler.ts): a FIFO queue whose
 * messages share one group (RENDER_MESSAGE_GROUP), so SQS hands the function one batch at a time and
 * the next only once that one is done: two renders never race to write the same page, and nothing
 * is throttled or left waiting for a visibility timeout. Saves that arrive while a render runs wait
 * in the queue and come as the next batch (up to RENDER_BATCH_SIZE, FIFO's largest), rendered as one
 * (each page once). Each message has its own deduplication id: two saves of one post are two renders.
 * A batch that fails (a page did not render) is retried up to RENDER_MAX_RECEIVES times, holding the
 * group meanwhile (so later saves render after it, in order), then kept in the dead-letter queue for
 * 14 days and the group moves on.
 */
export const RENDER_BATCH_SIZE = 10;
export { RENDER_TIMEOUT_SECONDS };
export const RENDER_VISIBILITY_TIMEOUT_SECONDS = RENDER_TIMEOUT_SECONDS + 30;
export const RENDER_MAX_RECEIVES = 3;

function createRenderQueues(stack: StackContext["stack"]) {
  // A FIFO queue's dead-letter queue is FIFO too.
  const deadLetters = new Queue(stack, "RenderDeadLetters", {
    fifo: true,
    retentionPeriod: Duration.days(14),
    enforceSSL: true,
  });
  const queue = new Queue(stack, "RenderQueue", {
    fifo: true,
    visibilityTimeout: Duration.seconds(RENDER_VISIBILITY_TIMEOUT_SECONDS),
    retentionPeriod: Duration.days(1),
    enforceSSL: true,
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: RENDER_MAX_RECEIVES },
  });
  return { queue, deadLetters };
}

/**
 * The render function, what it may touch, and the full render of every deploy. It writes the web
 * bucket's `pages/` and nothing else of it (put, delete, and list under that prefix), reads
 * `index.html` (the deployed SPA shell, the pages' template, so their asset names match the
 * deployed files), and invalidates what it wrote on the site's distribution. It reads the public
 * API through API Gateway's own URL, not CloudFront's. The web app's server entry
 * (`@agency/web/entry-server`, web/dist-server) is bundled in: the site's build makes it, and SST
 * runs that build (the Web stack's StaticSite, created first) before it bundles the functions.
 */
function pageRenderer(
  stack: StackContext["stack"],
  opts: {
    queue: Queue;
    deadLetters: Queue;
    distribution: IDistribution;
    webBucket: IBucket;
    apiUrl: string;
    bind: ConstructorParameters<typeof Function>[2]["bind"];
  },
) {
  const { queue, deadLetters, distribution, webBucket } = opts;
  const fn = new Function(stack, "Render", {
    handler: "packages/functions/src/render/handler.handler",
    description: "Renders the public pages into the web bucket's pages/ from the render queue",
    timeout: RENDER_TIMEOUT_SECONDS,
    memorySize: 2048,
    enableLiveDev: false,
    // Its own queue too: a run renders a bounded number of pages and queues the rest (core/render-budget.ts).
    environment: { WEB_BUCKET: webBucket.bucketName, API_URL: opts.apiUrl, DISTRIBUTION_ID: distribution.distributionId, RENDER_QUEUE_URL: queue.queueUrl },
    bind: opts.bind,
    permissions: [...renderPermissions(webBucket, distribution), renderRequestAccess(queue)],
  });
  fn.addEventSource(new SqsEventSource(queue, { batchSize: RENDER_BATCH_SIZE }));

  // Every deploy renders every page once the new site's files are in the bucket: the Web stack (the
  // site's upload included) is complete before this stack is updated, and the script runs each deploy.
  const renderAll = new Function(stack, "RenderAll", {
    handler: "packages/functions/src/render/deploy.handler",
    description: "Asks the render function for every page at deploy",
    enableLiveDev: false,
    environment: { RENDER_QUEUE_URL: queue.queueUrl },
    permissions: [renderRequestAccess(queue)],
  });
  const script = new Script(stack, "RenderAllScript", { onCreate: renderAll, onUpdate: renderAll });
  acceptNagFinding(fn, "IAM5", "The web bucket's pages/ prefix, one file per public page.", [new RegExp(`/${PAGES_PREFIX}\\*$`)]);
  acceptNagFinding(script, "IAM5", "SST's Script invokes its one function (any version) at deploy.", [/^Resource::<.*\.Arn>:\*$/]);
  return { fn, queue, deadLetters, script };
}

/** Exactly what the render function may do besides reading its queue (which SQS's event source grants). */
export function renderPermissions(webBucket: IBucket, distribution: IDistribution) {
  return [
    new PolicyStatement({ actions: ["s3:PutObject", "s3:DeleteObject"], resources: [webBucket.arnForObjects(`${PAGES_PREFIX}*`)] }),
    new PolicyStatement({
      actions: ["s3:ListBucket"],
      resources: [webBucket.bucketArn],
      conditions: { StringLike: { "s3:prefix": [`${PAGES_PREFIX}*`] } },
    }),
    // The template, and the record of what each page read (which pages a write renders again).
    new PolicyStatement({ actions: ["s3:GetObject"], resources: [webBucket.arnForObjects(TEMPLATE_KEY), webBucket.arnForObjects(READS_KEY)] }),
    invalidationAccess(distribution),
  ];
}

/** How the table's stream feeds its consumers (lead mails, webhooks): a failing batch is retried, split in halves, for up to 6 hours. */
const streamConsumer = {
  startingPosition: StartingPosition.LATEST,
  batchSize: 10,
  retryAttempts: 5,
  bisectBatchOnError: true,
  maxRecordAge: Duration.hours(6),
};

/** What the lead-mail function may do besides the table: send mail through SES, and nothing else does. */
export const sesSendActions = ["ses:SendEmail", "ses:SendRawEmail"];

/**
 * A function's retry queue (its messages delayed by the backoff, at most 15 minutes each) and the
 * dead-letter queue that keeps what it could not handle: a message received `maxReceives` times
 * (only a crash or a DynamoDB error makes one come back: the work's own failures are recorded on
 * it and retried by new messages), and the stream batches it gave up (`onFailure`).
 */
function retryQueues(stack: StackContext["stack"], name: string, timeoutSeconds: number, maxReceives: number) {
  const deadLetters = new Queue(stack, `${name}DeadLetters`, { retentionPeriod: Duration.days(14), enforceSSL: true });
  const queue = new Queue(stack, `${name}Queue`, {
    visibilityTimeout: Duration.seconds(timeoutSeconds * 6),
    retentionPeriod: Duration.days(2),
    enforceSSL: true,
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: maxReceives },
  });
  return { queue, deadLetters };
}

/**
 * The lead mails: a function on the table's stream, invoked only for records written as pending
 * (a new contact message or registration, Resend, a newsletter subscriber's mail), which makes one
 * attempt at each mail through SES v2 (packages/core/src/leads). A failed attempt is recorded on
 * the record and its retry is a message on the lead-mail queue, delayed by the backoff (2, 8, 25 s:
 * leads/mail-attempt.ts), which invokes the same function; after the last attempt the lead is
 * failed (the metric, and Resend in the inbox). It alone holds the SES permission; the public
 * functions that store leads hold none and never wait on mail. MAIL_FROM (deploy-time) is the
 * sender, an identity verified in SES. A batch that throws (not a mail failure) is retried, then
 * kept in the dead-letter queue.
 */
export const LEAD_MAIL_TIMEOUT_SECONDS = 30;
export const LEAD_MAIL_MAX_RECEIVES = 5;

function leadMailSender(stack: StackContext["stack"], table: Table, bind: ConstructorParameters<typeof Function>[2]["bind"]) {
  const mailFrom = process.env.MAIL_FROM?.trim();
  const { queue, deadLetters } = retryQueues(stack, "LeadMail", LEAD_MAIL_TIMEOUT_SECONDS, LEAD_MAIL_MAX_RECEIVES);
  const fn = new Function(stack, "LeadMail", {
    handler: "packages/functions/src/lead-mail/handler.handler",
    description: "Mails each new lead from the table's stream, and its retries from the lead-mail queue (SES v2)",
    // One attempt per mail, a batch's mails together: SMTP gives up within 20 s (connection 5,
    // greeting 5, socket 10: leads/transport.ts), with room for the table's reads and writes.
    timeout: LEAD_MAIL_TIMEOUT_SECONDS,
    enableLiveDev: false,
    environment: { TABLE_NAME: table.tableName, LEAD_MAIL_QUEUE_URL: queue.queueUrl, ...(mailFrom ? { MAIL_FROM: mailFrom } : {}) },
    bind,
    prefetchSecrets: true,
    permissions: [
      tableAccess(table, "read-write"),
      new PolicyStatement({ actions: sesSendActions, resources: [`arn:aws:ses:${stack.region}:${stack.account}:identity/*`] }),
      new PolicyStatement({ actions: ["sqs:SendMessage"], resources: [queue.queueArn] }),
    ],
  });
  fn.addEventSource(new SqsEventSource(queue, { batchSize: 10 }));
  acceptNagFinding(fn, "IAM5", "Sends as MAIL_FROM, any identity verified in SES in this account and region (set at deploy).", [/:identity\/\*$/]);
  acceptNagFinding(fn, "IAM5", "dynamodb:ListStreams, which Lambda's stream event source needs, takes no resource.", ["Resource::*"]);
  table.addConsumers(stack, {
    leadMail: {
      function: fn,
      cdk: {
        eventSource: {
          ...streamConsumer,
          onFailure: new SqsDlq(deadLetters),
          filters: [
            FilterCriteria.filter({
              eventName: FilterRule.or("INSERT", "MODIFY"),
              dynamodb: { NewImage: { mail_status: { S: FilterRule.isEqual("pending") } } },
            }),
          ],
        },
      },
    },
  });
  return { fn, queue, deadLetters };
}

/**
 * Webhook deliveries (packages/core/src/webhooks): the retry queue, whose messages are delayed by
 * the backoff (at most 15 minutes each; a longer wait is sent on again), and its dead-letter queue,
 * which also takes the stream batches the function could not handle (retryQueues).
 */
export const WEBHOOK_TIMEOUT_SECONDS = 30;
export const WEBHOOK_MAX_RECEIVES = 5;
/** How often the sweep looks for stranded deliveries (webhooks.ts SWEEP_GRACE_MS: how late one must be). */
export const WEBHOOK_SWEEP_RATE_MINUTES = 5;

function webhookSender(stack: StackContext["stack"], table: Table, bind: ConstructorParameters<typeof Function>[2]["bind"]) {
  const { queue, deadLetters } = retryQueues(stack, "Webhook", WEBHOOK_TIMEOUT_SECONDS, WEBHOOK_MAX_RECEIVES);
  const fn = new Function(stack, "Webhooks", {
    handler: "packages/functions/src/webhooks/handler.handler",
    description: "Sends signed webhook deliveries: new ones from the table's stream, retries from the webhook queue",
    // A batch's deliveries are attempted together, each given at most 10 s.
    timeout: WEBHOOK_TIMEOUT_SECONDS,
    enableLiveDev: false,
    environment: { TABLE_NAME: table.tableName, WEBHOOK_QUEUE_URL: queue.queueUrl },
    bind,
    permissions: [tableAccess(table, "read-write"), new PolicyStatement({ actions: ["sqs:SendMessage"], resources: [queue.queueArn] })],
  });
  fn.addEventSource(new SqsEventSource(queue, { batchSize: 10 }));
  // A delivery whose trigger was lost (the function timed out after claiming it, or before queueing
  // its retry) would wait forever: the sweep queues it again.
  const sweep = new Rule(stack, "WebhookSweep", {
    description: "Queues webhook deliveries left waiting or sending by a lost trigger (a timed-out or failed invocation)",
    schedule: Schedule.rate(Duration.minutes(WEBHOOK_SWEEP_RATE_MINUTES)),
    targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
  });
  acceptNagFinding(fn, "IAM5", "dynamodb:ListStreams, which Lambda's stream event source needs, takes no resource.", ["Resource::*"]);
  table.addConsumers(stack, {
    webhooks: {
      function: fn,
      cdk: {
        eventSource: {
          ...streamConsumer,
          onFailure: new SqsDlq(deadLetters),
          filters: [
            FilterCriteria.filter({
              eventName: FilterRule.isEqual("INSERT"),
              dynamodb: { NewImage: { __edb_e__: { S: FilterRule.isEqual("webhookDelivery") }, status: { S: FilterRule.isEqual("pending") } } },
            }),
          ],
        },
      },
    },
  });
  return { fn, queue, deadLetters, sweep };
}
