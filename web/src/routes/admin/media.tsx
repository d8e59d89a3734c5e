import { Copy, Trash2 } from "lucide-react";
import { actionOutline } from "../../components/admin/classes";
import { PageHeader } from "../../components/admin/page-header";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useDeleteMedia, useMediaList, type AdminMedia } from "../../features/media/admin-api";
import { MediaGrid } from "../../features/media/media-grid";
import { DropZone, UploadProgress, useImageUploads } from "../../features/media/uploads";

/** /admin/media: 'Media Library', the uploaded images: upload (button or drop), copy URL, delete. */
export default function MediaPage() {
  const list = useMediaList();
  const uploads = useImageUploads();
  const remove = useDeleteMedia();
  const toast = useToast();
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

  return (
    <div>
      <PageHeader title="Media Library" description="Images uploaded here are served from this site and can be used in any editor's image field." />
      <section aria-label="Upload images" className="mb-6">
        <DropZone onFiles={(files) => void uploads.start(files)} busy={uploads.busy} />
        <UploadProgress items={uploads.items} />
      </section>
      <MediaGrid
        list={list}
        emptyHint="Upload an image to use it on pages, services, courses and posts."
        actions={(m) => (
          <>
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
      {deleteDialog}
    </div>
  );
}
