import type { ImageInfo, WithImages } from "../contract/media";
import { isMediaPath, SOCIAL_IMAGE, derivedFolder } from "../contract/media-path";
import { config } from "../config";
import { untilProcessed } from "../db/batch";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { MediaEntity } from "./entity";
import type { EntityItem } from "electrodb";

/**
 * What a public page needs to show image `id` at the size of its slot (contract ImageInfo); 404
 * until its derived files exist. Its own module: the public content function reads it, and must not
 * load what the back office's media code does (S3, sharp, the usage scan and its sanitiser).
 */
export async function imageInfo(id: string): Promise<ImageInfo> {
  const { data: item } = await db().media.get({ id }).go();
  const info = item && infoOf(item);
  if (!info) throw new NotFoundError("Image not found");
  return info;
}

type MediaRecord = EntityItem<typeof MediaEntity>;

/** A record's ImageInfo, or undefined until its derived files exist. */
function infoOf(item: MediaRecord): ImageInfo | undefined {
  if (item.status !== "complete" || item.derivation !== "ready" || !item.widths?.length) return undefined;
  return {
    url: `/${item.key}`,
    width: item.width ?? 0,
    height: item.height ?? 0,
    widths: item.widths,
    fallback: item.fallback ?? "jpg",
    placeholder: item.placeholder ?? "",
    wide: item.wide ?? false,
  };
}

/**
 * The media library's image a stored address names, as `/media/{yyyy}/{id}.{ext}`: the path itself
 * or its absolute form on this site (`${PUBLIC_URL}/media/...`, what http(s)-only fields hold);
 * undefined for any other address (an external image).
 */
export function libraryPath(url: string | null | undefined): string | undefined {
  const trimmed = (url ?? "").trim();
  const path = trimmed.startsWith(config.publicUrl) ? trimmed.slice(config.publicUrl.length) : trimmed;
  return isMediaPath(path) ? path : undefined;
}

const idOf = (path: string) => path.slice(path.lastIndexOf("/") + 1, path.lastIndexOf("."));

/** The library images of a post's HTML: the `src` of each `<img>` (as the sanitiser writes them, quoted). */
export const htmlImageUrls = (html: string | null | undefined): string[] =>
  [...(html ?? "").matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => (m[1] ?? m[2] ?? "").replace(/&amp;/g, "&"));

/**
 * The ImageInfo of every library image among `urls` whose sizes exist, keyed by the address as
 * stored (what a page has in hand): one BatchGet for all of them. External addresses, and images
 * still processing or unknown, are left out (a page shows those as a plain <img>).
 */
export async function imageInfos(urls: Iterable<string | null | undefined>): Promise<Record<string, ImageInfo>> {
  const byId = new Map<string, string[]>();
  for (const url of urls) {
    const path = url && libraryPath(url);
    if (!path) continue;
    const id = idOf(path);
    byId.set(id, [...(byId.get(id) ?? []), url]);
  }
  if (!byId.size) return {};
  const keys = [...byId.keys()].map((id) => ({ id }));
  const records = await untilProcessed(
    keys,
    (k) => String(k.id),
    (batch) => db().media.get(batch).go(),
  );
  const out: Record<string, ImageInfo> = {};
  for (const record of records) {
    const info = infoOf(record);
    if (info) for (const url of byId.get(record.id) ?? []) out[url] = info;
  }
  return out;
}

/** `items` each with `images`: the ImageInfo of the addresses `urlsOf` names in it (one BatchGet for all). */
export async function withImages<T>(items: T[], urlsOf: (item: T) => (string | null | undefined)[]): Promise<(T & WithImages)[]> {
  const all = await imageInfos(items.flatMap(urlsOf));
  return items.map((item) => {
    const images: Record<string, ImageInfo> = {};
    for (const url of urlsOf(item)) if (url && all[url]) images[url] = all[url];
    return { ...item, images };
  });
}

/** The 1200x630 link preview of a library image whose sizes exist (`/media/{yyyy}/{id}/og.jpg`). */
export const socialImagePath = (info: ImageInfo) => `${derivedFolder(info.url)}${SOCIAL_IMAGE.name}`;
