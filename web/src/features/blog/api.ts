import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BlogPost } from "@agency/core/blog/blog";
import { ApiError } from "../../lib/api";
import { publicGet } from "../content/api";

export type { BlogPost };

export const useBlogPosts = () =>
  useQuery({ queryKey: ["blog-posts"], queryFn: () => publicGet<BlogPost[]>("/api/blog-posts") });

/** One published post; 404 is final (no retry). Shows the list's copy at once when it is cached. */
export function useBlogPost(slug: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ["blog-post", slug],
    queryFn: () => publicGet<BlogPost>(`/api/blog-posts/${encodeURIComponent(slug)}`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
    placeholderData: () => client.getQueryData<BlogPost[]>(["blog-posts"])?.find((p) => p.slug === slug),
  });
}

/** SPEC §8: 404 'Blog post not found'; other failures 'Failed to load blog post'. */
export const postErrorMessage = (err: unknown) =>
  err instanceof ApiError && err.status === 404 ? "Blog post not found" : "Failed to load blog post";
