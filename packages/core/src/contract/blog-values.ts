/**
 * Plain values and text helpers of blog posts, free of zod so the public pages and the read-only
 * handlers can use them without loading the schema library.
 */
export const blogCategories = ["automation", "ai-trends", "case-studies", "student-projects", "learning-guides", "tech-school", "industry-news", "tutorials"] as const;
export type BlogCategory = (typeof blogCategories)[number];

const categoryLabels: Record<BlogCategory, string> = {
  automation: "Automation",
  "ai-trends": "AI Trends",
  "case-studies": "Case Studies",
  "student-projects": "Student Projects",
  "learning-guides": "Learning Guides",
  "tech-school": "Tech School",
  "industry-news": "Industry News",
  tutorials: "Tutorials",
};

/**
 * "case-studies" -> "Case Studies"; unknown slugs are title-cased. One list and one label per
 * category for the editor, the public filter and the feed. A stored category is data: own keys
 * only, so "constructor" or "__proto__" find nothing.
 */
export const categoryLabel = (slug: string | null | undefined) =>
  !slug
    ? "General"
    : Object.hasOwn(categoryLabels, slug)
      ? categoryLabels[slug as BlogCategory]
      : slug
          .split("-")
          .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
          .join(" ");

/** Lowercase, strip all but letters, digits, spaces and hyphens, spaces to hyphens, collapse hyphens. */
export const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const codePoint = (n: number) => (n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : "");

/**
 * The text of stored HTML: tags dropped, character references decoded (the sanitiser stores "&" as
 * "&amp;"), whitespace collapsed. For excerpts and search, which show or match text, not markup.
 */
export const htmlText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (ref, name: string) => {
      const n = name.toLowerCase();
      if (n.startsWith("#x")) return codePoint(parseInt(n.slice(2), 16));
      if (n.startsWith("#")) return codePoint(parseInt(n.slice(1), 10));
      return Object.hasOwn(entities, n) ? entities[n]! : ref;
    })
    .replace(/\s+/g, " ")
    .trim();

/** The stored excerpt, else the first 150 characters of the text, else 'No preview available...'. */
export function excerptOf(post: { excerpt?: string | null; content?: string | null }) {
  if (post.excerpt) return post.excerpt;
  const text = htmlText(post.content ?? "");
  return text ? `${text.slice(0, 150)}...` : "No preview available...";
}

/** 200 words a minute, rounded up; '3 min read' with no content. */
export function readTime(content?: string | null) {
  const words = htmlText(content ?? "")
    .split(" ")
    .filter(Boolean).length;
  return words ? `${Math.max(1, Math.ceil(words / 200))} min read` : "3 min read";
}

export const postDate = (post: { published_at?: string | null; created_at: string }) => post.published_at || post.created_at;

// ---- The public blog ---------------------------------------------------------------------------
/** Posts on one page of the public list (/blog, /blog/page/{n}); the API allows 1 to BLOG_PAGE_MAX. */
export const BLOG_PAGE_SIZE = 12;
export const BLOG_PAGE_MAX = 50;
/** Related Articles under a post. */
export const RELATED_COUNT = 3;
/** Posts in the RSS feed. */
export const FEED_SIZE = 20;

/** GET /api/blog-categories: published posts in all, and in each category (counters kept on write). */
export interface BlogCategoryCounts {
  total: number;
  categories: { category: BlogCategory; count: number }[];
}
