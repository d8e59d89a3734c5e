import type { ImageInfo } from "../contract/media";
import { db } from "../db/service";
import { NotFoundError } from "../errors";

/**
 * What a public page needs to show image `id` at the size of its slot (contract ImageInfo); 404
 * until its derived files exist. Its own module: the public content function reads it, and must not
 * load what the back office's media code does (S3, sharp, the usage scan and its sanitiser).
 */
export async function imageInfo(id: string): Promise<ImageInfo> {
  const { data: item } = await db().media.get({ id }).go();
  if (item?.status !== "complete" || item.derivation !== "ready" || !item.widths?.length) throw new NotFoundError("Image not found");
  return {
    url: `/${item.key}`,
    width: item.width ?? 0,
    height: item.height ?? 0,
    widths: item.widths,
    fallback: item.fallback ?? "jpg",
    placeholder: item.placeholder ?? "",
  };
}
