import { createHash } from "node:crypto";
import type { S3Client } from "@aws-sdk/client-s3";
import { config } from "../config";
import { MAX_UPLOAD_BYTES, type ImageType } from "../contract/media";

/**
 * The media bucket (MEDIA_BUCKET): uploads land at `uploads/{id}` through a presigned POST; once
 * checked they are copied to `media/{yyyy}/{id}.{ext}`, which CloudFront serves at `/media/...` (the
 * local gateway does the same from s3rver). Only this module talks to S3 (its client also serves the
 * rendered pages' store, packages/functions/src/render/s3-store.ts), and it loads the S3
 * client on the first call that needs it: a cold admin-media function listing the library (a
 * DynamoDB query) never loads it.
 */

/** How long a signed upload form is valid. */
export const UPLOAD_EXPIRES_SECONDS = 300;
/** Media keys never change content (a new upload is a new id), so they are cached for good. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

let cached: { key: string; client: S3Client } | undefined;

/**
 * The S3 client for the configured endpoint, with the SDK's commands: AWS itself, or (S3_ENDPOINT)
 * an S3-compatible server such as the local runtime's s3rver, addressed path-style with its keys
 * (config.s3Credentials). Re-created when the endpoint or keys change (tests point one process at several servers).
 */
export async function s3() {
  const sdk = await import("@aws-sdk/client-s3");
  const { S3Client } = sdk;
  const endpoint = config.s3Endpoint;
  const credentials = config.s3Credentials;
  const key = `${endpoint ?? "aws"}|${config.region}|${endpoint ? `${credentials.accessKeyId}|${credentials.secretAccessKey}` : ""}`;
  if (!cached || cached.key !== key) {
    const client = new S3Client({
      region: config.region,
      ...(endpoint
        ? {
            endpoint,
            forcePathStyle: true,
            credentials,
            // s3rver predates the SDK's default integrity checksums.
            requestChecksumCalculation: "WHEN_REQUIRED",
            responseChecksumValidation: "WHEN_REQUIRED",
          }
        : {}),
    });
    cached = { key, client };
  }
  return { sdk, client: cached.client };
}

const bucket = () => config.mediaBucket;
/**
 * No such object: HeadObject answers a bare 404 ("NotFound"), GetObject "NoSuchKey" (not NoSuchBucket).
 * In AWS the function may not list the bucket (infra/media.ts grants no ListBucket), and S3 then
 * answers a missing key with 403 instead ("Forbidden" without a body from HeadObject, "AccessDenied"
 * from GetObject); it may read every key it asks for, so there a 403 means the same.
 */
export const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return ["NotFound", "NoSuchKey", "Forbidden", "AccessDenied"].includes(e?.name ?? "") || e?.$metadata?.httpStatusCode === 403;
};

export const stagingKey = (id: string) => `uploads/${id}`;
/** Where a deleted image's file waits in the Trash: nothing serves this prefix (infra/media.ts expires it). */
export const trashKey = (id: string) => `trash/${id}`;
/** Where the export an import kept of what it replaced waits (its Trash item's id): expired with the Trash's files. */
export const keptExportKey = (id: string) => `trash/site-exports/${id}.json`;

/**
 * A browser form that can put one file of `contentType`, 1 byte to MAX_UPLOAD_BYTES, at exactly
 * `key`, for UPLOAD_EXPIRES_SECONDS. S3 enforces the policy; the server checks the result anyway
 * (completeUpload), since a fake S3 may not.
 */
export async function signUpload(key: string, contentType: ImageType) {
  // The presigned-post package pins its own copy of the S3 client; both are the same client.
  const [{ createPresignedPost }, { client }] = await Promise.all([import("@aws-sdk/s3-presigned-post"), s3()]);
  return createPresignedPost(client as unknown as Parameters<typeof createPresignedPost>[0], {
    Bucket: bucket(),
    Key: key,
    Expires: UPLOAD_EXPIRES_SECONDS,
    Fields: { "Content-Type": contentType },
    Conditions: [["content-length-range", 1, MAX_UPLOAD_BYTES], ["eq", "$Content-Type", contentType], { key }],
  });
}

/** The stored size of an object, or undefined when there is none. */
export async function objectSize(key: string): Promise<number | undefined> {
  const { client, sdk } = await s3();
  try {
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

/** The first `n` bytes of an object (fewer when it is shorter). */
export async function firstBytes(key: string, n: number): Promise<Uint8Array> {
  const { client, sdk } = await s3();
  const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${n - 1}` }));
  const bytes = (await res.Body?.transformToByteArray()) ?? new Uint8Array();
  return bytes.subarray(0, n);
}

/** An object's bytes (at most MAX_UPLOAD_BYTES are ever read: completing checks the size first). */
export async function readBytes(key: string): Promise<Uint8Array> {
  const { client, sdk } = await s3();
  const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
  return (await res.Body?.transformToByteArray()) ?? new Uint8Array();
}

export const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * The private copy of an image's original file, as uploaded (metadata and all): `originals/...`,
 * which nothing serves (CloudFront reads `media/*` only, the local gateway serves media records).
 */
export const originalKey = (id: string, extension: string) => `originals/${id}.${extension}`;

/** Copies an object to a private key (an upload's original, kept for deriving again). */
export async function copyPrivate(from: string, to: string, contentType: ImageType): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(new sdk.CopyObjectCommand({ Bucket: bucket(), Key: to, CopySource: `${bucket()}/${from}`, MetadataDirective: "REPLACE", ContentType: contentType }));
}

/** Copies a file to a served key, with its type and a cache for good (a trashed image put back). */
export async function publish(from: string, to: string, contentType: ImageType): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(
    new sdk.CopyObjectCommand({
      Bucket: bucket(),
      Key: to,
      CopySource: `${bucket()}/${from}`,
      MetadataDirective: "REPLACE",
      ContentType: contentType,
      CacheControl: MEDIA_CACHE_CONTROL,
    }),
  );
}

/** Writes a served file (an image stripped of its metadata, or one derived from it) with its type and a cache for good. */
export async function putServed(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }));
}

/** Deletes an object; nothing happens when it does not exist. */
export async function deleteObject(key: string): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Writes a file where it is served, with its type and a cache for good (an import's media files). */
export async function writeObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { client, sdk } = await s3();
  await client.send(new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, CacheControl: MEDIA_CACHE_CONTROL }));
}

/**
 * An object as served (the local gateway's `/media/...`): its type, size and body, or undefined
 * when there is none.
 */
export async function readObject(key: string) {
  const { client, sdk } = await s3();
  try {
    const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
    return { contentType: res.ContentType, contentLength: res.ContentLength, body: res.Body };
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}
