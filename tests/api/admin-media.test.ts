import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, type CompletedUpload, type MediaItem, type MediaLibraryItem, type UploadTicket } from "../../packages/core/src/contract/media";
import { Visitor } from "../support/auth-flow";
import sharp from "sharp";
import { makePng, makePngBomb } from "../support/png";
import { photo } from "../support/photo";
import { settled } from "../support/upload";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * Image uploads and the media library, end to end on a runtime of its own and its local S3
 * (s3rver behind its guard): sign, post the file to the bucket as a browser would, complete (the
 * server checks the bytes), serve it at /media/..., list it with where it is used, refuse to delete
 * it while used. And what a web page, or anyone without the local keys, can do to the bucket and
 * what the site then serves: nothing.
 */
let runtime: RunningRuntime;
let admin: Visitor;

beforeAll(async () => {
  runtime = await startRuntime();
  admin = new Visitor(runtime.url);
  expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await runtime?.stop();
});

const png = makePng();
const uid = () => Math.random().toString(36).slice(2, 10);

const sign = (body: Record<string, unknown>) => admin.call("POST", "/api/admin/uploads", { body });
async function signed(contentType = "image/png", filename = `photo-${uid()}.png`, size = png.length): Promise<UploadTicket> {
  const res = await sign({ filename, content_type: contentType, size });
  expect(res.status, res.text).toBe(201);
  return res.json as UploadTicket;
}

/** Posts the file to the bucket the way the back office's browser does: the signed fields, then the file. */
async function upload(ticket: UploadTicket, bytes: Uint8Array, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append("file", new Blob([Uint8Array.from(bytes)], { type }), "upload");
  return fetch(ticket.url, { method: "POST", body: form, headers: { origin: runtime.url } });
}

/** The bucket as the server's own client reaches it: SigV4 with the local keys (the data directory's secret). */
const bucketAs = (secretAccessKey: string) =>
  new S3Client({
    region: "us-east-1",
    endpoint: runtime.s3Url,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
const localSecret = () => readFileSync(join(runtime.dataDir, "s3-secret"), "utf8").trim();
const BUCKET = "agency-media";
/** Puts an object straight into the bucket, signed, with the type given: what the unsigned hole let any page do. */
const plant = (key: string, body: Uint8Array, contentType: string) =>
  bucketAs(localSecret()).send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body, ContentType: contentType }));
const stored = async (key: string) =>
  bucketAs(localSecret())
    .send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
    .then(() => true)
    .catch((err: { name?: string }) => (err.name === "NotFound" ? false : Promise.reject(err)));
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/admin/users")</script></svg>');
const year = () => new Date().getUTCFullYear();

const complete = (id: string) => admin.call("POST", `/api/admin/uploads/${id}/complete`, { body: {} });

/** Uploads and completes a PNG (new bytes unless given), answering the completion. */
async function uploaded(bytes: Buffer = makePng(uid()), filename?: string): Promise<CompletedUpload> {
  const ticket = await signed("image/png", filename, bytes.length);
  expect((await upload(ticket, bytes, "image/png")).status).toBe(204);
  const res = await complete(ticket.id);
  expect(res.status, res.text).toBe(200);
  return res.json as CompletedUpload;
}

const served = (url: string, init?: RequestInit) => fetch(`${runtime.url}${url}`, init);

async function library(): Promise<MediaLibraryItem[]> {
  const res = await admin.call("GET", "/api/admin/media?limit=100");
  expect(res.status, res.text).toBe(200);
  return res.json as MediaLibraryItem[];
}

