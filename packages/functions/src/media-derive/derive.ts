import { Media } from "@agency/core/media/media";
import { invalidate, invalidateCdn } from "../invalidate";

/** The public read of an image's sizes (routes.ts), which every page showing the image reads. */
export const imageInfoPath = (id: string) => `/api/images/${encodeURIComponent(id)}`;

/**
 * Derives image `id` (Media.derive) and, once its sizes exist, re-renders the pages that show it
 * (they read its sizes: imageInfoPath) and drops the CDN's copies of them and of its own address
 * (which an image stored before derivation served with its metadata). The local runtime runs this
 * when an upload completes; in AWS the media-derive function, on the original's arrival.
 */
export async function deriveImage(id: string, options: { again?: boolean } = {}) {
  const result = await Media.derive(id, options);
  if (result === "ready") {
    await invalidate([imageInfoPath(id)]);
    await invalidateCdn([
      (await Media.get(id).then(
        (m) => `/${m.key}`,
        () => "",
      )) || imageInfoPath(id),
    ]);
  }
  return result;
}
