import { Calendar, Clock } from "lucide-react";
import { postDate } from "@agency/core/contract/blog-values";
import { formatDate } from "../../lib/format";
import type { BlogPostSummary } from "./api";

/** Date (published_at, else created_at, en-US) and read time (computed on the server: 200 words a minute, rounded up). */
export function PostMeta({ post, className = "text-slate-600" }: { post: Pick<BlogPostSummary, "published_at" | "created_at" | "read_time">; className?: string }) {
  const date = postDate(post);
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm ${className}`}>
      <span className="inline-flex items-center gap-1.5">
        <Calendar className="h-4 w-4" aria-hidden="true" />
        <time dateTime={date}>{formatDate(date)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {post.read_time}
      </span>
    </p>
  );
}