/** A GET with the path sent byte for byte (fetch and URL would normalise `..` away). */
function rawGet(path: string, method = "GET"): Promise<number> {
  const { port } = new URL(runtime.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers: { host: `localhost:${port}` } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the media routes", () => {
  it("answer 401 without a session, every one of them", async () => {
    const anonymous = new Visitor(runtime.url);
    const calls: [string, string][] = [
      ["POST", "/api/admin/uploads"],
      ["POST", "/api/admin/uploads/some-id/complete"],
      ["GET", "/api/admin/media"],
      ["PUT", "/api/admin/media/some-id"],
      ["DELETE", "/api/admin/media/some-id"],
    ];
    for (const [method, path] of calls) {
      const res = await anonymous.call(
        method,
        path,
        method === "GET" ? {} : { body: method === "POST" && path.endsWith("uploads") ? { filename: "a.png", content_type: "image/png", size: 10 } : {} },
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("start no upload for a file that is not an allowed image, is empty or over 5 MB, or has no name: 400 naming the field", async () => {
    const good = { filename: "photo.png", content_type: "image/png", size: 1000 };
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...good, filename: "drawing.svg", content_type: "image/svg+xml" }, "content_type", "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded"],
      [{ ...good, content_type: "text/plain" }, "content_type", "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded"],
      [{ ...good, size: 0 }, "size", "The file is empty"],
      [{ ...good, size: MAX_UPLOAD_BYTES + 1 }, "size", "The file is larger than 5 MB"],
      [{ content_type: "image/png", size: 1000 }, "filename", "filename is required"],
      [{ ...good, filename: "  " }, "filename", "filename is required"],
      [{ ...good, filename: `${"a".repeat(252)}.png` }, "filename", "filename must be at most 255 characters"],
    ];
    for (const [body, field, message] of refusals) {
      const res = await sign(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields, JSON.stringify(body)).toEqual({ [field]: message });
      expect(res.json.url).toBeUndefined();
    }
    // The limits themselves are allowed.
    expect((await sign({ ...good, size: MAX_UPLOAD_BYTES })).status).toBe(201);
    expect((await sign({ ...good, size: 1, filename: `${"a".repeat(251)}.png` })).status).toBe(201);
  });

  it("sign a 5-minute POST to the media bucket for a generated key, held to the type and size", async () => {
    const before = Date.now();
    const ticket = await signed("image/webp", "../../etc/passwd.webp");
    expect(ticket.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ticket.url).toBe(`${runtime.s3Url}/agency-media`);
    expect(ticket.public_url).toBe(`/media/${new Date().getUTCFullYear()}/${ticket.id}.webp`);
    expect(ticket.fields).toMatchObject({ key: `uploads/${ticket.id}`, "Content-Type": "image/webp" });
    expect(ticket.fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, "base64").toString("utf8")) as { expiration: string; conditions: unknown[] };
    const expires = Date.parse(policy.expiration) - before;
    expect(expires).toBeGreaterThan(290_000);
    expect(expires).toBeLessThanOrEqual(301_000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([["content-length-range", 1, MAX_UPLOAD_BYTES], ["eq", "$Content-Type", "image/webp"], { key: `uploads/${ticket.id}` }, { bucket: "agency-media" }]),
    );
  });

  it("take an uploaded PNG through to /media/..., served with its type and cached for good, and list it unused", async () => {
    const png = makePng(uid());
    const ticket = await signed("image/png", "Team photo.png", png.length);
    const posted = await upload(ticket, png, "image/png");
    expect(posted.status).toBe(204);
    // The browser posts from the site: the bucket allows that origin.
    expect(posted.headers.get("access-control-allow-origin")).toBe(runtime.url);

    const res = await complete(ticket.id);
    expect(res.status, res.text).toBe(200);
    const { duplicate, ...item } = res.json as CompletedUpload;
    expect(duplicate).toBe(false);
    expect(item).toEqual({
      id: ticket.id,
      url: ticket.public_url,
      filename: "Team photo.png",
      alt: "",
      content_type: "image/png",
      size: png.length,
      created_at: expect.any(String),
      status: "processing",
      width: 1,
      height: 1,
    });

    const image = await served(item.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    // Served as uploaded, less its metadata (the tEXt note): the same red pixel.
    const body = Buffer.from(await image.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect(body.includes(Buffer.from("Comment"))).toBe(false);
    const head = await served(item.url, { method: "HEAD" });
    expect([head.status, head.headers.get("content-length")]).toEqual([200, String(body.length)]);

    // Its sizes are made in the background; by then it is "ready".
    expect((await library()).find((m) => m.id === item.id)).toEqual({ ...item, status: expect.stringMatching(/^(processing|ready)$/), used_by: [] });
    // Completing again answers the same image.
    const again = await complete(ticket.id);
    expect([again.status, again.json]).toEqual([200, { ...item, status: expect.stringMatching(/^(processing|ready)$/), duplicate: false }]);
  });

  it("refuse a file whose bytes are not the claimed type: 422, the file deleted, nothing served or listed", async () => {
    const ticket = await signed("image/jpeg", "notes.jpg");
    expect((await upload(ticket, Buffer.from("just some text, not a JPEG at all"), "image/jpeg")).status).toBe(204);
    const res = await complete(ticket.id);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "The file is not a valid JPEG image", fields: { file: "The file is not a valid JPEG image" } });
    // The stored file is gone: a second completion finds nothing uploaded.
    const second = await complete(ticket.id);
    expect(second.status).toBe(422);
    expect(second.json).toMatchObject({ error: "The file was not uploaded", fields: { file: "The file was not uploaded" } });
    expect((await served(ticket.public_url)).status).toBe(404);
    expect((await library()).map((m) => m.id)).not.toContain(ticket.id);
  });

  it("refuse a file over 5 MB: the bucket refuses the post (its policy), and completing refuses one that got there anyway (422, deleted)", async () => {
    const ticket = await signed();
    const big = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)]);
    expect((await upload(ticket, big, "image/png")).status).toBe(403);
    expect(await stored(`uploads/${ticket.id}`)).toBe(false);
    // The server checks what is stored whatever the bucket enforced.
    await plant(`uploads/${ticket.id}`, big, "image/png");
    const res = await complete(ticket.id);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error: "The file is larger than 5 MB", fields: { file: "The file is larger than 5 MB" } });
    expect((await complete(ticket.id)).json.error).toBe("The file was not uploaded");
    expect((await served(ticket.public_url)).status).toBe(404);
  });

  it("serve nothing for an upload that was signed, even posted, but not completed", async () => {
    const ticket = await signed();
    expect((await served(ticket.public_url)).status).toBe(404);
    expect((await upload(ticket, png, "image/png")).status).toBe(204);
    expect((await served(ticket.public_url)).status).toBe(404);
    expect((await library()).map((m) => m.id)).not.toContain(ticket.id);
  });

  it("answer 404 to completing or deleting an unknown upload", async () => {
    for (const res of [await complete("no-such-upload"), await admin.call("DELETE", "/api/admin/media/no-such-upload", { body: {} })]) {
      expect(res.status).toBe(404);
    }
  });

  it("name where an image is used, and refuse to delete it until nothing uses it", async () => {
    const item = await uploaded();
    const created = await admin.call("POST", "/api/admin/services", { body: { title: `Imaged service ${uid()}` } });
    expect(created.status, created.text).toBe(201);
    const service = created.json as { id: string; title: string; version: number };
    // URL fields take http(s) URLs: the back office stores the image's absolute form.
    const set = await admin.call("PUT", `/api/admin/services/${service.id}`, { body: { image_url: `${runtime.url}${item.url}`, version: service.version } });
    expect(set.status, set.text).toBe(200);

    const use = { kind: "service", id: service.id, title: service.title };
    expect((await library()).find((m) => m.id === item.id)?.used_by).toEqual([use]);
    const refused = await admin.call("DELETE", `/api/admin/media/${item.id}`, { body: {} });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(`This image is used by the service "${service.title}". Remove it there first.`);
    expect(refused.json.used_by).toEqual([use]);
    expect((await served(item.url)).status).toBe(200);

    const cleared = await admin.call("PUT", `/api/admin/services/${service.id}`, { body: { image_url: "", version: set.json.version } });
    expect(cleared.status, cleared.text).toBe(200);
    const deleted = await admin.call("DELETE", `/api/admin/media/${item.id}`, { body: {} });
    expect([deleted.status, deleted.json]).toEqual([200, { success: true }]);
    expect((await served(item.url)).status).toBe(404);
    expect((await library()).map((m) => m.id)).not.toContain(item.id);
    expect((await admin.call("DELETE", `/api/admin/media/${item.id}`, { body: {} })).status).toBe(404);
    await admin.call("DELETE", `/api/admin/services/${service.id}`, { body: {} });
  });

  it("move a deleted image to the Trash: not served, not listed, its file kept unserved; a restore serves it again, a purge deletes the file", async () => {
    const item = await uploaded();
    // What is served is the copy without metadata (not the upload's bytes, item.size): the same comes back.
    const before = Buffer.from(await (await served(item.url)).arrayBuffer());
    expect((await admin.call("DELETE", `/api/admin/media/${item.id}`, { body: {} })).status).toBe(200);
    expect((await served(item.url)).status).toBe(404);
    expect((await library()).map((m) => m.id)).not.toContain(item.id);
    const inTrash = async () =>
      ((await admin.call("GET", "/api/admin/trash?entity=media&limit=100")).json as { id: string; entity_id: string; label: string }[]).find((t) => t.entity_id === item.id);
    const trashed = await inTrash();
    expect(trashed).toMatchObject({ entity: "media", label: item.filename });
    expect(await stored(`trash/${item.id}`)).toBe(true);

    const restored = await admin.call("POST", `/api/admin/trash/${trashed!.id}/restore`, { body: {} });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({ id: item.id, url: item.url, filename: item.filename });
    const back = await served(item.url);
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(before)).toBe(true);
    expect((await library()).map((m) => m.id)).toContain(item.id);
    expect(await stored(`trash/${item.id}`)).toBe(false);
    expect(await inTrash()).toBeUndefined();

    expect((await admin.call("DELETE", `/api/admin/media/${item.id}`, { body: {} })).status).toBe(200);
    const again = await inTrash();
    expect((await admin.call("DELETE", `/api/admin/trash/${again!.id}`, { body: {} })).status).toBe(200);
    expect(await stored(`trash/${item.id}`)).toBe(false);
    expect(await stored(`originals/${item.id}.png`)).toBe(false);
    expect(await inTrash()).toBeUndefined();
  });

  it("count an image in a blog post's content as a use, by its path", async () => {
    const item = await uploaded();
    const post = await admin.call("POST", "/api/admin/blog-posts", {
      body: { title: `Pictured ${uid()}`, slug: `pictured-${uid()}`, content: `<p>Look:</p><img src="${item.url}" alt="A photo">` },
    });
    expect(post.status, post.text).toBe(201);
    expect((await library()).find((m) => m.id === item.id)?.used_by).toEqual([{ kind: "blog-post", id: post.json.id, title: post.json.title }]);
    expect((await admin.call("DELETE", `/api/admin/media/${item.id}`, { body: {} })).status).toBe(409);
    expect((await admin.call("DELETE", `/api/admin/blog-posts/${post.json.id}`, { body: {} })).status).toBe(200);
    expect((await admin.call("DELETE", `/api/admin/media/${item.id}`, { body: {} })).status).toBe(200);
  });

  it("list the newest first, a page at a time with X-Next-Cursor", async () => {
    const older = await uploaded();
    const newer = await uploaded();
    const first = await admin.call("GET", "/api/admin/media?limit=1");
    expect(first.json.map((m: MediaItem) => m.id)).toEqual([newer.id]);
    const cursor = first.headers["x-next-cursor"] as string;
    expect(cursor).toBeTruthy();
    const second = await admin.call("GET", `/api/admin/media?limit=1&cursor=${cursor}`);
    expect(second.json.map((m: MediaItem) => m.id)).toEqual([older.id]);
    const bad = await admin.call("GET", "/api/admin/media?cursor=not-a-cursor");
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty("cursor");
  });
});

