import { PreviewLinks } from "@agency/core/blog/preview-links";
import { config } from "@agency/core/config";
import { excerptOf } from "@agency/core/contract/blog-values";
import { previewCacheControl } from "@agency/core/edge";
import { previewRobots } from "@agency/core/contract/page-head";
import { NotFoundError } from "@agency/core/errors";
import { SiteSettings } from "@agency/core/settings/settings";
import { PAGE_CONTENT_TYPE } from "@agency/core/public-pages";
import { shellHtml, type ShellSettings } from "./page-html";

/** What a preview page answers carries: kept by no cache, indexed by no search engine. */
export const previewPageHeaders = { "content-type": PAGE_CONTENT_TYPE, "cache-control": previewCacheControl, "x-robots-tag": previewRobots };

const absolute = (src: string | null | undefined) => (!src ? undefined : /^https?:\/\//i.test(src) ? src : src.startsWith("/") ? `${config.publicUrl}${src}` : undefined);

/**
 * A preview link's page (/preview/<token>): the SPA shell, which renders the post, headed with the
 * post's own title, description and image, so a link shared in a chat unfurls as the post it opens
 * (the post page's head: SEO title, else the title; SEO description, else the excerpt; the social
 * image, else the featured image). A tampered, expired or revoked link gets the site's head and 404.
 * `template` is the built index.html (the web bucket's in AWS, web/dist's locally).
 */
export async function previewPageHtml(template: string, token: string): Promise<{ status: 200 | 404; html: string }> {
  const settings = (await SiteSettings.publicValues()) as Partial<ShellSettings>;
  let post: Awaited<ReturnType<typeof PreviewLinks.open>>;
  try {
    post = await PreviewLinks.open(token);
  } catch (err) {
    if (err instanceof NotFoundError) return { status: 404, html: shellHtml(template, settings) };
    throw err;
  }
  const title = post.seo_title?.trim() || post.title;
  const head = {
    title: settings.company_name ? `${title} | ${settings.company_name}` : title,
    ogTitle: title,
    description: post.seo_description?.trim() || excerptOf(post) || settings.meta_description || "",
    image: absolute(post.social_image_url) ?? absolute(post.featured_image_url),
    type: "article" as const,
  };
  return { status: 200, html: shellHtml(template, settings, head) };
}
