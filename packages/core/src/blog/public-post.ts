import type { PublicBlogPostSummary } from "../contract/blog";
import { htmlImageUrls, withImages } from "../media/info";
import { summaryOf, type BlogPost } from "./blog";

// Apart from blog.ts: only the public reads size images, so the admin functions load none of media/info.ts at a cold start.

/**
 * What the public reads answer: the post without its redirect bookkeeping, with its read time and
 * the sizes of its library images (featured, social and those of its content: media/info.ts).
 */
export const publicPost = async ({ old_slugs: _, ...post }: BlogPost) => {
  const [withSizes] = await withImages([{ ...post, read_time: summaryOf(post).read_time }], (p) => [p.featured_image_url, p.social_image_url, ...htmlImageUrls(p.content)]);
  return withSizes!;
};

/** Public summaries with the sizes of their featured images (one BatchGet for the page). */
export const withCoverSizes = (summaries: PublicBlogPostSummary[]) => withImages(summaries, (p) => [p.featured_image_url]);
