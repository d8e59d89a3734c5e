import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { HttpStage, type CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import { CustomResource, Duration } from "aws-cdk-lib";
import { FilterCriteria, FilterRule, StartingPosition } from "aws-cdk-lib/aws-lambda";
import type { IDistribution } from "aws-cdk-lib/aws-cloudfront";
import { Api as SstApi, Function, Script, use, type StackContext, type Table } from "sst/constructs";
import { Database } from "./database";
import { features, handlerPath, readOnlyFeatures, routeKeys, routes, type Feature, type RouteKey } from "@agency/core/routes";
import { mediaAccess, mediaFeatures } from "./media";
import { blogScheduling } from "./schedule";
import { createConfig } from "./secrets";
import { Web } from "./web";

/** Every read a handler makes is a Get or a Query; nobody needs Scan. */
export const tableReadActions = ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query"];
export const tableWriteActions = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
];

/** Throttling of the whole API per route (a ceiling on abuse and cost, not a per-visitor limit). */
export const defaultThrottle = { burstLimit: 200, rateLimit: 100 };
/** Public writes and sign-in: still far more than people filling in forms can send. */
export const writeThrottle = { burstLimit: 20, rateLimit: 10 };

/** Public routes that change state or sign someone in get the tighter throttle. */
export const tightlyThrottledRoutes = routeKeys.filter(
  (key) => routes[key].access === "public" && !key.startsWith("GET "),
);

/** `packages/functions/src/content/handler.ts` -> SST's `packages/functions/src/content/handler.handler`. */
export const sstHandler = (feature: Feature) => handlerPath(feature).replace(/\.ts$/, ".handler");

const pascal = (s: string) => s.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/**
 * The admin features whose saves change what visitors read: they ask CloudFront to drop its cached
 * copies (packages/functions/src/invalidate.ts). Nobody else may invalidate.
 */
export const invalidatingFeatures: readonly Feature[] = ["admin-content", "admin-blog", "admin-settings", "admin-revisions"];

/** CreateInvalidation on the site's distribution only. */
function invalidationAccess(distribution: IDistribution) {
  return new PolicyStatement({ actions: ["cloudfront:CreateInvalidation"], resources: [distribution.distributionArn] });
}

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
  const { gateway, publicUrl, originVerifyToken, site, media } = use(Web);
  // `sst dev` deploys no site and so no distribution: nothing is cached, nothing to invalidate.
  const distribution = site.cdk?.distribution;
  const config = createConfig(stack, { publicUrl });

  const functions = Object.fromEntries(
    features.map((feature) => {
      const ownSecrets = feature === "auth" ? config.forAuth : feature === "blog" || feature === "admin-blog" ? config.forPreview : [];
      const invalidates = distribution && invalidatingFeatures.includes(feature) ? distribution : undefined;
      // The media bucket (deployed stages only): its name and object permissions for admin-media alone.
      const mediaBucket = media && mediaFeatures.includes(feature) ? media : undefined;
      const fn = new Function(stack, pascal(feature), {
        handler: sstHandler(feature),
        description: `${feature}: ${routeKeys.filter((k) => routes[k].feature === feature).length} routes`,
        environment: {
          TABLE_NAME: table.tableName,
          ORIGIN_VERIFY_TOKEN: originVerifyToken,
          ...(invalidates ? { DISTRIBUTION_ID: invalidates.distributionId } : {}),
          ...(mediaBucket ? { MEDIA_BUCKET: mediaBucket.bucketName } : {}),
        },
        bind: [...config.forAll, ...ownSecrets],
        prefetchSecrets: ownSecrets.length > 0,
        permissions: [
          tableAccess(table, readOnlyFeatures.includes(feature) ? "read" : "read-write"),
          ...(invalidates ? [invalidationAccess(invalidates)] : []),
          ...(mediaBucket ? [mediaAccess(mediaBucket)] : []),
        ],
      });
      return [feature, fn];
    }),
  ) as Record<Feature, Function>;

  const api = new SstApi(stack, "Api", {
    cdk: { httpApi: gateway },
    routes: Object.fromEntries(routeKeys.map((key) => [key, functions[routes[key].feature]])) as Record<RouteKey, Function>,
  });

  const stage = new HttpStage(stack, "Stage", {
    httpApi: gateway,
    autoDeploy: true,
    throttle: defaultThrottle,
  });
  // An untyped CloudFormation map, hence CloudFormation's own property names.
  (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
    tightlyThrottledRoutes.map((key) => [
      key,
      { ThrottlingBurstLimit: writeThrottle.burstLimit, ThrottlingRateLimit: writeThrottle.rateLimit },
    ]),
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

  const leadMail = leadMailSender(stack, table, config.forAll);
  const scheduling = blogScheduling(stack, app, {
    table,
    adminBlog: functions["admin-blog"],
    bind: config.forAll,
    tableAccess: tableAccess(table, "read-write"),
    invalidation: distribution ? { distribution, access: invalidationAccess(distribution) } : undefined,
  });

  stack.addOutputs({ ApiUrl: api.url, SiteUrl: publicUrl });

  return { api, functions, stage, leadMail, scheduling };
}

/** What the lead-mail function may do besides the table: send mail through SES, and nothing else does. */
export const sesSendActions = ["ses:SendEmail", "ses:SendRawEmail"];

/**
 * The lead mails: a function on the table's stream, invoked only for leads written as pending (a
 * new contact message or registration, or Resend), which mails each one through SES v2
 * (packages/core/src/leads). It alone holds the SES permission; the public functions that store
 * leads hold none and never wait on mail. MAIL_FROM (deploy-time) is the sender, an identity
 * verified in SES. A batch that throws (not a mail failure: those are recorded on the lead) is
 * retried, split in halves, then dropped after its retries (the lead stays pending, and Resend
 * is there once an admin sees it).
 */
function leadMailSender(stack: StackContext["stack"], table: Table, bind: ConstructorParameters<typeof Function>[2]["bind"]) {
  const mailFrom = process.env.MAIL_FROM?.trim();
  const fn = new Function(stack, "LeadMail", {
    handler: "packages/functions/src/lead-mail/handler.handler",
    description: "Mails each new lead from the table's stream (SES v2)",
    // Four attempts with waits of 2, 8 and 25 s between them (leads/lead-mail.ts), with room to spare.
    timeout: 90,
    enableLiveDev: false,
    environment: { TABLE_NAME: table.tableName, ...(mailFrom ? { MAIL_FROM: mailFrom } : {}) },
    bind,
    permissions: [
      tableAccess(table, "read-write"),
      new PolicyStatement({ actions: sesSendActions, resources: [`arn:aws:ses:${stack.region}:${stack.account}:identity/*`] }),
    ],
  });
  table.addConsumers(stack, {
    leadMail: {
      function: fn,
      cdk: {
        eventSource: {
          startingPosition: StartingPosition.LATEST,
          batchSize: 10,
          retryAttempts: 5,
          bisectBatchOnError: true,
          maxRecordAge: Duration.hours(6),
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
  return fn;
}
