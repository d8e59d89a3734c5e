// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "@agency/core/html";
import type { ImageInfo } from "@agency/core/contract/media";
import { sanitize } from "../ui/safe-html";
import { imagePreload, pictureHtml, slotSizes, socialImageOf } from "../../lib/picture";
import { Picture } from "./picture";

/**
 * The one markup of a library image on the public pages: <picture> with AVIF and WebP sources over
 * its widths and an <img> with the fallback, its size, alt text and blurred placeholder; eager with
 * fetchpriority="high" only for the page's LCP image. Images inside a post's HTML become the same
 * markup, whichever sanitiser wrote the HTML; external images stay plain.
 */
const info: ImageInfo = {
  url: "/media/2026/0a1b2c3d.jpg",
  width: 4000,
  height: 3000,
  widths: [320, 640, 960, 1280, 1920],
  fallback: "jpg",
  placeholder: "data:image/webp;base64,UklGRg==",
  wide: true,
};
const images = { [info.url]: info };
const dom = (html: string) => {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
};

describe("Picture", () => {
  it("writes a library image with sizes as <picture>: AVIF and WebP sources, the fallback's srcset, its size, alt and placeholder, lazy", () => {
    const root = dom(renderToStaticMarkup(<Picture src={info.url} images={images} alt="A lake" sizes={slotSizes.card} className="w-full" />));
    const sources = [...root.querySelectorAll("picture > source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]!.getAttribute("srcset")).toBe(
      "/media/2026/0a1b2c3d/320.avif 320w, /media/2026/0a1b2c3d/640.avif 640w, /media/2026/0a1b2c3d/960.avif 960w, /media/2026/0a1b2c3d/1280.avif 1280w, /media/2026/0a1b2c3d/1920.avif 1920w",
    );
    expect(sources.every((s) => s.getAttribute("sizes") === slotSizes.card)).toBe(true);
    const img = root.querySelector("picture > img")!;
    expect(img.getAttribute("src")).toBe("/media/2026/0a1b2c3d/960.jpg");
    expect(img.getAttribute("srcset")).toContain("/media/2026/0a1b2c3d/1920.jpg 1920w");
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["4000", "3000"]);
    expect(img.getAttribute("alt")).toBe("A lake");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
    expect(img.hasAttribute("fetchpriority")).toBe(false);
    expect(img.getAttribute("style")).toContain('background-image:url("data:image/webp;base64,UklGRg==")');
    expect(img.getAttribute("class")).toBe("w-full");
  });

  it("makes the page's LCP image eager with fetchpriority high, and its preload names the same AVIF sizes", () => {
    const root = dom(renderToStaticMarkup(<Picture src={info.url} images={images} alt="" sizes={slotSizes.article} priority />));
    const img = root.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    const preload = imagePreload(info, slotSizes.article);
    expect(preload.imageSrcset).toBe(root.querySelector('source[type="image/avif"]')!.getAttribute("srcset"));
    expect(preload.imageSizes).toBe(img.getAttribute("sizes"));
  });

  it("gives the featured slot (1200:630) the sizes cut to its shape as AVIF and WebP, its preload the same, and keeps the whole image as the fallback", () => {
    const root = dom(renderToStaticMarkup(<Picture src={info.url} images={images} alt="" sizes={slotSizes.article} shape="wide" priority />));
    const avif = root.querySelector('source[type="image/avif"]')!.getAttribute("srcset")!;
    expect(avif).toBe(info.widths.map((w) => `/media/2026/0a1b2c3d/wide-${w}.avif ${w}w`).join(", "));
    expect(root.querySelector('source[type="image/webp"]')!.getAttribute("srcset")).toBe(avif.replace(/\.avif/g, ".webp"));
    expect(root.querySelector("img")!.getAttribute("srcset")).toContain("/media/2026/0a1b2c3d/320.jpg 320w");
    expect(imagePreload(info, slotSizes.article, "wide").imageSrcset).toBe(avif);
    // An image derived before the crop existed, or a panorama, keeps its own sizes in that slot.
    const uncut = { ...info, wide: false };
    const plain = dom(renderToStaticMarkup(<Picture src={info.url} images={{ [info.url]: uncut }} alt="" sizes={slotSizes.article} shape="wide" />));
    expect(plain.querySelector('source[type="image/avif"]')!.getAttribute("srcset")).toBe(imagePreload(uncut, slotSizes.article, "wide").imageSrcset);
    expect(plain.querySelector('source[type="image/avif"]')!.getAttribute("srcset")).not.toContain("wide-");
  });

  it("keeps an external image, or one still processing, a plain lazy <img>; an unusable address shows nothing", () => {
    const external = dom(renderToStaticMarkup(<Picture src="https://cdn.example.com/a.jpg" images={images} alt="Ext" sizes={slotSizes.card} width={800} height={450} />));
    expect(external.querySelector("picture")).toBeNull();
    expect(external.innerHTML).toContain('src="https://cdn.example.com/a.jpg"');
    expect(external.querySelector("img")!.getAttribute("loading")).toBe("lazy");
    const processing = dom(renderToStaticMarkup(<Picture src="/media/2026/ffff.jpg" images={images} alt="" sizes={slotSizes.card} />));
    expect(processing.querySelector("picture")).toBeNull();
    expect(processing.querySelector("img")!.getAttribute("src")).toBe("/media/2026/ffff.jpg");
    expect(renderToStaticMarkup(<Picture src="javascript:alert(1)" alt="" sizes={slotSizes.card} />)).toBe("");
  });

  it("gives a transparent image (PNG fallback) no placeholder, which would show through it", () => {
    const png = { ...info, fallback: "png" as const };
    const img = dom(renderToStaticMarkup(<Picture src={info.url} images={{ [info.url]: png }} alt="" sizes={slotSizes.card} />)).querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/media/2026/0a1b2c3d/960.png");
    expect(img.hasAttribute("style")).toBe(false);
  });

  it("links a library image's preview to its derived 1200x630 JPEG, absolute", () => {
    expect(socialImageOf(info, "https://example.com")).toBe("https://example.com/media/2026/0a1b2c3d/og.jpg");
  });
});

describe("images inside a post's HTML", () => {
  const stored = `<p>Intro</p><p><img src="${info.url}" alt="A &quot;quoted&quot; lake" /></p><img src="https://example.com/x.png" alt="External">`;

  it.each([
    ["the server's sanitiser (pages rendered on the server)", async () => await sanitizeHtml(stored)],
    ["DOMPurify (the browser)", async () => sanitize(stored)],
  ])("become the Picture component's markup, lazy, after %s", async (_, sanitised) => {
    const html = pictureHtml(await sanitised(), images);
    const expected = renderToStaticMarkup(<Picture src={info.url} images={images} alt={'A "quoted" lake'} sizes={slotSizes.article} />);
    expect(html).toContain(expected);
    expect(html).toMatch(/<img src="https:\/\/example\.com\/x\.png" alt="External"\s*\/?>/);
    expect(html.match(/<picture>/g)).toHaveLength(1);
  });

  it("keep a width and height the editor gave, as their display size", () => {
    const html = pictureHtml(`<img src="${info.url}" alt="" width="300" height="200">`, images);
    const img = dom(html).querySelector("img")!;
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["300", "200"]);
    expect(img.getAttribute("sizes")).toBe("(max-width: 332px) calc(100vw - 2rem), 300px");
  });

  it("are left alone without sizes to use", () => {
    const html = `<p><img src="${info.url}" alt="x"></p>`;
    expect(pictureHtml(html, {})).toBe(html);
    expect(pictureHtml(html, undefined)).toBe(html);
  });
});
