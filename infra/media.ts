import { Annotations, Duration, RemovalPolicy, type Stack } from "aws-cdk-lib";
import { Rule } from "aws-cdk-lib/aws-events";
import { LambdaFunction } from "aws-cdk-lib/aws-events-targets";
import type { ILayerVersion } from "aws-cdk-lib/aws-lambda";
import { Queue } from "aws-cdk-lib/aws-sqs";
import { AccessLevel, S3OriginAccessControl, Signing, type IDistribution, type IOrigin } from "aws-cdk-lib/aws-cloudfront";
import { S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { acceptNagFinding } from "./nag";
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from "aws-cdk-lib/aws-s3";
import { Function as SstFunction, Script, type App } from "sst/constructs";
import type { Feature } from "@agency/core/routes";
import { TRASH_DAYS } from "@agency/core/contract/trash";

/**
 * Media (images an admin uploads) in AWS: a private S3 bucket that visitors read only through the
 * site's own CloudFront distribution, at /media/*, so media is same-origin with the site.
 *
 * - An admin asks the admin-media function for a presigned POST and uploads straight to the bucket,
 *   under `uploads/{id}`; completing the upload copies the object to its public key
 *   `media/{yyyy}/{id}.{ext}`. An upload nobody completes expires after a day.
 * - CloudFront reads `media/*` through Origin Access Control; nothing else may read the bucket.
 *
 * The bucket lives in the Web stack, next to the distribution that serves it. Its CORS rule names the
 * distribution's URL and its policy the distribution's ARN, while the distribution needs the bucket as
 * an origin: in two stacks that is a cross-stack cycle, and even in one stack the CORS rule and the
 * origin would make the bucket and the distribution depend on each other. So the bucket has a name
 * fixed in advance ({@link mediaBucketName}), the origin is built from that name alone, and only the
 * bucket refers to the distribution.
 */

/** The CloudFront path pattern of media; keys under `media/` are served as `/media/...`. */
export const mediaPathPattern = "/media/*";
/** Where presigned uploads land until they are completed (or expire). */
export const uploadsPrefix = "uploads/";
/** Where completed uploads live, under immutable keys (`media/{yyyy}/{id}.{ext}`), and their derived sizes. */
export const mediaPrefix = "media/";
/** Where a deleted image's file waits in the Trash (packages/core/src/media/storage.ts trashKey); nothing serves it. */
export const trashPrefix = "trash/";
/** Where an upload's original file is kept, metadata and all, for deriving again; nothing serves it. */
export const originalsPrefix = "originals/";
/** An upload that is never completed is deleted by the bucket's lifecycle rule after this. */
export const abandonedUploadExpiryDays = 1;

/** The features that handle media: they alone get the bucket's name and any permission on it. */
export const mediaFeatures: readonly Feature[] = ["admin-media", "admin-trash"];
/**
 * What admin-media does, on `uploads/*` and `media/*` only: PutObject (the presigned POST is signed
 * with its role; CopyObject writes the final key), GetObject (reading the first bytes, HeadObject,
 * the source of CopyObject), DeleteObject. No ListBucket: a missing key answers 403, not 404.
 */
export const mediaObjectActions = ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"];

/**
 * `<stage>-agency-media-<account>-<region>`: bucket names are global, hence the account and region.
 * Fixed in advance so that the distribution's origin needs no reference to the bucket (see above).
 */
export function mediaBucketName(app: App, stack: Stack): string {
  // Stage names may have capitals; bucket names may not. (Only the name part: lowercasing the whole
  // string would corrupt an unresolved account or region token.)
  return `${app.logicalPrefixedName("media").toLowerCase()}-${stack.account}-${stack.region}`;
}

/** The origin a browser posts presigned uploads to (the SDK's virtual-hosted, regional endpoint). */
export const mediaUploadOrigin = (bucketName: string, region: string) => `https://${bucketName}.s3.${region}.amazonaws.com`;

/**
 * The bucket as a CloudFront origin, signed with Origin Access Control. It is built from the bucket's
 * name, not the bucket, so the bucket policy statement that CDK would add is added by
 * {@link allowDistribution} instead, scoped to `media/*`.
 */
export function mediaOrigin(stack: Stack, bucketName: string): IOrigin {
  const byName = Bucket.fromBucketAttributes(stack, "MediaOriginBucket", { bucketName, region: stack.region });
  const originAccessControl = new S3OriginAccessControl(stack, "MediaOriginAccess", {
    description: "CloudFront reads the media bucket",
    signing: Signing.SIGV4_ALWAYS,
  });
  Annotations.of(stack).acknowledgeWarning(
    "@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac",
    "The media bucket's policy is set on the bucket itself (infra/media.ts, allowDistribution)",
  );
  return S3BucketOrigin.withOriginAccessControl(byName, { originAccessControl, originAccessLevels: [AccessLevel.READ] });
}

/**
 * Where admins upload from, the origins the bucket's CORS rule allows: the site's address (the custom
 * domain, or the CloudFront URL when there is none), and outside production the CloudFront URL too.
 */
export function mediaCorsOrigins({ customDomainUrl, cloudFrontUrl, production }: { customDomainUrl: string | undefined; cloudFrontUrl: string; production: boolean }): string[] {
  if (!customDomainUrl) return [cloudFrontUrl];
  return production ? [customDomainUrl] : [customDomainUrl, cloudFrontUrl];
}

/**
 * The bucket: private, S3-managed encryption, TLS only, no versioning (keys are immutable and an
 * upload is copied, not overwritten). Browsers may POST to it from `corsOrigins` only. Retained when
 * a production stage is removed; other stages take their media with them.
 */
export function createMediaBucket(stack: Stack, { bucketName, production, corsOrigins }: { bucketName: string; production: boolean; corsOrigins: string[] }): Bucket {
  const bucket = new Bucket(stack, "Media", {
    bucketName,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: false,
    // The arrival of an original (originals/) is an EventBridge event, which starts its derivation
    // (mediaDerivation): the rule lives in the Api stack, so the bucket names no function.
    eventBridgeEnabled: true,
    cors: [
      {
        allowedMethods: [HttpMethods.POST],
        allowedOrigins: corsOrigins,
        allowedHeaders: ["*"],
        maxAge: 3600,
      },
    ],
    lifecycleRules: [
      { id: "ExpireAbandonedUploads", prefix: uploadsPrefix, expiration: Duration.days(abandonedUploadExpiryDays) },
      // A deleted image's file waits in the Trash as long as its record (DynamoDB's TTL), and a day more.
      { id: "ExpireTrash", prefix: trashPrefix, expiration: Duration.days(TRASH_DAYS + 1) },
    ],
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !production,
  });
  acceptNagFinding(bucket, "S1", "No access-log bucket: uploads are presigned by admin-media (logged), reads come through CloudFront.");
  return bucket;
}

/**
 * Origin Access Control's grant: this distribution, and no other, may read `media/*`, and may list
 * under `media/` so that a missing image (an upload never completed, a deleted one) is S3's 404, not
 * the 403 it answers a reader who may not list. CloudFront only asks for object paths under /media/,
 * so nothing is ever listed to a visitor.
 */
export function allowDistribution(bucket: Bucket, distribution: IDistribution) {
  const onlyThisDistribution = { StringEquals: { "AWS:SourceArn": distribution.distributionArn } };
  bucket.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal("cloudfront.amazonaws.com")],
      actions: ["s3:GetObject"],
      resources: [bucket.arnForObjects(`${mediaPrefix}*`)],
      conditions: onlyThisDistribution,
    }),
  );
  bucket.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal("cloudfront.amazonaws.com")],
      actions: ["s3:ListBucket"],
      resources: [bucket.bucketArn],
      conditions: { ...onlyThisDistribution, StringLike: { "s3:prefix": [`${mediaPrefix}*`] } },
    }),
  );
}