const edit = (id: string, body: unknown, headers?: Record<string, string>) => admin.call("PUT", `/api/admin/media/${id}`, { body, ...(headers ? { headers } : {}) });

describe("renaming an image and its alt text", () => {
  it("saves a new file name and default alt text, each kept when left out, and lists them", async () => {
    const { duplicate: _, ...item } = await uploaded();
    const renamed = await edit(item.id, { filename: "  Harbour at dusk.png  " });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual({ ...item, filename: "Harbour at dusk.png", alt: "" });
    const described = await edit(item.id, { alt: "Fishing boats moored in the harbour at dusk" });
    expect(described.json).toEqual({ ...item, filename: "Harbour at dusk.png", alt: "Fishing boats moored in the harbour at dusk" });
    expect((await library()).find((m) => m.id === item.id)).toEqual({ ...described.json, used_by: [] });
    // An empty alt clears it; the name stays.
    expect((await edit(item.id, { alt: "" })).json).toMatchObject({ filename: "Harbour at dusk.png", alt: "" });
    // The file itself is untouched: same address, same bytes.
    expect((await served(item.url)).status).toBe(200);
  });

  it("refuses a bad name or alt text with 400 naming the field, and changes nothing", async () => {
    const item = await uploaded();
    const refusals: [unknown, string, string][] = [
      [{ filename: "" }, "filename", "filename is required"],
      [{ filename: "   " }, "filename", "filename is required"],
      [{ filename: `${"a".repeat(252)}.png` }, "filename", "filename must be at most 255 characters"],
      [{ filename: 42 }, "filename", "filename is required"],
      [{ alt: "x".repeat(501) }, "alt", "Must be at most 500 characters"],
      [{ alt: ["a"] }, "alt", expect.any(String) as unknown as string],
    ];
    for (const [body, field, message] of refusals) {
      const res = await edit(item.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.fields, JSON.stringify(body)).toEqual({ [field]: message });
    }
    expect((await library()).find((m) => m.id === item.id)).toMatchObject({ filename: item.filename, alt: "" });
  });

  it("answers 404 for an unknown image or an upload never completed, and 403 without the site's Origin", async () => {
    expect((await edit("no-such-image", { alt: "x" })).status).toBe(404);
    const pending = await signed();
    expect((await edit(pending.id, { alt: "x" })).status).toBe(404);
    const item = await uploaded();
    const foreign = await edit(item.id, { alt: "Hijacked" }, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await library()).find((m) => m.id === item.id)?.alt).toBe("");
  });
});

