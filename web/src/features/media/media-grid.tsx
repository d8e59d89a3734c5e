import { useEffect, type ReactNode } from "react";
import { ImageOff } from "lucide-react";
import { actionOutline } from "../../components/admin/classes";
import { EmptyState } from "../../components/admin/empty-state";
import { LoadFailed } from "../../components/admin/load-failed";
import { Spinner } from "../../components/spinner";
import { formatDateTime } from "../../lib/format";
import { imageTypeNames, type MediaUseKind } from "@agency/core/contract/media";
import type { AdminMedia, useMediaList } from "./admin-api";

const kindLabel: Record<MediaUseKind, string> = {
  "blog-post": "Post",
  service: "Service",
  course: "Course",
  "page-section": "Section",
};

export const fileSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * The media library's grid: each image with its name, size, type, date and where it is used, and
 * its alt text (or that it has none), and the actions the caller gives it (edit, copy and delete in
 * the library, Choose in an editor's chooser).
 * Pages load with "Load more".
 */
export function MediaGrid({
  list,
  actions,
  emptyHint,
  searched = false,
}: {
  list: ReturnType<typeof useMediaList>;
  actions: (item: AdminMedia) => ReactNode;
  emptyHint: string;
  searched?: boolean;
}) {
  // An image is "processing" for the few seconds its sizes take (media/derive.ts): look again until none is.
  const processing = list.rows.some((m) => m.status === "processing");
  const { refetch } = list;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refetch(), 2000);
    return () => clearInterval(timer);
  }, [processing, refetch]);
  if (list.isPending) return <Spinner label="Loading images" />;
  if (list.isError && !list.rows.length) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (!list.rows.length) return <EmptyState icon={ImageOff} title={searched ? "No matching images" : "No images yet"} hint={emptyHint} />;
  return (
    <div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Images">
        {list.rows.map((m) => (
          <li key={m.id} data-testid="media-item" data-id={m.id} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <img src={m.url} alt={m.alt || m.filename} loading="lazy" className="aspect-video w-full bg-slate-100 object-contain" />
            <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
              <p className="truncate font-semibold text-slate-900" title={m.filename}>
                {m.filename}
              </p>
              <p className="text-slate-600">
                {imageTypeNames[m.content_type]} · {fileSize(m.size)} · <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
              </p>
              {m.alt ? (
                <p className="line-clamp-2 text-slate-700" data-testid="media-alt">
                  <span className="font-medium">Alt:</span> {m.alt}
                </p>
              ) : (
                <p className="font-medium text-amber-800" data-testid="media-alt">
                  No alt text
                </p>
              )}
              {m.status !== "ready" && (
                <p className={m.status === "failed" ? "font-medium text-red-700" : "font-medium text-slate-600"} data-testid="media-status" role="status">
                  {m.status === "failed" ? "Sizes could not be made" : "Processing"}
                </p>
              )}
              <p className="text-slate-700" data-testid="media-usage">
                {m.used_by.length ? `Used by ${m.used_by.map((u) => `${kindLabel[u.kind]} “${u.title || u.id}”`).join(", ")}` : "Not used yet"}
              </p>
              <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions(m)}</div>
            </div>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <button type="button" className={actionOutline} onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? "Loading more..." : "Load more"}
          </button>
        </div>
      )}
    </div>
  );
}
