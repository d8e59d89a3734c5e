import { BlogPosts } from "@agency/core/blog/blog";
import { config } from "@agency/core/config";
import { NotFoundError } from "@agency/core/errors";
import { PUBLIC_CACHE, Reply } from "../http";
import { NOT_FOUND_KEY, PAGE_CONTENT_TYPE, PAGES_PREFIX, SHELL_KEY, TEMPLATE_KEY } from "@agency/core/public-pages";

/**
 * A site address with no rendered page, as CloudFront's failover brings it (infra/web.ts): the site
 * behaviour asks the web bucket for `/pages/<address>.html`, and on its 403/404 asks the API for the
 * same path. A post's earlier slug answers 301 to the post's current address (the blog knows the old
 * slugs); anything else, an unpublished post included, 404 with the rendered not-found page read
 * from the web bucket (this function may read that one key). CloudFront keeps either answer like a
 * public read: the render that later writes a page at that address invalidates it.
 *
 * A preview link's address (/preview/<token>) is asked for as pages/preview/<token>.html, which is
 * never there: it is answered with the shell headed with the link's post (render/preview-page.ts).
 * The app paths' shell (pages/_app-shell.html, rendered with the settings) is missing only until the
 * deploy's first render has written it: until then the back office gets the build's index.html,
 * never a 404, and kept by no cache so the rendered shell replaces it at once.
 */
export async function missingPage(proxy: string): Promise<Reply> {
  const post = /^blog\/([^/]+)\.html$/.exec(proxy);
  if (post) {
    const found = await BlogPosts.resolveSlug(post[1]!).catch((err: unknown) => {
      if (err instanceof NotFoundError) return undefined;
      throw err;
    });
    if (found && "redirect" in found) return new Reply(301, undefined, { location: `/blog/${encodeURIComponent(found.redirect)}`, "cache-control": PUBLIC_CACHE });
  }
  // Locally the runtime serves pages itself (packages/local/src/static.ts) and has no web bucket.
  // The S3 client loads only here, on the failover of an address without a page: a cold blog
  // function serving a read never loads it.
  const read = async (key: string) => (config.webBucket ? (await import("./s3-store")).s3PageStore().read(key) : undefined);
  // A preview link's page is never in the bucket: the shell headed with its post, made here.
  const preview = /^preview\/([^/]+)\.html$/.exec(proxy);
  if (preview) {
    const template = await read(TEMPLATE_KEY);
    if (template !== undefined) {
      const { previewPageHtml, previewPageHeaders } = await import("./preview-page");
      const page = await previewPageHtml(template, preview[1]!);
      return new Reply(page.status, page.html, previewPageHeaders);
    }
  }
  if (`${PAGES_PREFIX}${proxy}` === SHELL_KEY) {
    const shell = await read(TEMPLATE_KEY);
    if (shell !== undefined) return new Reply(200, shell, { "content-type": PAGE_CONTENT_TYPE, "cache-control": "no-cache" });
  }
  const html = await read(NOT_FOUND_KEY);
  if (html === undefined) throw new NotFoundError(`No page at /${PAGES_PREFIX}${proxy}`);
  return new Reply(404, html, { "content-type": PAGE_CONTENT_TYPE, "cache-control": PUBLIC_CACHE });
}
