import { useMutation } from "@tanstack/react-query";
import type { BlogPost, BlogPostSummary } from "@agency/core/contract/blog";
import { api } from "../../lib/api";
import { useInvalidate, usePagedList } from "../../lib/paged";
import { dashboardStatsKey } from "../dashboard/api";

const BASE = "/api/admin/blog-posts";
export const blogKeys = { list: ["admin", "blog-posts", "list"] } as const;

/** Summaries (no content), newest first, searched on the server over title, excerpt, content, slug and author. */
export const useAdminBlogPosts = (q: string) => usePagedList<BlogPostSummary>(blogKeys.list, BASE, { q: q || undefined });

/** One post whole, content included, for the editor (and after a conflict, the latest version). */
export const fetchPost = (id: string) => api.get<BlogPost>(`${BASE}/${encodeURIComponent(id)}`);

/**
 * After a write: the admin list, the overview's counts and the public reads this browser may hold
 * (features/blog/api.ts: the list pages and counts under "blog-posts"; every post under "blog-post",
 * since a post shows in other posts' Related Articles).
 */
const useRefresh = () => useInvalidate(blogKeys.list, dashboardStatsKey, ["blog-posts"], ["blog-post"]);

/** POST (no post yet; contract/blog.ts blogPostInput) or PUT of the changed fields at the version read (blogPostUpdate). */
export function useSavePost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ post, fields }: { post: BlogPost | undefined; fields: Record<string, unknown> }) =>
      post ? api.put<BlogPost>(`${BASE}/${encodeURIComponent(post.id)}`, { ...fields, version: post.version }) : api.post<BlogPost>(BASE, fields),
    onSuccess: () => void refresh(),
  });
}

/**
 * The list's toggle: sends the opposite of the state shown (SPEC §4). Without a version: it sets
 * only is_published, to a stated value, so it can overwrite no one's text, and an edit made
 * elsewhere since the list loaded does not make it fail.
 */
export function useTogglePublished() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (post: BlogPostSummary) => api.put<BlogPost>(`${BASE}/${encodeURIComponent(post.id)}/publish`, { is_published: !post.is_published }),
    onSuccess: () => refresh(),
  });
}

export function useDeletePost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (post: BlogPostSummary) => api.delete<unknown>(`${BASE}/${encodeURIComponent(post.id)}`),
    onSuccess: () => refresh(),
  });
}

/** A private preview link to the post as last saved (POST .../preview-link): `{ url, expires_at }`, valid 7 days. */
export const createPreviewLink = (id: string) => api.post<{ url: string; expires_at: string }>(`${BASE}/${encodeURIComponent(id)}/preview-link`, {});
