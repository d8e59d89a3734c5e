import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletedUpload } from "../../packages/core/src/contract/media";
import { Visitor } from "../support/auth-flow";
import { photo } from "../support/photo";
import { settled, uploadJpeg } from "../support/upload";
import { startRuntime, type RunningRuntime } from "../support/runtime";

/**
 * A camera photo uploaded through the media library, as an owner would, and the rendered HTML of
 * the pages that show it (fetched without JavaScript, as a crawler or a link preview does): the
 * post's featured image and its body image as <picture> with AVIF and WebP at the slot's sizes,
 * the featured one preloaded and eager, /blog's featured article's eager, the other cards' lazy; og:image the derived 1200x630 JPEG; and
 * the default social image on a page without an image of its own. A runtime of its own: the
 * settings change here must not reach other files' pages.
 */
let runtime: RunningRuntime;
let admin: Visitor;

beforeAll(async () => {
  runtime = await startRuntime({ web: true });
  admin = new Visitor(runtime.url);
  expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
}, 300_000);
afterAll(() => runtime?.stop());

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const meta = (html: string, attr: string, key: string) => {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return m ? decode(m[1]!) : undefined;
};
const pictures = (html: string) => [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!);
const attrOf = (tag: string, name: string) => {
  // Attribute names as React writes them (srcSet, fetchPriority): HTML reads them case-insensitively.
  const m = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return m ? decode(m[1]!) : undefined;
};
const imgOf = (picture: string) => /<img [^>]*>/.exec(picture)![0];

async function uploadedPhoto(filename: string): Promise<CompletedUpload> {
  return uploadJpeg(admin, runtime.url, await (await photo(2400, 1600)).jpeg({ quality: 88 }).toBuffer(), filename);
}

