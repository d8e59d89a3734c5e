import { config } from "@agency/core/config";
import { isMissing, s3 } from "@agency/core/media/storage";
import { PAGE_CONTENT_TYPE, PAGES_PREFIX, type PageStore } from "./render";

export { PAGE_CONTENT_TYPE };

/**
 * Browsers revalidate a page on every visit (S3's ETag, answered 304 by CloudFront from its copy)
 * while CloudFront keeps it until the render that replaces it invalidates it (a year at most).
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=31536000";

/**
 * The rendered pages in the web bucket (WEB_BUCKET), beside the SPA's files: `pages/<path>.html`,
 * which CloudFront serves for the public addresses (infra/web.ts). The render function may write,
 * delete and list under `pages/` only, and read `index.html` (the template) and `pages/_reads.json`: infra/api.ts.
 */
export function s3PageStore(bucket = config.webBucket): PageStore & { read(key: string): Promise<string | undefined> } {
  if (!bucket) throw new Error("WEB_BUCKET is not set: the render function has no bucket to write to");
  const inPages = (key: string) => {
    if (!key.startsWith(PAGES_PREFIX) || key.includes("..")) throw new Error(`${key}: not a page key`);
    return key;
  };
  return {
    async put(key, html) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: inPages(key),
          Body: html,
          ContentType: PAGE_CONTENT_TYPE,
          CacheControl: PAGE_CACHE_CONTROL,
        }),
      );
    },
    async remove(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: inPages(key) }));
    },
    async keys() {
      const { sdk, client } = await s3();
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: PAGES_PREFIX, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key?.endsWith(".html")) out.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out;
    },
    /** A file of the bucket as text (the template, the not-found page), or undefined when there is none. */
    async read(key) {
      const { sdk, client } = await s3();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return await res.Body!.transformToString("utf-8");
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
  };
}
