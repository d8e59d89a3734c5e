import type { ImageType } from "../contract/media";

/**
 * Whether a file's first bytes are those of an image of `type`. The browser says what a file is,
 * and the POST policy holds it to that Content-Type, but nothing in S3 looks at the bytes: a text
 * file (or HTML) named photo.jpg would be stored, and served, as an image. So the completed upload
 * is read back (its first 32 bytes) and refused unless the signature matches the claimed type.
 */
export const MAGIC_BYTES_NEEDED = 32;

const ascii = (bytes: Uint8Array, at: number, text: string) => bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
const prefix = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const checks: Record<ImageType, (bytes: Uint8Array) => boolean> = {
  "image/jpeg": (b) => prefix(b, [0xff, 0xd8, 0xff]),
  "image/png": (b) => prefix(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/gif": (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a"),
  "image/webp": (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP"),
  // An ISO BMFF file: a box whose size is bytes 0-3, type "ftyp" at 4, major brand at 8.
  "image/avif": (b) => ascii(b, 4, "ftyp") && (ascii(b, 8, "avif") || ascii(b, 8, "avis")),
};

export function isImageOfType(bytes: Uint8Array, type: ImageType): boolean {
  return checks[type](bytes);
}
