/**
 * Plain values and text helpers of blog posts, free of zod so the public pages and the read-only
 * handlers can use them without loading the schema library.
 */
export const blogCategories = [
  "automation", "ai-trends", "case-studies", "student-projects",
  "learning-guides", "tech-school", "industry-news", "tutorials",
] as const;
export type BlogCategory = (typeof blogCategories)[number];
/** The public filter lists only the first six (SPEC §3). */
export const publicBlogCategories = blogCategories.slice(0, 6);

/** Lowercase, strip all but letters, digits, spaces and hyphens, spaces to hyphens, collapse hyphens. */
export const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");

const stripTags = (html: string) =>
  html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();

/** The stored excerpt, else the first 150 characters of the text, else 'No preview available...'. */
export function excerptOf(post: { excerpt?: string | null; content?: string | null }) {
  if (post.excerpt) return post.excerpt;
  const text = stripTags(post.content ?? "");
  return text ? `${text.slice(0, 150)}...` : "No preview available...";
}

/** 200 words a minute, rounded up; '3 min read' with no content. */
export function readTime(content?: string | null) {
  const words = stripTags(content ?? "").split(" ").filter(Boolean).length;
  return words ? `${Math.max(1, Math.ceil(words / 200))} min read` : "3 min read";
}

export const postDate = (post: { published_at?: string | null; created_at: string }) =>
  post.published_at || post.created_at;