describe("alt text on image fields", () => {
  it("is saved with a post's featured image, a service's, a course's and a page section's image, and served publicly", async () => {
    const tag = uid();
    const item = await uploaded();
    const post = await admin.call("POST", "/api/admin/blog-posts", {
      body: { title: `Alt ${tag}`, slug: `alt-${tag}`, content: "<p>x</p>", featured_image_url: item.url, featured_image_alt: "  A red pixel  ", is_published: true },
    });
    expect(post.status, post.text).toBe(201);
    expect((await served(`/api/blog-posts/alt-${tag}`)).status).toBe(200);
    expect(((await (await served(`/api/blog-posts/alt-${tag}`)).json()) as { featured_image_alt: string }).featured_image_alt).toBe("A red pixel");
    const summary = ((await admin.call("GET", `/api/admin/blog-posts?q=alt-${tag}`)).json as { id: string; featured_image_alt: string }[]).find((p) => p.id === post.json.id);
    expect(summary?.featured_image_alt).toBe("A red pixel");

    const service = await admin.call("POST", "/api/admin/services", { body: { title: `Alt service ${tag}`, image_url: item.url, image_alt: "Service picture" } });
    expect(service.status, service.text).toBe(201);
    const publicService = ((await (await served("/api/services")).json()) as { id: string; image_alt: string }[]).find((s) => s.id === service.json.id);
    expect(publicService?.image_alt).toBe("Service picture");

    const course = await admin.call("POST", "/api/admin/courses", { body: { title: `Alt course ${tag}`, image_url: item.url, image_alt: "Course picture" } });
    expect(course.status, course.text).toBe(201);
    const changed = await admin.call("PUT", `/api/admin/courses/${course.json.id}`, { body: { image_alt: "Students at work", version: course.json.version } });
    expect(changed.json).toMatchObject({ image_url: item.url, image_alt: "Students at work" });

    const section = ((await admin.call("GET", "/api/admin/page-sections/about")).json as { id: string; version: number; image_alt: string }[])[0]!;
    const saved = await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { image_alt: "Our office", version: section.version } });
    expect(saved.status, saved.text).toBe(200);
    expect(((await (await served("/api/page-sections/about")).json()) as { id: string; image_alt: string }[]).find((s) => s.id === section.id)?.image_alt).toBe("Our office");

    // Too long is a 400 naming the field, on every kind.
    const long = "x".repeat(501);
    expect((await admin.call("PUT", `/api/admin/blog-posts/${post.json.id}`, { body: { featured_image_alt: long, version: post.json.version } })).json.fields).toEqual({
      featured_image_alt: "Must be at most 500 characters",
    });
    expect((await admin.call("PUT", `/api/admin/services/${service.json.id}`, { body: { image_alt: long, version: service.json.version } })).json.fields).toEqual({
      image_alt: "Must be at most 500 characters",
    });
    expect((await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { image_alt: long, version: saved.json.version } })).json.fields).toEqual({
      image_alt: "Must be at most 500 characters",
    });

    await admin.call("PUT", `/api/admin/page-sections/${section.id}`, { body: { image_alt: "", version: saved.json.version } });
    for (const path of [`/api/admin/blog-posts/${post.json.id}`, `/api/admin/services/${service.json.id}`, `/api/admin/courses/${course.json.id}`]) {
      expect((await admin.call("DELETE", path, { body: {} })).status, path).toBe(200);
    }
  });
});