/** The media feature's own permission: {@link mediaObjectActions} on its three prefixes, nothing more. */
export function mediaAccess(bucket: IBucket) {
  return new PolicyStatement({
    actions: mediaObjectActions,
    resources: [uploadsPrefix, mediaPrefix, originalsPrefix, trashPrefix].map((p) => bucket.arnForObjects(`${p}*`)),
  });
}

/** How long one image's derivation may run: a 12-megapixel JPEG takes a few seconds at 2 GB. */
export const DERIVE_TIMEOUT_SECONDS = 60;
export const DERIVE_MEMORY_MB = 2048;
/** EventBridge's retries of a failed derivation before its event goes to the dead-letter queue. */
export const DERIVE_RETRY_ATTEMPTS = 2;

/**
 * The media-derive function (packages/functions/src/media-derive/handler.ts): the arrival of an
 * original under `originals/` (S3's "Object Created" event through EventBridge) makes the image's
 * sizes. sharp comes from the layer (infra/sharp.ts). It reads the original and writes `media/`
 * (an image stored before derivation existed is first copied to `originals/`), updates the media
 * record, and asks for the pages showing the image to be rendered again. A derivation that fails
 * every retry leaves its event in a dead-letter queue, which an alarm watches (infra/monitoring.ts).
 */
