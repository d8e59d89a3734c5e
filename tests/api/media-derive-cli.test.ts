import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DeleteObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CompletedUpload } from "../../packages/core/src/contract/media";
import { db } from "../../packages/core/src/db/service";
import { Visitor } from "../support/auth-flow";
import { photo } from "../support/photo";
import { settled, uploadJpeg } from "../support/upload";
import { repoRoot, startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * `npm run admin -- media-derive` on a runtime's database and bucket: an image stored before sizes
 * existed (no sizes, no private original) gets them, and a second run changes nothing.
 */
const TABLE = "media-derive-cli";
let runtime: RunningRuntime;
let admin: Visitor;

beforeAll(async () => {
  runtime = await startRuntime({ env: { DYNAMODB_ENDPOINT: inject("dynamoEndpoint"), TABLE_NAME: TABLE } });
  admin = new Visitor(runtime.url);
  expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
  process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
  process.env.TABLE_NAME = TABLE;
}, 120_000);
afterAll(() => runtime?.stop());

const s3Keys = () => ({ S3_ENDPOINT: runtime.s3Url, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: readFileSync(join(runtime.dataDir, "s3-secret"), "utf8").trim() });
const bucket = () =>
  new S3Client({
    region: "us-east-1",
    endpoint: runtime.s3Url,
    forcePathStyle: true,
    credentials: { accessKeyId: s3Keys().S3_ACCESS_KEY_ID, secretAccessKey: s3Keys().S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
const stored = (key: string) =>
  bucket()
    .send(new HeadObjectCommand({ Bucket: "agency-media", Key: key }))
    .then(() => true)
    .catch((err: { name?: string }) => (err.name === "NotFound" ? false : Promise.reject(err)));

function mediaDerive() {
  const res = spawnSync(process.execPath, ["--import", "tsx", "packages/local/src/admin-cli.ts", "media-derive"], {
    cwd: repoRoot,
    env: { ...process.env, DYNAMODB_ENDPOINT: inject("dynamoEndpoint"), TABLE_NAME: TABLE, ...s3Keys() },
    encoding: "utf8",
  });
  return { status: res.status, output: `${res.stdout}${res.stderr}` };
}

async function uploadedPhoto(): Promise<CompletedUpload> {
  const bytes = await (
    await photo(1000, 750)
  )
    .jpeg({ quality: 85 })
    .withExif({ IFD2: { BodySerialNumber: "SN-CLI-PRIVATE" } })
    .toBuffer();
  return uploadJpeg(admin, runtime.url, bytes, "old-photo.jpg");
}

describe("npm run admin -- media-derive", () => {
  it("makes the sizes of an image stored before sizes existed, and a second run leaves it alone", async () => {
    const item = await uploadedPhoto();
    expect((await settled(admin, item.id)).status).toBe("ready");
    const folder = item.url.slice(1).replace(/\.jpg$/, "/");
    const derived = [`${folder}640.avif`, `${folder}640.webp`, `${folder}og.jpg`];
    // As an image completed before derivation: no sizes, no private original.
    await db().media.patch({ id: item.id }).remove(["derivation", "widths", "fallback"]).go({ response: "none" });
    for (const key of [...derived, `originals/${item.id}.jpg`]) await bucket().send(new DeleteObjectCommand({ Bucket: "agency-media", Key: key }));
    expect((await fetch(`${runtime.url}/api/images/${item.id}`)).status).toBe(404);

    const first = mediaDerive();
    expect(first.status, first.output).toBe(0);
    expect(first.output).toMatch(/Made the sizes of [1-9]\d* images/);
    for (const key of [...derived, `originals/${item.id}.jpg`]) expect([key, await stored(key)]).toEqual([key, true]);
    const info = await fetch(`${runtime.url}/api/images/${item.id}`);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { widths: number[] }).widths).toEqual([320, 640, 768, 960, 1000]);
    expect((await settled(admin, item.id)).status).toBe("ready");

    const again = mediaDerive();
    expect(again.status, again.output).toBe(0);
    expect(again.output).toMatch(/Made the sizes of 0 images; [1-9]\d* had theirs already\./);
  }, 240_000);

  it("derives again an image whose sizes are of an older set of widths, adding the phone width", async () => {
    const item = await uploadedPhoto();
    expect((await settled(admin, item.id)).status).toBe("ready");
    const folder = item.url.slice(1).replace(/\.jpg$/, "/");
    const phoneSizes = [`${folder}768.avif`, `${folder}768.webp`, `${folder}768.jpg`];
    // As an image derived before 768 was a width.
    await db()
      .media.patch({ id: item.id })
      .set({ widths: [320, 640, 960, 1000] })
      .go({ response: "none" });
    for (const key of phoneSizes) await bucket().send(new DeleteObjectCommand({ Bucket: "agency-media", Key: key }));

    const run = mediaDerive();
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Made the sizes of [1-9]\d* images/);
    for (const key of phoneSizes) expect([key, await stored(key)]).toEqual([key, true]);
    const info = await fetch(`${runtime.url}/api/images/${item.id}`);
    expect(((await info.json()) as { widths: number[] }).widths).toEqual([320, 640, 768, 960, 1000]);
  }, 240_000);

  it("derives again an image made before the featured slot's crop, adding its 1200:630 sizes", async () => {
    const item = await uploadedPhoto();
    expect((await settled(admin, item.id)).status).toBe("ready");
    const folder = item.url.slice(1).replace(/\.jpg$/, "/");
    const wideSizes = [`${folder}wide-320.avif`, `${folder}wide-768.avif`, `${folder}wide-1000.webp`];
    const before = (await (await fetch(`${runtime.url}/api/images/${item.id}`)).json()) as { wide: boolean };
    expect(before.wide).toBe(true);
    // As an image derived before the crop existed.
    await db().media.patch({ id: item.id }).remove(["wide"]).go({ response: "none" });
    for (const key of wideSizes) await bucket().send(new DeleteObjectCommand({ Bucket: "agency-media", Key: key }));
    expect(((await (await fetch(`${runtime.url}/api/images/${item.id}`)).json()) as { wide: boolean }).wide).toBe(false);

    const run = mediaDerive();
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/Made the sizes of [1-9]\d* images/);
    for (const key of wideSizes) expect([key, await stored(key)]).toEqual([key, true]);
    expect(((await (await fetch(`${runtime.url}/api/images/${item.id}`)).json()) as { wide: boolean }).wide).toBe(true);
  }, 240_000);
});
