import { crc32, deflateSync } from "node:zlib";

/**
 * A real 1×1 PNG, one red pixel: signature, IHDR, IDAT and IEND chunks with their CRCs. `note`, when
 * given, goes in a tEXt chunk, so each caller's image is a file of its own: the media library takes
 * the same bytes uploaded again as the image it already holds.
 */
export function makePng(note?: string): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]); // 1×1, 8-bit RGBA
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0, 255])); // filter byte, then RGBA
  const text = note === undefined ? [] : [chunk("tEXt", Buffer.from(`Comment\0${note}`, "latin1"))];
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), ...text, chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

/**
 * A "decompression bomb": a valid PNG of 20,000 x 20,000 one-bit pixels (400 megapixels) in a few
 * tens of KB, since rows of zeros compress to almost nothing.
 */
export function makePngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20000, 0);
  header.writeUInt32BE(20000, 4);
  header[8] = 1; // one bit per pixel, greyscale
  const rows = deflateSync(Buffer.alloc(20000 * (1 + 2500)), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", rows), chunk("IEND", Buffer.alloc(0))]);
}
