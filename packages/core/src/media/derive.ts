import { createRequire } from "node:module";
import type { Sharp, SharpOptions } from "sharp";
import { imageExtensions, uploadMessages, type ImageType } from "../contract/media";
import { DERIVED_WIDTHS, derivedName, SOCIAL_IMAGE, WIDE_CROP, type DerivedFormat } from "../contract/media-path";

/**
 * What an uploaded image becomes before any visitor sees it (sharp; loaded on first use, so nothing
 * else pays for libvips):
 *
 * - {@link inspectImage} reads the whole file once, as completing an upload does: the bytes must
 *   decode, completely, as the claimed type and within {@link MAX_INPUT_PIXELS}. It answers the
 *   displayed size (after the camera's orientation) and a tiny blurred placeholder.
 * - {@link prepareImage} adds the image in its own format at most 1920 wide, what its `/media/...`
 *   address serves from the moment its upload is completed.
 * - {@link deriveImage} makes the files a page picks from: the image at each width of
 *   {@link DERIVED_WIDTHS} up to its own (never upscaled) as AVIF, WebP and a JPEG (PNG when it has
 *   transparency) fallback, the AVIF and WebP again cut to the featured slot's 1200:630 when the image
 *   is taller than that ({@link wantsWide}), and a 1200x630 JPEG crop for link previews, at most
 *   300 KB. Orientation is
 *   applied and no metadata is kept (sharp writes none unless asked: no EXIF, GPS, XMP, serial
 *   numbers, and no ICC profile beyond the sRGB the pixels are converted to).
 *
 * A file that is not an image of its type, is cut short or corrupt, or would decode to more than
 * MAX_INPUT_PIXELS (a "decompression bomb": a few KB of PNG can claim 20,000 x 20,000) throws
 * {@link RefusedImage}, which completing answers as a 422 naming `file`.
 */

/** About 100 megapixels (12,000 x 8,000): more than any camera a site owner uploads from. */
export const MAX_INPUT_PIXELS = 100_000_000;

export class RefusedImage extends Error {}

type SharpFn = typeof import("sharp");
let loaded: SharpFn | undefined;
/**
 * sharp by `require`, on first use: in Lambda it is no part of the bundle but the layer's
 * (/opt/nodejs/node_modules, infra/media.ts), which Node's `require` finds (NODE_PATH) and an ES
 * `import` would not.
 */
const sharpModule = async () => (loaded ??= createRequire(import.meta.url)("sharp") as SharpFn);

/** sharp's name of each type's format, as its metadata reports it. */
const formatOf: Record<ImageType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "heif",
};

/** Strict reading: a truncated or corrupt file is an error, not a grey half-image. First frame only. */
const readOptions: SharpOptions = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false, sequentialRead: true };

export interface Inspected {
  width: number;
  height: number;
  /** Whether the image has transparency (its fallback is then PNG). */
  alpha: boolean;
  /** A blurred 16-pixel version as a `data:image/webp;base64,...` URL (a few hundred bytes). */
  placeholder: string;
}

async function open(bytes: Uint8Array, type: ImageType): Promise<{ image: Sharp; width: number; height: number; alpha: boolean }> {
  const sharp = await sharpModule();
  let meta;
  try {
    meta = await sharp(bytes, readOptions).metadata();
  } catch (err) {
    throw refusalOf(err, type);
  }
  // AVIF and HEIC both read as "heif": only AVIF's compression is accepted for image/avif.
  if (meta.format !== formatOf[type] || (type === "image/avif" && meta.compression !== "av1")) throw new RefusedImage(uploadMessages.notValid(type));
  if (!meta.width || !meta.height) throw new RefusedImage(uploadMessages.notValid(type));
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new RefusedImage(uploadMessages.tooManyPixels);
  const { width, height } = meta.autoOrient ?? meta;
  return { image: sharp(bytes, readOptions), width, height, alpha: Boolean(meta.hasAlpha) };
}

/** The pipeline every output starts from: oriented, in sRGB (CMYK and 16-bit inputs included), 8 bits. */
const upright = (image: Sharp) => image.rotate().toColourspace("srgb");

/** What libvips' refusal of a file means to the admin who uploaded it. */
function refusalOf(err: unknown, type: ImageType): RefusedImage {
  if (err instanceof RefusedImage) return err;
  const message = (err as Error)?.message ?? "";
  return new RefusedImage(/pixel limit/i.test(message) ? uploadMessages.tooManyPixels : uploadMessages.notValid(type));
}

async function decodeOrRefuse<T>(type: ImageType, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw refusalOf(err, type);
  }
}

/** Checks the bytes as an image of `type` (decoding all of it) and answers its size and placeholder. */
export async function inspectImage(bytes: Uint8Array, type: ImageType): Promise<Inspected> {
  const { image, width, height, alpha } = await open(bytes, type);
  const tiny = await decodeOrRefuse(type, () => upright(image).resize(16, 16, { fit: "inside" }).blur(1).webp({ quality: 40, alphaQuality: 40 }).toBuffer());
  return { width, height, alpha, placeholder: `data:image/webp;base64,${tiny.toString("base64")}` };
}

/** The widths an image of `width` is derived at: each of DERIVED_WIDTHS below it, and its own (at most the largest). */
export function widthsFor(width: number): number[] {
  const largest = DERIVED_WIDTHS[DERIVED_WIDTHS.length - 1]!;
  return [...new Set([...DERIVED_WIDTHS.filter((w) => w < width), Math.min(width, largest)])];
}

/**
 * Whether an image of this displayed size gets the featured slot's crop (WIDE_CROP): when the slot
 * would hide more than a twentieth of it. A photo (4:3, 3:2, 16:9) does; a panorama does not.
 */
