/**
 * The head of a server-rendered page (title, description, canonical, Open Graph, Twitter card,
 * JSON-LD): what the web app's page declares while it renders and what the render function writes
 * into the page's HTML file.
 */
export interface PageHead {
  title: string;
  /** og:title: the page's own name, or the full title on the home page. */
  ogTitle: string;
  description: string;
  /** The canonical address; none on the not-found page, which is served at every unknown address. */
  url?: string;
  siteName: string;
  /** og:image and twitter:image: an absolute URL (a library image's 1200x630 JPEG). */
  image?: string;
  /** The page's LCP image, preloaded from the head: `<link rel="preload" as="image" imagesrcset imagesizes>`. */
  preload?: { type: string; imageSrcset: string; imageSizes: string };
  type: "website" | "article";
  publishedTime?: string;
  modifiedTime?: string;
  jsonLd: object[];
}

/**
 * The robots directive of a page no one should find (a private preview, a newsletter confirmation):
 * never indexed, and no link in it followed. The page's meta tag and the X-Robots-Tag header of the
 * preview answers (edge.ts) say the same.
 */
export const previewRobots = "noindex, nofollow";
