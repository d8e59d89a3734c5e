import { useQuery } from "@tanstack/react-query";
import type { BlogPost as StoredPost, PublicBlogPostSummary } from "@agency/core/contract/blog";
import type { WithImages } from "@agency/core/contract/media";
import { BLOG_PAGE_SIZE, type BlogCategoryCounts } from "@agency/core/contract/blog-values";
import { NEXT_CURSOR_HEADER } from "@agency/core/contract/next-cursor";
import { ApiError } from "../../lib/api";
import { publicGet } from "../content/api";

/** One published post as GET /api/blog-posts/{slug} answers it: whole, with its read time. */
export type BlogPost = Omit<StoredPost, "old_slugs"> & { read_time: string } & Partial<WithImages>;
/** A post of the public list and Related Articles, with the sizes of its featured image. */
export type BlogPostSummary = PublicBlogPostSummary & Partial<WithImages>;

/** Which page of the public list: a page number (the address /blog/page/{n}) and the filters in its URL. */
export interface BlogListParams {
  page: number;
  category: string;
  q: string;
}

/**
 * The public blog's reads, each under one query key, so the pages rendered on the server can fill the
 * same cache entries the SPA reads (and a hydrated page fetches nothing again). Every key starts with
 * "blog-posts" (the list and counts) or "blog-post" (one post and its related list): the back
 * office's writes invalidate those two prefixes.
 */
export const blogQueries = {
  /** One page of published summaries: `?limit=12&page=n&category=&q=`; `hasNext` from X-Next-Cursor. */
  list: ({ page, category, q }: BlogListParams) => ({
    queryKey: ["blog-posts", "list", { page, category, q }] as const,
    queryFn: async () => {
      const qs = new URLSearchParams({ limit: String(BLOG_PAGE_SIZE) });
      if (page > 1) qs.set("page", String(page));
      if (category) qs.set("category", category);
      if (q) qs.set("q", q);
      let hasNext = false;
      const items = await publicGet<BlogPostSummary[]>(`/api/blog-posts?${qs}`, (headers) => (hasNext = headers.has(NEXT_CURSOR_HEADER)));
      return { items, hasNext };
    },
  }),
  /** Published posts in all and per category (counters kept on write). */
  categories: () => ({
    queryKey: ["blog-posts", "categories"] as const,
    queryFn: () => publicGet<BlogCategoryCounts>("/api/blog-categories"),
  }),
  /** One published post; 404 is final (no retry). */
  post: (slug: string) => ({
    queryKey: ["blog-post", slug] as const,
    queryFn: () => publicGet<BlogPost>(`/api/blog-posts/${encodeURIComponent(slug)}`),
    retry: (count: number, err: unknown) => !(err instanceof ApiError && err.status === 404) && count < 1,
  }),
  /**
   * A post through a private preview link (GET /api/preview/{token}): as last saved, draft or not.
   * Its own key, outside "blog-post", and never kept: the link may be revoked at any time.
   */
  preview: (token: string) => ({
    queryKey: ["preview", token] as const,
    queryFn: () => publicGet<BlogPost>(`/api/preview/${encodeURIComponent(token)}`),
    retry: (count: number, err: unknown) => !(err instanceof ApiError && err.status === 404) && count < 1,
    gcTime: 0,
  }),
  /** Related Articles: the newest three of the post's category, read on the server. */
  related: (slug: string) => ({
    queryKey: ["blog-post", slug, "related"] as const,
    queryFn: () => publicGet<BlogPostSummary[]>(`/api/blog-posts/${encodeURIComponent(slug)}/related`),
  }),
};

export const useBlogList = (params: BlogListParams) => useQuery({ ...blogQueries.list(params), placeholderData: (previous) => previous });
export const useBlogCategories = () => useQuery(blogQueries.categories());
export const useBlogPost = (slug: string) => useQuery(blogQueries.post(slug));
export const usePreviewPost = (token: string) => useQuery(blogQueries.preview(token));
export const useRelatedPosts = (slug: string, enabled = true) => useQuery({ ...blogQueries.related(slug), enabled });

/** SPEC §8: 404 'Blog post not found'; other failures 'Failed to load blog post'. */
export const postErrorMessage = (err: unknown) => (err instanceof ApiError && err.status === 404 ? "Blog post not found" : "Failed to load blog post");

/** The address of a page of the list: /blog for the first, /blog/page/{n} after it, with the filters as a query. */
export function blogPageHref(page: number, { category, q }: { category: string; q: string }) {
  const qs = new URLSearchParams();
  if (category) qs.set("category", category);
  if (q) qs.set("q", q);
  const query = qs.toString();
  return `${page > 1 ? `/blog/page/${page}` : "/blog"}${query ? `?${query}` : ""}`;
}
