import * as z from "./zod";
import { BLOG_PAGE_MAX, BLOG_PAGE_SIZE, blogCategories } from "./blog-values";
import { altText, optionalImageUrl, optionalText, updateOf, version } from "./common";

/** The message of the 409 a taken slug gets, on create and on update. */
export const slugTakenMessage = (slug: string) => `The slug '${slug}' is already used by another post.`;

/** How far ahead a post may be scheduled. */
export const PUBLISH_AT_MAX_YEARS = 5;
const PUBLISH_AT_MESSAGE = "publish_at must be a date and time (ISO 8601, e.g. 2030-01-31T09:00:00Z) or null";

/**
 * When an unpublished post goes live: an ISO 8601 date and time (UTC `Z` or an offset), stored as
 * UTC to the second; null clears it (cancels the schedule). One in the past publishes at once; one
 * more than PUBLISH_AT_MAX_YEARS ahead is refused.
 */
export const publishAt = z.lazy(() =>
  z.optional(
    z.union(
      [
        z.null(),
        z
          .pipe(
            z.pipe(z.string({ error: PUBLISH_AT_MESSAGE }).check(z.trim()), z.iso.datetime({ offset: true, error: PUBLISH_AT_MESSAGE })),
            z.transform((v: string) => new Date(Math.floor(Date.parse(v) / 1000) * 1000).toISOString()),
          )
          .check(
            z.refine((v) => {
              const limit = new Date();
              limit.setUTCFullYear(limit.getUTCFullYear() + PUBLISH_AT_MAX_YEARS);
              return v <= limit.toISOString();
            }, `publish_at may be at most ${PUBLISH_AT_MAX_YEARS} years ahead`),
          ),
      ],
      { error: PUBLISH_AT_MESSAGE },
    ),
  ),
);

const blogPostFields = () => ({
  /** Plain text, stored as typed; the web shows it as text. */
  title: z.string({ error: "Title is required" }).check(z.trim(), z.minLength(1, "Title is required"), z.maxLength(300)),
  slug: z
    .string({ error: "Slug is required" })
    .check(
      z.trim(),
      z.minLength(1, "Slug is required"),
      z.maxLength(200),
      z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Slug may contain only lowercase letters, digits and single hyphens"),
    ),
  /** HTML: sanitised on save, and again at render. */
  content: z.string({ error: "Content is required" }).check(z.trim(), z.minLength(1, "Content is required"), z.maxLength(200_000)),
  excerpt: optionalText(1000),
  category: z.pipe(
    z.nullish(z.union([z.enum(blogCategories), z.literal("")], { error: "Unknown category" })),
    z.transform((v: (typeof blogCategories)[number] | "" | null | undefined) => v ?? ""),
  ),
  featured_image_url: optionalImageUrl,
  featured_image_alt: altText,
  author_name: optionalText(200),
  /** Search and link previews; each left empty falls back to the title, the excerpt and the featured image. */
  seo_title: optionalText(300),
  seo_description: optionalText(1000),
  social_image_url: optionalImageUrl,
  is_published: z._default(z.boolean({ error: "Must be true or false" }), false),
  publish_at: publishAt,
});

/** POST /api/admin/blog-posts: title, slug and content required; a new post is a draft unless published. */
export const blogPostInput = z.lazy(() => z.object(blogPostFields()));
/** A post as a client (or the seed) may send it. */
export type BlogPostInput = z.input<typeof blogPostInput>;
/** A post's editable fields as the schema answers them (defaults applied, "" for empty): what the editor holds. */
export type BlogPostFields = z.output<typeof blogPostInput>;

/**
 * PUT /api/admin/blog-posts/{id}: the fields that change and the `version` read; title, slug and
 * content, when sent, may not be empty. A post left out of `is_published` keeps its state.
 */
export const blogPostUpdate = z.lazy(() => updateOf(blogPostFields()));
export type BlogPostUpdate = z.input<typeof blogPostUpdate>;

