import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlogEditor } from "@agency/core/blog/editor";
import { blogPostInput } from "@agency/core/contract/blog";
import { NotFoundError } from "@agency/core/errors";
import { PUBLIC_CACHE } from "../http";
import { PreviewLinks } from "@agency/core/blog/preview-links";
import { s3 } from "@agency/core/media/storage";
import { startLocalS3 } from "../../../local/src/s3";
import { missingPage } from "./missing-page";

const uid = () => Math.random().toString(36).slice(2, 10);

describe("an address without a rendered page (CloudFront's failover)", () => {
  it("answers 301 to a post's current address from an earlier slug, cached like a public read", async () => {
    const p = await BlogEditor.create(blogPostInput.parse({ title: "A post", slug: `first-${uid()}`, content: "<p>Hi</p>", is_published: true }));
    const current = `moved-${uid()}`;
    await BlogEditor.update(p.id, { slug: current, version: 1 });
    const reply = await missingPage(`blog/${p.slug}.html`);
    expect(reply.status).toBe(301);
    expect(reply.headers).toEqual({ location: `/blog/${current}`, "cache-control": PUBLIC_CACHE });
  });

  it("is not found for an unpublished post, an unknown address, and a post's current slug (its page is the bucket's)", async () => {
    const draft = await BlogEditor.create(blogPostInput.parse({ title: "Draft", slug: `draft-${uid()}`, content: "<p>Hi</p>", is_published: false }));
    // No web bucket here (the local runtime serves its pages itself): a plain 404.
    await expect(missingPage(`blog/${draft.slug}.html`)).rejects.toBeInstanceOf(NotFoundError);
    await expect(missingPage("no-such-page.html")).rejects.toBeInstanceOf(NotFoundError);
    await expect(missingPage(`blog/unknown-${uid()}.html`)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("in a deployed stage, with its web bucket (a local S3 server here)", () => {
  const bucket = "agency-web-test";
  const saved = { MEDIA_BUCKET: process.env.MEDIA_BUCKET, WEB_BUCKET: process.env.WEB_BUCKET, PREVIEW_LINK_SECRET: process.env.PREVIEW_LINK_SECRET };
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startLocalS3>>;
  const put = async (key: string, html: string) => {
    const { sdk, client } = await s3();
    await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: html, ContentType: "text/html" }));
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "missing-page-"));
    // The local server makes the bucket MEDIA_BUCKET names: the web bucket, for this test.
    process.env.MEDIA_BUCKET = bucket;
    server = await startLocalS3({ dataDir, ephemeralPorts: true, origin: "http://localhost", secret: () => "s".repeat(40) });
    process.env.WEB_BUCKET = bucket;
    process.env.PREVIEW_LINK_SECRET = "k".repeat(48);
  });
  afterAll(async () => {
    await server?.close();
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers the app paths' shell with the build's index.html until the first render writes it, kept by no cache", async () => {
    await put("index.html", "<html><title>The build's shell</title></html>");
    await put("pages/404.html", "<html><title>Page Not Found</title></html>");
    const shell = await missingPage("_app-shell.html");
    expect(shell.status).toBe(200);
    expect(shell.body).toBe("<html><title>The build's shell</title></html>");
    expect(shell.headers).toMatchObject({ "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  });

  it("answers a preview link's page with the template headed with its post, private; a forged link's with the site's head (404)", async () => {
    const template = '<html><head><!--page-head:site--><title>Site</title><!--/page-head--></head><body><div id="root"><!--page-body--><!--/page-body--></div></body></html>';
    await put("index.html", template);
    const post = await BlogEditor.create(blogPostInput.parse({ title: `Unfurled ${uid()}`, slug: `unfurled-${uid()}`, content: "<p>Hi</p>", is_published: false }));
    const token = new URL((await PreviewLinks.create(post.id)).link.url).pathname.split("/").pop()!;
    const page = await missingPage(`preview/${token}.html`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta property="og:title" content="${post.title}" />`);
    expect(page.headers).toMatchObject({ "cache-control": "private, no-store", "x-robots-tag": "noindex, nofollow" });
    const forged = await missingPage(`preview/${token.slice(0, -1)}x.html`);
    expect(forged.status).toBe(404);
    expect(forged.body).not.toContain(post.title);
  });

  it("answers any other missing page with the rendered not-found page (404)", async () => {
    const reply = await missingPage(`gone-${uid()}.html`);
    expect(reply.status).toBe(404);
    expect(reply.body).toBe("<html><title>Page Not Found</title></html>");
  });
});