export function mediaDerivation(
  stack: Stack,
  app: App,
  {
    bucketName,
    bucket,
    layer,
    environment,
    permissions,
    bind,
  }: {
    bucketName: string;
    bucket: IBucket;
    layer: ILayerVersion;
    environment: Record<string, string>;
    permissions: PolicyStatement[];
    bind: ConstructorParameters<typeof SstFunction>[2]["bind"];
  },
) {
  const fn = new SstFunction(stack, "MediaDerive", {
    handler: "packages/functions/src/media-derive/handler.handler",
    description: "Makes the sizes of an uploaded image when its original arrives (EventBridge)",
    timeout: DERIVE_TIMEOUT_SECONDS,
    memorySize: DERIVE_MEMORY_MB,
    enableLiveDev: false,
    layers: [layer],
    environment: { ...environment, MEDIA_BUCKET: bucketName },
    bind,
    permissions: [
      ...permissions,
      new PolicyStatement({ actions: ["s3:GetObject", "s3:PutObject"], resources: [mediaPrefix, originalsPrefix].map((p) => bucket.arnForObjects(`${p}*`)) }),
    ],
  });
  const deadLetters = new Queue(stack, "MediaDeriveDeadLetters", {
    queueName: app.logicalPrefixedName("media-derive-dlq"),
    retentionPeriod: Duration.days(14),
    enforceSSL: true,
  });
  const rule = new Rule(stack, "MediaOriginalArrived", {
    description: "An uploaded image's original arrived: make its sizes",
    eventPattern: {
      source: ["aws.s3"],
      detailType: ["Object Created"],
      detail: { bucket: { name: [bucketName] }, object: { key: [{ prefix: originalsPrefix }] } },
    },
    targets: [new LambdaFunction(fn, { deadLetterQueue: deadLetters, retryAttempts: DERIVE_RETRY_ATTEMPTS, maxEventAge: Duration.hours(2) })],
  });
  acceptNagFinding(
    fn,
    "IAM5",
    "Reads originals/ and writes media/ of the media bucket, one file per image and size.",
    [mediaPrefix, originalsPrefix].map((p) => new RegExp(`/${p}\\*$`)),
  );
  acceptNagFinding(deadLetters, "SQS3", "It is the dead-letter queue itself, of the derivation rule's target (below).");
  // At every deploy the same function makes the sizes of images that have none (stored before
  // derivation existed, or whose event was lost): idempotent, as many as one invocation allows.
  const script = new Script(stack, "MediaDeriveScript", { onCreate: fn, onUpdate: fn });
  acceptNagFinding(script, "IAM5", "SST's Script invokes its one function (any version) at deploy.", [/^Resource::<.*\.Arn>:\*$/]);
  return { fn, deadLetters, rule, script };
}

/** `csp` with `sources` added to its connect-src (the SPA's fetches: here, the presigned POST). */
export function withConnectSources(csp: string, sources: string[]): string {
  const directives = csp.split(";").map((d) => d.trim());
  const i = directives.findIndex((d) => d.split(/\s+/)[0] === "connect-src");
  if (i < 0) throw new Error("The Content-Security-Policy has no connect-src to add the media upload origin to");
  directives[i] = [directives[i], ...sources].join(" ");
  return directives.join("; ");
}