/** PUT /api/admin/blog-posts/{id}/publish: the list's toggle; `version` optional, checked when sent. */
export const publishInput = z.lazy(() =>
  z.object({
    is_published: z.boolean({ error: "is_published must be true or false" }),
    version: z.optional(version),
  }),
);
export type PublishInput = z.input<typeof publishInput>;

const whole = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .check(z.int(`${name} must be a whole number`), z.gte(min, `${name} must be between ${min} and ${max}`), z.lte(max, `${name} must be between ${min} and ${max}`));

/**
 * GET /api/blog-posts?limit=&cursor=&page=&category=&q=: a page of published summaries, newest
 * publication first. The next page's cursor is in X-Next-Cursor (contract/admin.ts's rules: a bad or
 * foreign cursor is a 400 naming `cursor`); `page` (1-based) answers the n-th page of `limit` posts
 * at once, for the addressable pages /blog/page/{n}. `category` filters; `q` searches title, excerpt,
 * content, slug and author over every published post, case-insensitively.
 */
export const publicBlogListQuery = z.lazy(() =>
  z
    .object({
      limit: z._default(whole("limit", 1, BLOG_PAGE_MAX), BLOG_PAGE_SIZE),
      cursor: z.optional(z.string().check(z.maxLength(2048, "cursor is not valid"))),
      page: z.optional(whole("page", 1, 1000)),
      category: z.pipe(
        z.optional(z.union([z.enum(blogCategories), z.literal("")], { error: "Unknown category" })),
        z.transform((v: (typeof blogCategories)[number] | "" | undefined) => v ?? ""),
      ),
      q: z.pipe(
        z.optional(z.string().check(z.trim(), z.maxLength(200, "Search is at most 200 characters"))),
        z.transform((v: string | undefined) => (v ?? "").toLowerCase()),
      ),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.cursor && v.page !== undefined) ctx.addIssue({ code: "custom", path: ["page"], message: "Send page or cursor, not both" });
      }),
    ),
);
export type PublicBlogListQuery = z.output<typeof publicBlogListQuery>;

/**
 * A post as the API answers it (GET /api/admin/blog-posts/{id}, the public post): the post as stored
 * (blog/entities.ts; contract/stored-types.test.ts fails to compile if the two part).
 */
export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  content?: string;
  excerpt?: string;
  category?: string;
  featured_image_url?: string;
  featured_image_alt?: string;
  author_name?: string;
  seo_title?: string;
  seo_description?: string;
  social_image_url?: string;
  is_published: boolean;
  published_at?: string;
  /** When an unpublished post goes live; absent when not scheduled. */
  publish_at?: string;
  /** The earlier slugs of a published post, each still a redirect to it. */
  old_slugs?: string[];
  version: number;
  created_at: string;
  updated_at: string;
}

/** The attributes the back office's list reads: a post without its content (which may be 256 KB). */
export const blogPostSummaryAttributes = [
  "id",
  "title",
  "slug",
  "excerpt",
  "category",
  "featured_image_url",
  "featured_image_alt",
  "author_name",
  "is_published",
  "published_at",
  "publish_at",
  "version",
  "created_at",
  "updated_at",
] as const;
/** A post as GET /api/admin/blog-posts lists it: those attributes, `version` always set. */
export type BlogPostSummary = Pick<BlogPost, (typeof blogPostSummaryAttributes)[number]> & { version: number };

/**
 * A published post as the public list, Related Articles and the feed answer it: no content (a
 * post's content may be 200 KB). `excerpt` is the one shown (the stored excerpt, else the start of
 * the text) and `read_time` is computed from the content, so a card needs nothing else.
 */
export type PublicBlogPostSummary = Omit<BlogPostSummary, "version" | "publish_at" | SummaryTextField> &
  Required<Pick<BlogPostSummary, SummaryTextField>> & {
    read_time: string;
  };
/** The summary's text fields a stored post may lack: always answered, "" when empty. */
export type SummaryTextField = "excerpt" | "category" | "featured_image_url" | "featured_image_alt" | "author_name";
