import { BlogPosts } from "@agency/core/blog/blog";
import { BLOG_PAGE_SIZE, FEED_SIZE, categoryLabel, postDate } from "@agency/core/contract/blog-values";
import { config } from "@agency/core/config";
import { SiteSettings } from "@agency/core/settings/settings";
import { http, reply } from "../http";

/** The public pages of the SPA (SPEC §2), for the sitemap. */
export const publicPaths = ["/", "/about", "/services", "/tech-school", "/blog", "/contact"];

/**
 * Every character XML 1.0 forbids (its `Char` production: #x9 | #xA | #xD | [#x20-#xD7FF] |
 * [#xE000-#xFFFD] | [#x10000-#x10FFFF]), lone surrogates included: not even escaped would a parser
 * accept one, so a title holding U+0001 would make the whole feed unreadable.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an XML element or attribute: forbidden characters dropped, markup escaped. */
export const xml = (s: string) => s.replace(NOT_XML_CHAR, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export const handler = http({
  "GET /robots.txt": async () =>
    reply.text(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /auth/\nDisallow: /api/\n\nSitemap: ${config.publicUrl}/sitemap.xml\n`, "text/plain; charset=utf-8"),
  "GET /sitemap.xml": async () => {
    const base = config.publicUrl;
    const posts = await BlogPosts.listPublished();
    const day = (iso: string) => `<lastmod>${xml(iso.slice(0, 10))}</lastmod>`;
    const newestOf = (list: typeof posts) => list.reduce((max, p) => (p.updated_at > max ? p.updated_at : max), "");
    // The blog list changes with its newest post, each of its pages with the posts it shows (newest
    // first, BLOG_PAGE_SIZE a page); the other pages carry no date of their own.
    const listPages = Array.from({ length: Math.ceil(posts.length / BLOG_PAGE_SIZE) }, (_, i) => posts.slice(i * BLOG_PAGE_SIZE, (i + 1) * BLOG_PAGE_SIZE));
    const lastmod = (p: string) => (p === "/blog" && posts.length ? day(newestOf(listPages[0]!)) : "");
    const urls = [
      ...publicPaths.map((p) => `  <url><loc>${xml(base + p)}</loc>${lastmod(p)}</url>`),
      ...listPages.slice(1).map((list, i) => `  <url><loc>${xml(`${base}/blog/page/${i + 2}`)}</loc>${day(newestOf(list))}</url>`),
      ...posts.map((p) => `  <url><loc>${xml(`${base}/blog/${p.slug}`)}</loc>${day(p.updated_at)}</url>`),
    ];
    return reply.text(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
      "application/xml; charset=utf-8",
    );
  },
  "GET /rss.xml": async () => {
    const base = config.publicUrl;
    // The newest FEED_SIZE posts only: one bounded read, however many posts the blog holds.
    const [{ items: posts }, settings] = await Promise.all([BlogPosts.publishedPage({ limit: FEED_SIZE, category: "", q: "" }), SiteSettings.publicValues()]);
    const title = settings.site_title || settings.company_name || "Blog";
    const items = posts.map((p) => {
      const link = `${base}/blog/${p.slug}`;
      return [
        "    <item>",
        `      <title>${xml(p.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        `      <pubDate>${new Date(postDate(p)).toUTCString()}</pubDate>`,
        p.category ? `      <category>${xml(categoryLabel(p.category))}</category>` : "",
        p.author_name ? `      <dc:creator>${xml(p.author_name)}</dc:creator>` : "",
        `      <description>${xml(p.excerpt)}</description>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    });
    return reply.text(
      [
        `<?xml version="1.0" encoding="UTF-8"?>`,
        `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
        "  <channel>",
        `    <title>${xml(title)}</title>`,
        `    <link>${xml(`${base}/blog`)}</link>`,
        `    <description>${xml(settings.meta_description || "")}</description>`,
        `    <language>en-us</language>`,
        `    <atom:link href="${xml(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
        ...items,
        "  </channel>",
        "</rss>",
        "",
      ].join("\n"),
      "application/rss+xml; charset=utf-8",
    );
  },
});
