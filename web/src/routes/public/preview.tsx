import { useParams } from "react-router-dom";
import { Eye } from "lucide-react";
import { previewRobots } from "@agency/core/contract/page-head";
import { Spinner } from "../../components/spinner";
import { ApiError } from "../../lib/api";
import { usePreviewPost } from "../../features/blog/api";
import { usePageMeta } from "../../features/seo/use-page-meta";
import { useDeferredData } from "../../features/content/deferred";
import { Article } from "./blog-post";
import NotFoundPage from "./not-found";

/** What a failed preview shows: the site's not-found page (a tampered, revoked or expired link), still noindex. */
function PreviewFailed({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage robots={previewRobots} />;
  return <PreviewUnavailable />;
}

function PreviewUnavailable() {
  usePageMeta({ title: "Preview", robots: previewRobots });
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-4 pt-24 text-center">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">The preview could not be loaded</h1>
        <p className="mt-3 text-slate-700">Please check your connection and try again in a moment.</p>
      </div>
    </section>
  );
}

/**
 * /preview/{token}: a post through a private preview link, as visitors will see it, under a
 * 'Preview' banner. Never indexed (the robots meta here; X-Robots-Tag on the page and its data).
 */
export default function PreviewPage() {
  const { token = "" } = useParams();
  const query = usePreviewPost(token);
  const post = useDeferredData(query);
  if (post.data) {
    return (
      <>
        <aside
          aria-label="Preview"
          data-testid="preview-banner"
          className="fixed bottom-4 left-1/2 z-40 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-2 rounded-full bg-amber-300 px-5 py-2.5 text-sm text-slate-950 shadow-lg ring-1 ring-amber-500"
        >
          <Eye aria-hidden="true" className="h-4 w-4 shrink-0" />
          <strong className="font-bold">Preview</strong>
          <span>{post.data.is_published ? "The post as last saved." : "A draft, not public yet."}</span>
        </aside>
        <Article key={post.data.id} post={post.data} robots={previewRobots} />
      </>
    );
  }
  if (post.pending) return <Spinner className="min-h-screen" label="Loading preview" />;
  return <PreviewFailed error={query.error} />;
}
