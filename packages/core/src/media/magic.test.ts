import { describe, expect, it } from "vitest";
import { imageTypes, type ImageType } from "../contract/media";
import { isImageOfType } from "./magic";

const bytes = (...parts: (number[] | string)[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

/** The first bytes of a real file of each type (headers as the encoders write them). */
const samples: Record<ImageType, Uint8Array> = {
  "image/jpeg": bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0]),
  "image/png": bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"),
  "image/gif": bytes("GIF89a", [1, 0, 1, 0]),
  "image/webp": bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "),
  "image/avif": bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1"),
};

describe("the magic-byte check of a completed upload", () => {
  it("accepts each type's signature", () => {
    for (const type of imageTypes) expect(isImageOfType(samples[type], type), type).toBe(true);
  });

  it("accepts the older GIF87a and animated AVIF (avis) signatures", () => {
    expect(isImageOfType(bytes("GIF87a", [1, 0]), "image/gif")).toBe(true);
    expect(isImageOfType(bytes([0, 0, 0, 0x20], "ftypavis"), "image/avif")).toBe(true);
  });

  it("refuses every other type's bytes under a claimed type", () => {
    for (const claimed of imageTypes) {
      for (const actual of imageTypes) {
        if (actual !== claimed) expect(isImageOfType(samples[actual], claimed), `${actual} as ${claimed}`).toBe(false);
      }
    }
  });

  it("refuses text, HTML, SVG, an empty file and a truncated signature", () => {
    const others = [bytes("hello, this is plain text"), bytes("<!doctype html><script>"), bytes('<svg xmlns="http://www.w3.org/2000/svg">'), bytes()];
    for (const type of imageTypes) for (const other of others) expect(isImageOfType(other, type), type).toBe(false);
    expect(isImageOfType(bytes([0x89], "PNG", [0x0d, 0x0a]), "image/png")).toBe(false);
    expect(isImageOfType(bytes("RIFF", [0, 0, 0, 0], "WAVE"), "image/webp")).toBe(false);
    expect(isImageOfType(bytes([0, 0, 0, 0x1c], "ftypheic"), "image/avif")).toBe(false);
    expect(isImageOfType(bytes([0, 0, 0, 0x1c], "ftyp"), "image/avif")).toBe(false);
  });
});
