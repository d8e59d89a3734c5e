import sharp from "sharp";

/**
 * A photo-like picture made at run time: smooth random shapes with a little grain, tinted, so it
 * compresses as a camera photo does (a 12-megapixel JPEG at quality 90 is a few MB), not as noise
 * or a flat colour would. Answers the sharp pipeline, to be encoded as the caller needs.
 */
export async function photo(width: number, height: number, { grain = 0 }: { grain?: number } = {}) {
  const small = { width: Math.ceil(width / 8), height: Math.ceil(height / 8) };
  const shapes = await sharp({ create: { ...small, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
    .blur(1)
    .resize(width, height)
    .png({ compressionLevel: 1 })
    .toBuffer();
  if (!grain) return sharp(shapes).tint("#c08040");
  const fine = await sharp({
    create: { width: Math.ceil(width / 2), height: Math.ceil(height / 2), channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: grain } },
  })
    .resize(width, height)
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(
    await sharp(shapes)
      .composite([{ input: fine, blend: "overlay" }])
      .png({ compressionLevel: 1 })
      .toBuffer(),
  ).tint("#c08040");
}