export const wantsWide = (width: number, height: number): boolean => width * WIDE_CROP.height * 1.05 < height * WIDE_CROP.width;

export interface DerivedFile {
  /** Where it goes in the image's folder: `640.avif`, `og.jpg`. */
  name: string;
  contentType: string;
  body: Buffer;
}

export interface Derived extends Inspected {
  widths: number[];
  /** The fallback format of the variants: JPEG, or PNG for an image with transparency. */
  fallback: Extract<DerivedFormat, "jpg" | "png">;
  /** Whether `wide-{width}.{avif,webp}` were made (see {@link wantsWide}). */
  wide: boolean;
  files: DerivedFile[];
}

const contentTypes: Record<DerivedFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

function encode(image: Sharp, format: DerivedFormat | "gif"): Sharp {
  switch (format) {
    case "avif":
      // Quality 45 (sharp's default is 50): a 768 px phone photo in about 90 KB instead of 105 KB, at
      // the same encoding time; effort stays 0, since effort 4 saves 7% at eight times the time.
      return image.avif({ quality: 45, effort: 0 });
    case "webp":
      return image.webp({ quality: 72, effort: 2 });
    case "jpg":
      // Plain libjpeg: mozjpeg saves a fifth but takes eight times as long, for the rare browser without WebP.
      return image.jpeg({ quality: 78, progressive: true });
    case "png":
      return image.png({ compressionLevel: 9, palette: false });
    case "gif":
      return image.gif();
  }
}

/** The 1200x630 link-preview crop as JPEG, its quality lowered until it is within SOCIAL_IMAGE.maxBytes. */
async function socialJpeg(base: Sharp): Promise<Buffer> {
  const cropped = await base
    .clone()
    .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: "cover", position: "attention" })
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sharp = await sharpModule();
  const { width, height, channels } = cropped.info;
  for (const quality of [80, 70, 60, 50, 40]) {
    const out = await sharp(cropped.data, { raw: { width, height, channels } }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (out.length <= SOCIAL_IMAGE.maxBytes || quality === 40) return out;
  }
  throw new Error("unreachable");
}

/**
 * What completing an upload serves at once, at the image's own address: the image in its own format,
 * upright, without metadata, at most 1920 wide; with its size and placeholder. Refuses what
 * {@link inspectImage} refuses.
 */
export async function prepareImage(bytes: Uint8Array, type: ImageType): Promise<Inspected & { served: Buffer }> {
  const inspected = await inspectImage(bytes, type);
  const { image } = await open(bytes, type);
  const largest = DERIVED_WIDTHS[DERIVED_WIDTHS.length - 1]!;
  const served = await decodeOrRefuse(type, () =>
    encode(upright(image).resize({ width: largest, withoutEnlargement: true }), imageExtensions[type] as DerivedFormat | "gif").toBuffer(),
  );
  return { ...inspected, served };
}

/** Every derived file of an image (see the module's comment): its variants and its link preview. */
export async function deriveImage(bytes: Uint8Array, type: ImageType): Promise<Derived> {
  const inspected = await inspectImage(bytes, type);
  const { image } = await open(bytes, type);
  const widths = widthsFor(inspected.width);
  return decodeOrRefuse(type, async () => {
    const sharp = await sharpModule();
    // Decoded once, at the largest width served; every other file is made from these pixels.
    const largest = widths[widths.length - 1]!;
    const sized = upright(image).resize({ width: largest, withoutEnlargement: true });
    let decoded = await (inspected.alpha ? sized.ensureAlpha() : sized.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
    const fromRaw = (d: typeof decoded) => sharp(d.data, { raw: { width: d.info.width, height: d.info.height, channels: d.info.channels } });
    // An alpha band that is opaque everywhere (every GIF has one) is no transparency: JPEG will do.
    const alpha = inspected.alpha && !(await fromRaw(decoded).stats()).isOpaque;
    if (inspected.alpha && !alpha) decoded = await fromRaw(decoded).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const fallback = alpha ? "png" : "jpg";
    const raw = () => fromRaw(decoded);
    const files: DerivedFile[] = [];
    for (const w of widths) {
      const resized = await raw().resize({ width: w }).raw().toBuffer({ resolveWithObject: true });
      for (const format of ["avif", "webp", fallback] as const) {
        files.push({ name: derivedName(w, format), contentType: contentTypes[format], body: await encode(fromRaw(resized), format).toBuffer() });
      }
    }
    // The featured slot's shape: the centre of the image (where object-fit: cover shows it), cut once
    // at the largest width and resized from there.
    const wide = wantsWide(inspected.width, inspected.height);
    if (wide) {
      const cutHeight = Math.max(1, Math.round((largest * WIDE_CROP.height) / WIDE_CROP.width));
      const top = Math.floor((decoded.info.height - cutHeight) / 2);
      const cut = await raw().extract({ left: 0, top, width: decoded.info.width, height: cutHeight }).raw().toBuffer({ resolveWithObject: true });
      for (const w of widths) {
        const resized = await fromRaw(cut).resize({ width: w }).raw().toBuffer({ resolveWithObject: true });
        for (const format of WIDE_CROP.formats) {
          files.push({ name: derivedName(w, format, true), contentType: contentTypes[format], body: await encode(fromRaw(resized), format).toBuffer() });
        }
      }
    }
    files.push({ name: SOCIAL_IMAGE.name, contentType: "image/jpeg", body: await socialJpeg(raw()) });
    return { ...inspected, alpha, widths, fallback, wide, files };
  });
}