/** Polls the served page until `ok` (a render follows a write within seconds). */
async function eventually(path: string, ok: (html: string) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${runtime.url}${path}`);
    const html = await res.text();
    if (res.status === 200 && ok(html)) return html;
    if (Date.now() > deadline) throw new Error(`${path} did not reach the expected state within ${timeoutMs} ms:\n${html.slice(0, 3000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Publishes a post with a featured image and an image in its text, and answers its page once both are <picture>s. */
async function publishedPage(post: { slug: string; title: string; excerpt: string; content: string; featured_image_url: string; featured_image_alt: string }) {
  const created = await admin.call("POST", "/api/admin/blog-posts", { body: { ...post, is_published: true } });
  expect(created.status, created.text).toBe(201);
  return eventually(`/blog/${post.slug}`, (h) => pictures(h).length >= 2);
}

const folderOf = (url: string) => url.replace(/\.[a-z]+$/, "/");

describe("an uploaded photo on the public pages", () => {
  let cover: CompletedUpload;
  let inline: CompletedUpload;
  beforeAll(async () => {
    cover = await uploadedPhoto("cover.jpg");
    inline = await uploadedPhoto("inline.jpg");
    expect((await settled(admin, cover.id)).status).toBe("ready");
    expect((await settled(admin, inline.id)).status).toBe("ready");
  }, 240_000);

  it("is the post page's featured image and body image as <picture>, the featured one cut to its 1200:630 slot, preloaded and eager, its og:image the derived 1200x630 JPEG, and on /blog a grid card cut the same way", async () => {
    const html = await publishedPage({
      title: "A post with a photo",
      slug: `photo-post-${Date.now()}`,
      excerpt: "Photos at the size of their slot.",
      content: `<p>Before the photo.</p><p><img src="${inline.url}" alt="The inline photo"></p><p>After it.</p><p><img src="https://images.example.com/elsewhere.jpg" alt="External"></p>`,
      featured_image_url: cover.url,
      featured_image_alt: "The cover photo",
    });

    const [featured, body] = pictures(html);
    const folder = folderOf(cover.url);
    // Its AVIF and WebP are the sizes cut to the slot's shape; the fallback is the whole image.
    expect(featured).toContain(`<source type="image/avif" srcSet="${folder}wide-320.avif 320w`);
    expect(featured).toMatch(new RegExp(`<source type="image/webp" srcSet="${folder}wide-320.webp 320w, [^"]*${folder}wide-1920.webp 1920w"`));
    const img = imgOf(featured!);
    expect(attrOf(img, "alt")).toBe("The cover photo");
    expect(attrOf(img, "width")).toBe("2400");
    expect(attrOf(img, "height")).toBe("1600");
    expect(attrOf(img, "loading")).toBe("eager");
    expect(attrOf(img, "fetchpriority")).toBe("high");
    expect(attrOf(img, "src")).toBe(`${folder}960.jpg`);
    expect(attrOf(img, "srcset")).toContain(`${folder}640.jpg 640w`);
    expect(attrOf(img, "sizes")).toBeTruthy();
    expect(attrOf(img, "style")).toMatch(/^background-image:url\("data:image\/webp;base64,/);

    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
    expect(preload, "a preload of the featured image in the head").toBeTruthy();
    expect(html.indexOf(preload!)).toBeLessThan(html.indexOf("</head>"));
    expect(attrOf(preload!, "imagesrcset")).toBe(attrOf(featured!.match(/<source type="image\/avif"[^>]*>/)![0], "srcset"));
    expect(attrOf(preload!, "imagesizes")).toBe(attrOf(img, "sizes"));

    // The body's library image: the same markup, lazy, its alt text kept; the external one a plain img.
    expect(body).toContain(`<source type="image/avif" srcSet="${folderOf(inline.url)}320.avif 320w`);
    const bodyImg = imgOf(body!);
    expect(attrOf(bodyImg, "alt")).toBe("The inline photo");
    expect(attrOf(bodyImg, "loading")).toBe("lazy");
    expect(attrOf(bodyImg, "width")).toBe("2400");
    expect(html).toMatch(/<img src="https:\/\/images\.example\.com\/elsewhere\.jpg" alt="External"/);

    const og = meta(html, "property", "og:image");
    expect(og).toBe(`${runtime.url}${folder}og.jpg`);
    expect(meta(html, "name", "twitter:image")).toBe(og);
    const preview = await fetch(og!);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/jpeg");

    // Every file the page names is served.
    const named = new Set(pictureFiles(html).map((f) => f.url));
    expect(named).toContain(`${folder}wide-1920.avif`);
    for (const src of named) expect((await fetch(`${runtime.url}${src}`, { method: "HEAD" })).status, src).toBe(200);
    const cut = await sharp(Buffer.from(await (await fetch(`${runtime.url}${folder}wide-768.avif`)).arrayBuffer())).metadata();
    expect([cut.width, cut.height]).toEqual([768, 403]);

    // On /blog this post (the newest) is the featured article: its photo, the page's first image and
    // on a phone its largest paint, is eager and first in line; every other card's is lazy; no image
    // is preloaded.
    const list = await eventually("/blog", (h) => h.includes(`${folder}320.avif`));
    const featuredArticle = /<section aria-labelledby="featured-heading"[\s\S]*?<\/section>/.exec(list)![0];
    const card = pictures(featuredArticle).find((p) => p.includes(folder))!;
    expect(attrOf(imgOf(card), "loading")).toBe("eager");
    expect(attrOf(imgOf(card), "fetchpriority")).toBe("high");
    // Beside its text on a large screen the featured card's slot is near 3:2: the whole photo; above
    // its text, below lg, it is about twice as wide as tall: the 1200:630 cut, which a phone picks.
    const sources = [...card.matchAll(/<source [^>]*>/g)].map(([s]) => [attrOf(s, "media"), attrOf(s, "type"), attrOf(s, "srcset")?.split(" ")[0]]);
    expect(sources).toEqual([
      ["(min-width: 1024px)", "image/avif", `${folder}320.avif`],
      ["(min-width: 1024px)", "image/webp", `${folder}320.webp`],
      [undefined, "image/avif", `${folder}wide-320.avif`],
      [undefined, "image/webp", `${folder}wide-320.webp`],
    ]);
    for (const other of pictures(list.replace(featuredArticle, ""))) expect(attrOf(imgOf(other), "loading")).toBe("lazy");
    expect(list).not.toContain('rel="preload" as="image"');

    // Once a later post is the featured one, this post's grid card (h-44, about twice as wide as
    // tall) takes the 1200:630 cut.
    await publishedPage({
      title: "A later post",
      slug: `later-post-${Date.now()}`,
      excerpt: "Pushes the photo post into the grid.",
      content: `<p>Text.</p><p><img src="${inline.url}" alt="The inline photo"></p>`,
      featured_image_url: inline.url,
      featured_image_alt: "The later cover",
    });
    const grid = await eventually("/blog", (h) => h.includes(`${folderOf(inline.url)}320.avif`) && pictures(h).some((p) => p.includes(`${folder}wide-320.avif`)));
    const gridCard = pictures(grid).find((p) => p.includes(folder))!;
    expect(gridCard).toContain(`<source type="image/avif" srcSet="${folder}wide-320.avif 320w`);
    expect(gridCard).toContain(`<source type="image/webp" srcSet="${folder}wide-320.webp 320w`);
    expect(attrOf(imgOf(gridCard), "loading")).toBe("lazy");
  });

  it("is a course's image on the Tech School page and a featured solution's on Services, lazy and cut to their wide slots", async () => {
    const title = `Photo course ${Date.now()}`;
    const folder = folderOf(cover.url);
    const made = await admin.call("POST", "/api/admin/courses", { body: { title, image_url: cover.url, image_alt: "A course photo", is_active: true, order_index: 950 } });
    expect(made.status, made.text).toBe(201);
    const service = await admin.call("POST", "/api/admin/services", { body: { title: `Photo service ${Date.now()}`, image_url: cover.url, image_alt: "A service photo" } });
    expect(service.status, service.text).toBe(201);
    try {
      const school = await eventually("/tech-school", (h) => h.includes(title) && h.includes(`${folder}wide-320.avif`));
      const course = pictures(school).find((p) => p.includes(folder))!;
      // The card's header is a band (2:1 and wider): the AVIF and WebP are the 1200:630 cut.
      expect(course).toContain(`<source type="image/avif" srcSet="${folder}wide-320.avif 320w`);
      expect(course).toContain(`<source type="image/webp" srcSet="${folder}wide-320.webp 320w`);
      expect(attrOf(imgOf(course), "alt")).toBe("A course photo");
      expect(attrOf(imgOf(course), "loading")).toBe("lazy");

      const services = await eventually("/services", (h) => h.includes(`${folder}wide-320.avif`));
      const solution = pictures(services).find((p) => p.includes(folder))!;
      expect(solution).toContain(`<source type="image/avif" srcSet="${folder}wide-320.avif 320w`);
      expect(attrOf(imgOf(solution), "alt")).toBe("A service photo");
      expect(attrOf(imgOf(solution), "loading")).toBe("lazy");
    } finally {
      await admin.call("DELETE", `/api/admin/courses/${made.json.id}`, { body: {} });
      await admin.call("DELETE", `/api/admin/services/${service.json.id}`, { body: {} });
    }
  });

  it("before an admin picks a default social image, every page without an image of its own previews the site's 1200x630 brand card", async () => {
    const expected = `${runtime.url}/social.jpg`;
    for (const path of ["/", "/about", "/services", "/tech-school", "/blog", "/contact"]) {
      const html = await eventually(path, (h) => meta(h, "property", "og:image") !== undefined);
      expect(meta(html, "property", "og:image"), path).toBe(expected);
      expect(meta(html, "name", "twitter:image"), path).toBe(expected);
    }
    const card = await fetch(expected);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toMatch(/^image\/jpeg/);
    const bytes = Buffer.from(await card.arrayBuffer());
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  it("as the default social image, is the og:image of every page without an image of its own", async () => {
    const settings = (await admin.call("GET", "/api/admin/site-settings")).json as { key: string; value: string; version: number }[];
    const setting = settings.find((s) => s.key === "default_social_image");
    expect(setting, "the Default Social Image setting").toBeTruthy();
    const saved = await admin.call("PUT", "/api/admin/site-settings", { body: { settings: [{ key: "default_social_image", value: cover.url, version: setting!.version }] } });
    expect(saved.status, saved.text).toBe(200);
    const expected = `${runtime.url}${folderOf(cover.url)}og.jpg`;
    for (const path of ["/", "/about", "/blog", "/contact"]) {
      const html = await eventually(path, (h) => meta(h, "property", "og:image") === expected);
      expect(meta(html, "name", "twitter:image"), path).toBe(expected);
      expect(meta(html, "name", "twitter:card"), path).toBe("summary_large_image");
    }
  });
});

/** Every address a page's <picture> elements and image preloads name, with the width each claims (`w` descriptors; the fallback src none). */
function pictureFiles(html: string): { url: string; width?: number }[] {
  const tags = [...html.matchAll(/<picture>[\s\S]*?<\/picture>|<link rel="preload" as="image"[^>]*>/g)].flatMap((m) => m[0].match(/<(?:source|img|link) [^>]*>/g) ?? []);
  const files: { url: string; width?: number }[] = [];
  for (const tag of tags) {
    for (const name of ["srcset", "imagesrcset"])
      for (const candidate of (attrOf(tag, name) ?? "").split(",").filter((c) => c.trim())) {
        const [url, descriptor] = candidate.trim().split(/\s+/);
        files.push({ url: url!, width: Number(descriptor!.replace(/w$/, "")) });
      }
    const src = /^<img /.test(tag) ? attrOf(tag, "src") : undefined;
    if (src) files.push({ url: src });
  }
  return files;
}

const typeOf: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

describe("an image narrower than the smallest derived width (320 px) on the public pages", () => {
  it("is a <picture> whose every source and fallback is served, at the image's own width", async () => {
    // 8 px wide: derived only at its own width (never upscaled), so its files are named 8.avif, 8.webp, 8.jpg.
    const small = await sharp({ create: { width: 8, height: 6, channels: 3, background: "#c08040" } })
      .jpeg()
      .toBuffer();
    const image = await uploadJpeg(admin, runtime.url, small, "small.jpg");
    expect((await settled(admin, image.id)).status).toBe("ready");
    const html = await publishedPage({
      title: "A post with a small image",
      slug: `small-image-${Date.now()}`,
      excerpt: "An image smaller than every derived width.",
      content: `<p>Before.</p><p><img src="${image.url}" alt="The small image in the text"></p>`,
      featured_image_url: image.url,
      featured_image_alt: "The small cover",
    });

    const folder = folderOf(image.url);
    const files = pictureFiles(html).filter((f) => f.url.startsWith(folder));
    // Only the width the record has: 8, in each format (cut to the featured slot too), and the fallback's own src.
    expect(new Set(files.map((f) => f.url))).toEqual(new Set([`${folder}8.avif`, `${folder}8.webp`, `${folder}8.jpg`, `${folder}wide-8.avif`, `${folder}wide-8.webp`]));
    expect(attrOf(imgOf(pictures(html)[0]!), "src")).toBe(`${folder}8.jpg`);
    for (const file of files) {
      const res = await fetch(`${runtime.url}${file.url}`);
      expect(res.status, file.url).toBe(200);
      expect(res.headers.get("content-type"), file.url).toBe(typeOf[file.url.slice(file.url.lastIndexOf(".") + 1)]);
      const { width } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(width, file.url).toBe(8);
      if (file.width !== undefined) expect(file.width, file.url).toBe(8);
    }
  });
});
