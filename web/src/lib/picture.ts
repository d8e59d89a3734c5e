import type { ImageInfo } from "@agency/core/contract/media";
import { derivedFolder, derivedName, SOCIAL_IMAGE, type DerivedFormat } from "@agency/core/contract/media-path";

/**
 * How a library image with sizes (ImageInfo) is written as `<picture>`: an AVIF and a WebP
 * `<source>` over its widths, and an `<img>` with the JPEG/PNG fallback, its size and its blurred
 * placeholder. The one description of that markup: the Picture component (JSX), the images of a
 * post's HTML (rewritten as a string, `pictureHtml`) and the featured image's preload all use it.
 */

/** What a slot is: the `sizes` of the image's width at each viewport. */
export const slotSizes = {
  /** A post's featured image and the images of its text: the article column (max-w-4xl, padded). */
  article: "(min-width: 896px) 832px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)",
  /** A card in a one, two or three column grid of the page's container (max-w-7xl). */
  card: "(min-width: 1280px) 400px, (min-width: 1024px) 30vw, (min-width: 768px) 45vw, calc(100vw - 2rem)",
  /** The blog's featured card: half the container on large screens, full width below. */
  wideCard: "(min-width: 1280px) 608px, (min-width: 1024px) 48vw, calc(100vw - 2rem)",
} as const;

/**
 * The shape a slot shows an image in: `natural` (its own), or `wide`, the featured slot's 1200:630
 * (object-fit: cover), whose AVIF and WebP sources are the sizes cut to that shape when the image has
 * them (ImageInfo.wide), so no hidden pixels are sent. `wide-below-lg` is a slot that changes shape
 * with the screen: the cut below the `lg` breakpoint, the whole image from it (sources with `media`).
 */
export type SlotShape = "natural" | "wide" | "wide-below-lg";

/** Tailwind's `lg` breakpoint (64rem), where `wide-below-lg` slots take the whole image. */
const LG = "(min-width: 1024px)";

const srcsetOf = (info: ImageInfo, format: DerivedFormat, wide = false) =>
  info.widths.map((w) => `${derivedFolder(info.url)}${derivedName(w, format, wide && info.wide)} ${w}w`).join(", ");

/** The fallback's own `src` (a browser that reads no srcset): the width nearest 960 it has. */
const fallbackWidth = (info: ImageInfo) => info.widths.filter((w) => w <= 960).at(-1) ?? info.widths[0]!;

export interface PictureParts {
  /** In the order the browser tries them: the first whose `media` matches (or has none) and whose type it decodes. */
  sources: { type: string; srcSet: string; media?: string }[];
  src: string;
  srcSet: string;
  width: number;
  height: number;
  /** The blurred placeholder under the image until it loads (none for a transparent PNG, which would show it through). */
  placeholder?: { backgroundImage: string; backgroundSize: "cover"; backgroundPosition: "center" };
}

export function pictureParts(info: ImageInfo, shape: SlotShape = "natural"): PictureParts {
  const sourcesOf = (wide: boolean, media?: string) =>
    (["avif", "webp"] as const).map((format) => ({ type: `image/${format}`, srcSet: srcsetOf(info, format, wide), ...(media && { media }) }));
  return {
    sources: shape === "wide-below-lg" && info.wide ? [...sourcesOf(false, LG), ...sourcesOf(true)] : sourcesOf(shape === "wide"),
    src: `${derivedFolder(info.url)}${derivedName(fallbackWidth(info), info.fallback)}`,
    srcSet: srcsetOf(info, info.fallback),
    width: info.width,
    height: info.height,
    placeholder: info.placeholder && info.fallback === "jpg" ? { backgroundImage: `url("${info.placeholder}")`, backgroundSize: "cover", backgroundPosition: "center" } : undefined,
  };
}

/** The `<link rel="preload">` of a page's LCP image: its AVIF sizes (every current browser decodes AVIF). */
export interface ImagePreload {
  type: string;
  imageSrcset: string;
  imageSizes: string;
}
export const imagePreload = (info: ImageInfo, sizes: string, shape: "natural" | "wide" = "natural"): ImagePreload => ({
  type: "image/avif",
  imageSrcset: srcsetOf(info, "avif", shape === "wide"),
  imageSizes: sizes,
});

/** The 1200x630 link preview of a library image, absolute. */
export const socialImageOf = (info: ImageInfo, origin: string) => `${origin}${derivedFolder(info.url)}${SOCIAL_IMAGE.name}`;

/** The ImageInfo of a stored address among a record's `images`, if it is a library image with sizes. */
export const infoOf = (images: Record<string, ImageInfo> | undefined, src: string | null | undefined): ImageInfo | undefined =>
  src && images && Object.hasOwn(images, src) ? images[src] : undefined;

const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The CSS text React writes for a placeholder style object (so the string form matches the component's). */
const styleText = (p: NonNullable<PictureParts["placeholder"]>) =>
  `background-image:${p.backgroundImage};background-size:${p.backgroundSize};background-position:${p.backgroundPosition}`;

/**
 * Sanitised HTML (a post's text) with each library image that has sizes written as the Picture
 * component writes one: `<picture>` with AVIF and WebP sources, lazy. Its alt text is kept, as is a
 * width and height the editor gave it (its display size); other images are left as they are. The
 * sanitisers write attributes quoted, so the tags are read with a regular expression, not a parser.
 */
export function pictureHtml(html: string, images: Record<string, ImageInfo> | undefined): string {
  if (!images || !Object.keys(images).length) return html;
  return html.replace(/<img\b([^>]*?)\s*\/?>/gi, (tag, rest: string) => {
    const attrs = new Map<string, string>();
    for (const m of rest.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) attrs.set(m[1]!.toLowerCase(), unescape(m[2] ?? m[3] ?? m[4] ?? ""));
    const info = infoOf(images, attrs.get("src"));
    if (!info) return tag;
    const parts = pictureParts(info);
    const own = Number(attrs.get("width")) > 0 && Number(attrs.get("height")) > 0;
    const width = own ? Number(attrs.get("width")) : parts.width;
    const height = own ? Number(attrs.get("height")) : parts.height;
    const sizes = own ? `(max-width: ${width + 32}px) calc(100vw - 2rem), ${width}px` : slotSizes.article;
    const sources = parts.sources.map((s) => `<source type="${s.type}" srcSet="${attr(s.srcSet)}" sizes="${attr(sizes)}"/>`).join("");
    const title = attrs.has("title") ? ` title="${attr(attrs.get("title")!)}"` : "";
    const style = parts.placeholder ? ` style="${attr(styleText(parts.placeholder))}"` : "";
    return `<picture>${sources}<img src="${attr(parts.src)}" srcSet="${attr(parts.srcSet)}" sizes="${attr(sizes)}" width="${width}" height="${height}" alt="${attr(attrs.get("alt") ?? "")}"${title} loading="lazy" decoding="async"${style}/></picture>`;
  });
}
