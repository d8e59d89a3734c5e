/**
 * The address of an uploaded image, as the media library gives it out: `/media/{yyyy}/{id}.{ext}`,
 * same-origin (zod-free, so the public pages can check image fields with it cheaply).
 */
export const MEDIA_PATH = /^\/media\/\d{4}\/[0-9a-f-]+\.(jpg|png|webp|gif|avif)$/;

export const isMediaPath = (v: string) => MEDIA_PATH.test(v);

/**
 * The files derived from an uploaded image (media/derive.ts), beside its address, in a folder named
 * after it: `/media/{yyyy}/{id}/{width}.{avif|webp|jpg|png}` for each width of DERIVED_WIDTHS up to
 * the image's own (never upscaled), `/media/{yyyy}/{id}/wide-{width}.{avif|webp}` the same cut to
 * the featured slot's shape (WIDE_CROP), and `/media/{yyyy}/{id}/og.jpg`, the 1200x630 link preview.
 * The image's own address serves it stripped of metadata, at most 1920 wide.
 */
/**
 * 768 is there for phones: an article-wide image on a 412 px screen at a device pixel ratio of 1.75
 * (Lighthouse's phone) needs 665 device pixels, and at 960 its AVIF was half again the bytes.
 */
export const DERIVED_WIDTHS = [320, 640, 768, 960, 1280, 1920] as const;
export const derivedFormats = ["avif", "webp", "jpg", "png"] as const;
export type DerivedFormat = (typeof derivedFormats)[number];
export const SOCIAL_IMAGE = { name: "og.jpg", width: 1200, height: 630, maxBytes: 300 * 1024 } as const;

/**
 * A post's featured image is shown 1200:630 (object-fit: cover, centred). Its AVIF and WebP sizes are
 * also made cut to that shape, `wide-{width}`, so a phone is not sent the 30% of a 4:3 photo the slot
 * hides: the page's largest paint, about 97 KB at 768 px, becomes about 63 KB.
 */
export const WIDE_CROP = { prefix: "wide-", width: 1200, height: 630, formats: ["avif", "webp"] as const } as const;

/** A derived size's file name in the image's folder: `640.avif`, or cut to the featured slot `wide-640.avif`. */
export const derivedName = (width: number, format: DerivedFormat, wide = false) => `${wide ? WIDE_CROP.prefix : ""}${width}.${format}`;

/**
 * A derived file's address. Its width is one of widthsFor's (media/derive.ts), and an image narrower
 * than 320 px is derived at its own width, down to 1 px: the width has 1 to 4 digits, or such an
 * image's only files are not served and its <picture> shows nothing.
 */
export const DERIVED_PATH = /^\/media\/\d{4}\/[0-9a-f-]+\/(?:[1-9]\d{0,3}\.(?:avif|webp|jpg|png)|wide-[1-9]\d{0,3}\.(?:avif|webp)|og\.jpg)$/;

/** The folder of an image's derived files: `/media/2026/abc.jpg` -> `/media/2026/abc/`. */
export const derivedFolder = (mediaPath: string) => `${mediaPath.slice(0, mediaPath.lastIndexOf("."))}/`;

/** The image address a derived file belongs to, without its extension (`/media/2026/abc`). */
export const derivedOwner = (derivedPath: string) => derivedPath.slice(0, derivedPath.lastIndexOf("/"));
