import { useState } from "react";
import { Copy, Pencil, Trash2 } from "lucide-react";
import { actionOutline } from "../../components/admin/classes";
import { FilterBar, SearchBox, useDebouncedValue } from "../../components/admin/filters";
import { PageHeader } from "../../components/admin/page-header";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useDeleteMedia, useMediaList, type AdminMedia } from "../../features/media/admin-api";
import { EditMediaDialog } from "../../features/media/edit-media-dialog";
import { MediaGrid } from "../../features/media/media-grid";
import { DropZone, UploadProgress, useImageUploads } from "../../features/media/uploads";

/**
 * /admin/media: 'Media Library', the uploaded images: upload (button or drop), search by file name
 * or alt text (on the server, over every image), edit (rename, default alt text), copy URL, delete.
 * A file uploaded again is not stored twice: the screen says so and shows the image it already is.
 */
export default function MediaPage() {
  const [search, setSearch] = useState("");
  const list = useMediaList(useDebouncedValue(search));
  const uploads = useImageUploads();
  const remove = useDeleteMedia();
  const toast = useToast();
  const [editing, setEditing] = useState<AdminMedia | null>(null);
  const [deleteDialog, requestDelete] = useConfirmedDelete<AdminMedia>({
    title: "Delete image",
    message: "Are you sure you want to delete this image? Pages that link to it would show nothing.",
    remove: (m) => remove.mutateAsync(m),
    success: "Image deleted",
    fallback: "Failed to delete the image",
    onReload: () => list.refetch(),
  });
  const copy = (m: AdminMedia) =>
    navigator.clipboard.writeText(`${window.location.origin}${m.url}`).then(
      () => toast.success("Image URL copied to clipboard!"),
      () => toast.error("Could not copy the URL"),
    );
  const searched = Boolean(search.trim());

  return (
    <div>
      <PageHeader title="Media Library" description="Images uploaded here are served from this site and can be used in any editor's image field." />
      <section aria-label="Upload images" className="mb-6">
        <DropZone onFiles={(files) => void uploads.start(files)} busy={uploads.busy} />
        <UploadProgress
          items={uploads.items}
          offer={(existing) => (
            <button type="button" className={actionOutline} onClick={() => setSearch(existing.filename)} aria-label={`Show ${existing.filename} in the library`}>
              Show it
            </button>
          )}
        />
      </section>
      <FilterBar label="Search images">
        <SearchBox label="Search images" placeholder="Search by file name or alt text..." value={search} onChange={setSearch} />
      </FilterBar>
      <MediaGrid
        list={list}
        searched={searched}
        emptyHint={searched ? "No image's file name or alt text contains that." : "Upload an image to use it on pages, services, courses and posts."}
        actions={(m) => (
          <>
            <button type="button" className={actionOutline} onClick={() => setEditing(m)} aria-label={`Edit ${m.filename}`}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </button>
            <button type="button" className={actionOutline} onClick={() => void copy(m)} aria-label={`Copy URL of ${m.filename}`}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              Copy URL
            </button>
            <button type="button" className={`${actionOutline} hover:border-red-300 hover:text-red-800`} onClick={() => void requestDelete(m)} aria-label={`Delete ${m.filename}`}>
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </button>
          </>
        )}
      />
      {editing && <EditMediaDialog item={editing} onClose={() => setEditing(null)} />}
      {deleteDialog}
    </div>
  );
}