describe("searching the library", () => {
  it("finds images by file name or alt text, case-insensitively, over every image and not a loaded page", async () => {
    const tag = uid();
    const target = await uploaded(undefined, `Quarterly-Report-${tag}.png`);
    // Newer images push the target off the first page.
    for (let i = 0; i < 3; i++) await uploaded();
    const firstPage = await admin.call("GET", "/api/admin/media?limit=2");
    expect(firstPage.json.map((m: MediaItem) => m.id)).not.toContain(target.id);

    const byName = await admin.call("GET", `/api/admin/media?limit=2&q=${encodeURIComponent(`quarterly-REPORT-${tag}`)}`);
    expect(byName.status, byName.text).toBe(200);
    expect(byName.json.map((m: MediaItem) => m.id)).toEqual([target.id]);
    expect(byName.headers["x-next-cursor"]).toBeUndefined();

    await edit(target.id, { alt: `Revenue chart ${tag}` });
    const byAlt = await admin.call("GET", `/api/admin/media?q=${encodeURIComponent(`CHART ${tag}`)}`);
    expect(byAlt.json.map((m: MediaItem) => m.id)).toEqual([target.id]);
    await edit(target.id, { filename: `renamed-${tag}.png` });
    expect((await admin.call("GET", `/api/admin/media?q=quarterly-report-${tag}`)).json).toEqual([]);
    expect((await admin.call("GET", `/api/admin/media?q=renamed-${tag}`)).json.map((m: MediaItem) => m.id)).toEqual([target.id]);

    const long = await admin.call("GET", `/api/admin/media?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.json.fields).toHaveProperty("q");
  });
});

describe("uploading the same file again", () => {
  it("answers the image already in the library, marked duplicate, and keeps no copy", async () => {
    const bytes = makePng(uid());
    const first = await uploaded(bytes, "original.png");
    expect(first.duplicate).toBe(false);
    await edit(first.id, { alt: "A red pixel" });

    const ticket = await signed("image/png", "copy of original.png", bytes.length);
    expect((await upload(ticket, bytes, "image/png")).status).toBe(204);
    const again = await complete(ticket.id);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual({
      id: first.id,
      url: first.url,
      filename: "original.png",
      alt: "A red pixel",
      content_type: "image/png",
      size: bytes.length,
      created_at: first.created_at,
      status: expect.stringMatching(/^(processing|ready)$/),
      width: 1,
      height: 1,
      duplicate: true,
    });
    // Completing the duplicate again answers the same; the copy is never served or listed.
    // (Its sizes may have been made meanwhile: "processing" then, "ready" now.)
    expect((await complete(ticket.id)).json).toEqual({ ...(again.json as CompletedUpload), status: expect.stringMatching(/^(processing|ready)$/) });
    expect((await served(ticket.public_url)).status).toBe(404);
    const ids = (await library()).map((m) => m.id);
    expect(ids).toContain(first.id);
    expect(ids).not.toContain(ticket.id);

    // Different bytes are a new image.
    expect((await uploaded()).duplicate).toBe(false);
  });

  it("stores the file afresh once the image it matched is deleted", async () => {
    const bytes = makePng(uid());
    const first = await uploaded(bytes);
    expect((await admin.call("DELETE", `/api/admin/media/${first.id}`, { body: {} })).status).toBe(200);
    const second = await uploaded(bytes);
    expect(second.duplicate).toBe(false);
    expect(second.id).not.toBe(first.id);
    expect((await served(second.url)).status).toBe(200);
  });

  it("makes one image of two uploads of the same file completed at once", async () => {
    const bytes = makePng(uid());
    const tickets = [await signed("image/png", undefined, bytes.length), await signed("image/png", undefined, bytes.length)];
    for (const t of tickets) expect((await upload(t, bytes, "image/png")).status).toBe(204);
    const [a, b] = await Promise.all(tickets.map((t) => complete(t.id)));
    expect([a!.status, b!.status]).toEqual([200, 200]);
    // Both claimed the digest at once: one holds it and is stored; the other answers that image,
    // unless it took over a claim whose image was not yet served (then both are images, never none).
    const ids = new Set([a!.json.id, b!.json.id]);
    for (const id of ids) expect((await library()).map((m) => m.id)).toContain(id);
    expect([a!.json.duplicate, b!.json.duplicate].filter(Boolean).length).toBe(ids.size === 1 ? 1 : 0);
  });
});

describe("the local /media/ paths", () => {
  it("serve only completed images' keys: no traversal, no encoded slashes, no other names, GET and HEAD only", async () => {
    const item = await uploaded();
    expect(await rawGet(item.url)).toBe(200);
    const year = item.url.split("/")[2];
    for (const path of [
      `/media/${year}/../${year}/${item.id}.png`,
      `/media/${year}/..%2F${year}%2F${item.id}.png`,
      `/media/${year}%2F${item.id}.png`,
      `/media/${year}/${item.id}.svg`,
      `/media/${year}/${item.id}.PNG`,
      `/media/../uploads/${item.id}`,
      `/media/${year}/${item.id}`,
      "/media/",
    ]) {
      expect(await rawGet(path), path).toBe(404);
    }
    expect(await rawGet(item.url, "POST")).toBe(405);
    expect(await rawGet(item.url, "DELETE")).toBe(405);
  });

  it("never serve an object that no completed upload made, whatever its type: 404", async () => {
    const svgKey = `media/${year()}/${randomUUID()}.png`;
    const scriptKey = `media/${year()}/${randomUUID()}.png`;
    await plant(svgKey, SVG, "image/svg+xml");
    await plant(scriptKey, Buffer.from('fetch("/api/admin/users")'), "image/png,text/javascript");
    // Planted at the address of an upload that was signed but never completed.
    const pending = await signed();
    await plant(pending.public_url.slice(1), SVG, "image/svg+xml");
    for (const path of [`/${svgKey}`, `/${scriptKey}`, pending.public_url]) {
      const res = await served(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
    }
  });

  it("serve a completed image with the type completing verified, never the stored one, with nosniff and a sandboxing CSP", async () => {
    const item = await uploaded();
    // Its object replaced afterwards, with another type (as an unsigned post could once do).
    await plant(item.url.slice(1), png, "image/svg+xml");
    for (const method of ["GET", "HEAD"]) {
      const res = await served(item.url, { method });
      expect(res.status, method).toBe(200);
      expect(res.headers.get("content-type"), method).toBe("image/png");
      expect(res.headers.get("x-content-type-options"), method).toBe("nosniff");
      expect(res.headers.get("content-security-policy"), method).toBe("default-src 'none'; sandbox");
    }
  });

  it("are announced in the start banner with the local S3, which logs nothing of its own", () => {
    expect(runtime.output()).toContain(`Media:    local S3 at ${runtime.s3Url} (agency-media)`);
    expect(runtime.output()).not.toMatch(/info:|warn:|error:|PUT \/|POST \/agency-media/i);
  });
});

describe("the local bucket", () => {
  const bucketUrl = () => `${runtime.s3Url}/${BUCKET}`;
  /** A form post as any web page can make one: no preflight, fields of its choosing. */
  const formPost = (fields: Record<string, string>, file: Uint8Array, type = "image/png") => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("file", new Blob([Uint8Array.from(file)], { type }), "upload");
    return fetch(bucketUrl(), { method: "POST", body: form, headers: { origin: "https://elsewhere.example" } });
  };
  /** SigV4's signature of a POST policy, with `secret`. */
  const signPolicy = (policy: string, credential: string, secret: string) => {
    const [, date, region] = credential.split("/") as [string, string, string];
    const h = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
    return createHmac("sha256", h(h(h(h(`AWS4${secret}`, date), region), "s3"), "aws4_request"))
      .update(policy)
      .digest("hex");
  };

  it("refuses an unsigned form post: 403, nothing stored", async () => {
    const key = `media/${year()}/${randomUUID()}.png`;
    const res = await formPost({ key, "Content-Type": "image/svg+xml" }, SVG, "image/svg+xml");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("<Code>AccessDenied</Code>");
    expect(await stored(key)).toBe(false);
    expect((await served(`/${key}`)).status).toBe(404);
  });

  it("refuses listing, reading, writing and deleting without a signature: 403", async () => {
    const item = await uploaded();
    const key = item.url.slice(1);
    const calls: [string, string][] = [
      ["GET", "/"],
      ["GET", `/${BUCKET}`],
      ["GET", `/${BUCKET}?list-type=2&prefix=media/`],
      ["GET", `/${key}`],
      ["PUT", `/${BUCKET}/media/${year()}/${randomUUID()}.png`],
      ["DELETE", `/${key}`],
      ["POST", `/${BUCKET}?delete`],
    ];
    for (const [method, path] of calls) {
      const res = await fetch(`${runtime.s3Url}${path}`, { method, ...(method === "PUT" || method === "POST" ? { body: SVG } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await stored(key)).toBe(true);
    expect((await served(item.url)).status).toBe(200);
  });

  it("refuses requests signed with any other secret, s3rver's well-known one included; the local keys list and delete", async () => {
    const key = `uploads/${randomUUID()}`;
    await plant(key, png, "image/png");
    const forged = bucketAs("S3RVER");
    await expect(forged.send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    await expect(forged.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    expect(await stored(key)).toBe(true);
    const own = bucketAs(localSecret());
    expect((await own.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: key }))).Contents?.map((o) => o.Key)).toEqual([key]);
    await own.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await stored(key)).toBe(false);
  });

  it("takes a signed upload form only as signed: not for another key or type, not with a field the policy does not name, not forged or expired", async () => {
    const ticket = await signed();
    const f = ticket.fields as Record<string, string>;
    const credential = f["X-Amz-Credential"]!;
    const policy = JSON.parse(Buffer.from(f.Policy!, "base64").toString("utf8")) as { expiration: string; conditions: unknown[] };
    const resigned = (changes: Partial<typeof policy>, secret = localSecret()) => {
      const body = Buffer.from(JSON.stringify({ ...policy, ...changes })).toString("base64");
      return { ...f, Policy: body, "X-Amz-Signature": signPolicy(body, credential, secret) };
    };
    const attempts: [string, Record<string, string>, Uint8Array?, string?][] = [
      ["another key", { ...f, key: `media/${year()}/${ticket.id}.png` }],
      ["another type", { ...f, "Content-Type": "image/svg+xml" }, SVG, "image/svg+xml"],
      ["a field the policy does not name", { ...f, "Cache-Control": "no-store" }],
      ["a changed signature", { ...f, "X-Amz-Signature": "0".repeat(64) }],
      [
        "a policy signed with s3rver's well-known secret",
        resigned({ conditions: [...policy.conditions.filter((c) => !Array.isArray(c) || c[0] !== "eq"), ["starts-with", "$Content-Type", ""]] }, "S3RVER"),
      ],
      ["an expired policy", resigned({ expiration: new Date(Date.now() - 1000).toISOString() })],
      ["a policy without its signature", Object.fromEntries(Object.entries(f).filter(([k]) => k !== "X-Amz-Signature"))],
    ];
    for (const [what, fields, file = png, type = "image/png"] of attempts) {
      const res = await formPost(fields, file, type);
      expect(res.status, what).toBe(403);
    }
    expect(await stored(`uploads/${ticket.id}`)).toBe(false);
    expect(await stored(`media/${year()}/${ticket.id}.png`)).toBe(false);
    // The form as signed still works.
    expect((await upload(ticket, png, "image/png")).status).toBe(204);
    expect(await stored(`uploads/${ticket.id}`)).toBe(true);
  });
});

describe("an uploaded photo", () => {
  /** Uploads and completes `bytes` as `type`, answering the completion's response. */
  async function completed(bytes: Buffer, type: string, filename: string) {
    const ticket = await signed(type, filename, bytes.length);
    expect((await upload(ticket, bytes, type)).status).toBe(204);
    return { ticket, res: await complete(ticket.id) };
  }
  it("is processing, then ready with its sizes, served without its GPS position or serial number, its original kept private", async () => {
    const camera = await (
      await photo(2400, 1600)
    )
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
        IFD2: { BodySerialNumber: "SN-7781-PRIVATE" },
        IFD3: { GPSMapDatum: "WGS-84", GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 3230/100" },
      })
      .toBuffer();
    const { ticket, res } = await completed(camera, "image/jpeg", `camera-${uid()}.jpg`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: "processing", width: 2400, height: 1600 });
    const id = ticket.id;
    // No sizes to pick from yet: the public read of them is 404 until they exist.
    const early = await fetch(`${runtime.url}/api/images/${id}`);
    const item = await settled(admin, id);
    expect(item.status).toBe("ready");
    if (early.status === 200) expect(((await early.json()) as { widths: number[] }).widths.length).toBeGreaterThan(0);

    const info = await fetch(`${runtime.url}/api/images/${id}`);
    expect(info.status).toBe(200);
    const sizes = (await info.json()) as { url: string; width: number; height: number; widths: number[]; fallback: string; placeholder: string };
    expect(sizes).toMatchObject({ url: item.url, width: 2400, height: 1600, widths: [320, 640, 768, 960, 1280, 1920], fallback: "jpg" });
    expect(sizes.placeholder).toMatch(/^data:image\/webp;base64,/);

    const folder = item.url.replace(/\.jpg$/, "/");
    const files = [item.url, `${folder}og.jpg`, ...sizes.widths.flatMap((w) => ["avif", "webp", "jpg"].map((f) => `${folder}${w}.${f}`))];
    for (const url of files) {
      const file = await served(url);
      expect([url, file.status]).toEqual([url, 200]);
      const bytes = Buffer.from(await file.arrayBuffer());
      const format = url.slice(url.lastIndexOf(".") + 1);
      expect([url, file.headers.get("content-type")]).toEqual([url, { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[format]]);
      const meta = await sharp(bytes).metadata();
      expect([url, meta.exif, meta.xmp]).toEqual([url, undefined, undefined]);
      for (const secret of ["SN-7781-PRIVATE", "PhoneMaker", "WGS-84"]) expect([url, bytes.includes(Buffer.from(secret))]).toEqual([url, false]);
    }
    const og = await sharp(Buffer.from(await (await served(`${folder}og.jpg`)).arrayBuffer())).metadata();
    expect([og.width, og.height]).toEqual([1200, 630]);
    // The original, metadata and all, is in the bucket but served at no address.
    expect(await stored(`originals/${id}.jpg`)).toBe(true);
    for (const url of [`/originals/${id}.jpg`, `/media/${year()}/${id}/2400.jpg`, `/media/${year()}/${id}/original.jpg`])
      expect([url, (await served(url)).status]).toEqual([url, 404]);

    // Deleting it moves it to the Trash: its served copy waits there unserved and its original stays
    // private, its sizes go; a restore serves the same copy and makes its sizes again from the original.
    const servedCopy = Buffer.from(await (await served(item.url)).arrayBuffer());
    const derived = [`media/${year()}/${id}/640.avif`, `media/${year()}/${id}/og.jpg`];
    expect((await admin.call("DELETE", `/api/admin/media/${id}`, { body: {} })).status).toBe(200);
    const afterDelete: Array<[string, boolean]> = [
      [`trash/${id}`, true],
      [`originals/${id}.jpg`, true],
      [item.url.slice(1), false],
      ...derived.map((k): [string, boolean] => [k, false]),
    ];
    for (const [key, kept] of afterDelete) expect([key, await stored(key)]).toEqual([key, kept]);
    const inTrash = async () => ((await admin.call("GET", "/api/admin/trash?entity=media&limit=100")).json as { id: string; entity_id: string }[]).find((t) => t.entity_id === id);
    const restored = await admin.call("POST", `/api/admin/trash/${(await inTrash())!.id}/restore`, { body: {} });
    expect(restored.status, restored.text).toBe(200);
    expect((await settled(admin, id)).status).toBe("ready");
    expect(Buffer.from(await (await served(item.url)).arrayBuffer()).equals(servedCopy)).toBe(true);
    for (const key of derived) expect([key, await stored(key)]).toEqual([key, true]);

    // Purging it from the Trash deletes every file: original, served copy and sizes.
    expect((await admin.call("DELETE", `/api/admin/media/${id}`, { body: {} })).status).toBe(200);
    expect((await admin.call("DELETE", `/api/admin/trash/${(await inTrash())!.id}`, { body: {} })).status).toBe(200);
    for (const key of [`originals/${id}.jpg`, `trash/${id}`, item.url.slice(1), ...derived]) expect([key, await stored(key)]).toEqual([key, false]);
  });

  it("refuses a decompression bomb, a truncated JPEG and a corrupt one with 422 naming file, and keeps answering", async () => {
    const jpeg = await (await photo(800, 600)).jpeg().toBuffer();
    const cases: [Buffer, string, string][] = [
      [makePngBomb(), "image/png", "The image is larger than 100 megapixels"],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), "image/jpeg", "The file is not a valid JPEG image"],
      [Buffer.concat([jpeg.subarray(0, 300), Buffer.alloc(4000, 0x5a)]), "image/jpeg", "The file is not a valid JPEG image"],
      [await (await photo(64, 64)).png().toBuffer(), "image/webp", "The file is not a valid WebP image"],
    ];
    for (const [bytes, type, message] of cases) {
      const { ticket, res } = await completed(bytes, type, `bad-${uid()}`);
      expect([message, res.status, res.json]).toEqual([message, 422, { error: message, fields: { file: message }, requestId: expect.any(String) }]);
      expect(await stored(`uploads/${ticket.id}`)).toBe(false);
      expect((await served(ticket.public_url)).status).toBe(404);
    }
    expect((await admin.call("GET", "/api/admin/media")).status).toBe(200);
  });

  it("takes a CMYK JPEG, a 16-bit PNG, a transparent PNG and an animated GIF", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 120, height: 80, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const cases: [Buffer, string, string][] = [
      [await (await photo(640, 480)).toColourspace("cmyk").jpeg().toBuffer(), "image/jpeg", "jpg"],
      [await (await photo(400, 300)).toColourspace("rgb16").png().toBuffer(), "image/png", "jpg"],
      [
        await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 9, g: 90, b: 200, alpha: 0.5 } } })
          .png()
          .toBuffer(),
        "image/png",
        "png",
      ],
      [
        await sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } })
          .gif()
          .toBuffer(),
        "image/gif",
        "jpg",
      ],
    ];
    for (const [bytes, type, fallback] of cases) {
      const { ticket, res } = await completed(bytes, type, `ok-${uid()}`);
      expect([type, res.status]).toEqual([type, 200]);
      const item = await settled(admin, ticket.id);
      expect([type, item.status]).toEqual([type, "ready"]);
      const info = (await (await fetch(`${runtime.url}/api/images/${ticket.id}`)).json()) as { fallback: string };
      expect([type, info.fallback]).toEqual([type, fallback]);
    }
  });
});
