import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SOCIAL_IMAGE } from "../contract/media-path";
import { makePngBomb } from "../../../../tests/support/png";
import { photo } from "../../../../tests/support/photo";
import { deriveImage, inspectImage, prepareImage, RefusedImage, widthsFor } from "./derive";

const GPS = { GPSMapDatum: "WGS-84", GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 3230/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 4366/100" };

async function cameraJpeg() {
  return (await photo(1600, 1200))
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15" }, IFD2: { BodySerialNumber: "SN-0042-SECRET" }, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Person</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => (err instanceof RefusedImage ? err.message : `not refused: ${String(err)}`),
  );

describe("deriving an uploaded image", { timeout: 120_000 }, () => {
  it("makes AVIF, WebP and JPEG at each width up to the image's own, turned upright, the AVIF and WebP cut to the featured slot's 1200:630, a 1200x630 preview, and a placeholder", async () => {
    const d = await deriveImage(await cameraJpeg(), "image/jpeg");
    // Orientation 6: the 1600x1200 picture stands as 1200x1600.
    expect([d.width, d.height]).toEqual([1200, 1600]);
    expect(d.widths).toEqual([320, 640, 768, 960, 1200]);
    expect(d.fallback).toBe("jpg");
    expect(d.files.map((f) => f.name)).toEqual([
      "320.avif",
      "320.webp",
      "320.jpg",
      "640.avif",
      "640.webp",
      "640.jpg",
      "768.avif",
      "768.webp",
      "768.jpg",
      "960.avif",
      "960.webp",
      "960.jpg",
      "1200.avif",
      "1200.webp",
      "1200.jpg",
      ...[320, 640, 768, 960, 1200].flatMap((w) => [`wide-${w}.avif`, `wide-${w}.webp`]),
      "og.jpg",
    ]);
    expect(d.wide).toBe(true);
    for (const f of d.files) {
      const m = await sharp(f.body).metadata();
      expect({ name: f.name, format: m.format === "heif" ? "avif" : m.format }).toEqual({ name: f.name, format: f.contentType.split("/")[1] });
      const w = Number.parseInt(f.name, 10);
      if (w) expect([m.width, m.height]).toEqual([w, Math.round((w * 1600) / 1200)]);
      const wide = /^wide-(\d+)\./.exec(f.name);
      if (wide) expect({ name: f.name, size: [m.width, m.height] }).toEqual({ name: f.name, size: [Number(wide[1]), Math.round((Number(wide[1]) * 630) / 1200)] });
    }
    // The cut is the image's centre, where the slot's object-fit: cover shows it: the same pixels as
    // the 320 px size's middle band (within the encoders' losses).
    const band = await sharp(d.files.find((f) => f.name === "320.webp")!.body)
      .extract({ left: 0, top: Math.floor((427 - 168) / 2), width: 320, height: 168 })
      .raw()
      .toBuffer();
    const cut = await sharp(d.files.find((f) => f.name === "wide-320.webp")!.body)
      .raw()
      .toBuffer();
    const meanDifference = cut.reduce((sum, v, i) => sum + Math.abs(v - band[i]!), 0) / cut.length;
    expect(meanDifference).toBeLessThan(12);
    const og = d.files.find((f) => f.name === SOCIAL_IMAGE.name)!;
    const ogMeta = await sharp(og.body).metadata();
    expect([ogMeta.width, ogMeta.height]).toEqual([1200, 630]);
    expect(og.body.length).toBeLessThanOrEqual(SOCIAL_IMAGE.maxBytes);
    expect(d.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(d.placeholder.length).toBeLessThan(1000);
    const own = await sharp((await prepareImage(await cameraJpeg(), "image/jpeg")).served).metadata();
    expect([own.format, own.width, own.height]).toEqual(["jpeg", 1200, 1600]);
  });

  it("keeps no EXIF, GPS position, serial number or XMP in any file it makes", async () => {
    const input = await cameraJpeg();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from("WGS-84"))).toBe(true); // the position's GPS block
    expect(before.exif?.includes(Buffer.from("SN-0042-SECRET"))).toBe(true); // the fixture carries them
    expect(before.xmp).toBeDefined();
    const d = await deriveImage(input, "image/jpeg");
    const { served } = await prepareImage(input, "image/jpeg");
    for (const f of [...d.files, { name: "its own address", body: served }]) {
      const m = await sharp(f.body).metadata();
      expect({ name: f.name, exif: m.exif, xmp: m.xmp, iptc: m.iptc, orientation: m.orientation }).toEqual({
        name: f.name,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      for (const secret of ["SN-0042-SECRET", "PhoneMaker", "Secret Person", "WGS-84"]) expect(f.body.includes(Buffer.from(secret))).toBe(false);
    }
  });

  it("cuts no featured-slot sizes from an image already as wide as the slot (a panorama)", async () => {
    const panorama = await sharp({ create: { width: 1600, height: 600, channels: 3, background: "#3366aa" } })
      .jpeg()
      .toBuffer();
    const d = await deriveImage(panorama, "image/jpeg");
    expect(d.wide).toBe(false);
    expect(d.files.filter((f) => f.name.startsWith("wide-"))).toEqual([]);
  });

  it("never upscales: a small image is served at its own width only", async () => {
    expect(widthsFor(4000)).toEqual([320, 640, 768, 960, 1280, 1920]);
    expect(widthsFor(1280)).toEqual([320, 640, 768, 960, 1280]);
    expect(widthsFor(200)).toEqual([200]);
    const d = await deriveImage(await (await photo(200, 100)).png().toBuffer(), "image/png");
    expect(d.widths).toEqual([200]);
    expect((await sharp(d.files[0]!.body).metadata()).width).toBe(200);
  });

  it("refuses a 20,000 x 20,000 PNG of a few kilobytes without decoding it", async () => {
    const bomb = makePngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    expect(await refusal(inspectImage(bomb, "image/png"))).toBe("The image is larger than 100 megapixels");
    expect(await refusal(deriveImage(bomb, "image/png"))).toBe("The image is larger than 100 megapixels");
  });

  it("refuses a truncated JPEG, garbage, and bytes of another type than claimed", async () => {
    const jpeg = await (await photo(800, 600)).jpeg().toBuffer();
    expect(await refusal(inspectImage(jpeg.subarray(0, jpeg.length / 2), "image/jpeg"))).toBe("The file is not a valid JPEG image");
    expect(await refusal(inspectImage(Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(5000, 7)]), "image/jpeg"))).toBe("The file is not a valid JPEG image");
    const png = await (await photo(64, 64)).png().toBuffer();
    expect(await refusal(inspectImage(png, "image/jpeg"))).toBe("The file is not a valid JPEG image");
    expect(await refusal(inspectImage(jpeg, "image/webp"))).toBe("The file is not a valid WebP image");
    expect(await refusal(inspectImage(Buffer.from("<html><script>alert(1)</script></html>"), "image/gif"))).toBe("The file is not a valid GIF image");
  });

  it("turns a CMYK JPEG into sRGB", async () => {
    const cmyk = await (await photo(640, 480)).toColourspace("cmyk").jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    const d = await deriveImage(cmyk, "image/jpeg");
    for (const f of d.files) {
      const m = await sharp(f.body).metadata();
      expect({ name: f.name, space: m.space, channels: m.channels }).toEqual({ name: f.name, space: "srgb", channels: 3 });
    }
  });

  it("serves a 16-bit PNG as 8-bit files", async () => {
    const deep = await (await photo(400, 300)).toColourspace("rgb16").png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe("ushort");
    const d = await deriveImage(deep, "image/png");
    expect([d.width, d.height]).toEqual([400, 300]);
    for (const f of d.files) expect({ name: f.name, depth: (await sharp(f.body).metadata()).depth }).toEqual({ name: f.name, depth: "uchar" });
  });

  it("keeps transparency, with PNG as the fallback", async () => {
    const clear = await sharp({ create: { width: 500, height: 400, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 0.4 } } })
      .png()
      .toBuffer();
    const d = await deriveImage(clear, "image/png");
    expect(d.alpha).toBe(true);
    expect(d.fallback).toBe("png");
    expect(d.files.map((f) => f.name).filter((n) => n.startsWith("320."))).toEqual(["320.avif", "320.webp", "320.png"]);
    for (const f of d.files.filter((f) => f.name !== "og.jpg")) expect({ name: f.name, alpha: (await sharp(f.body).metadata()).hasAlpha }).toEqual({ name: f.name, alpha: true });
  });

  it("serves an animated GIF's first frame", async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const d = await deriveImage(gif, "image/gif");
    expect([d.width, d.height]).toEqual([300, 200]);
    const webp = d.files.find((f) => f.name === "300.webp")!;
    const { dominant } = await sharp(webp.body).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });
});
