import { useId, useState } from "react";
import { Check, Images } from "lucide-react";
import type { CompletedUpload } from "@agency/core/contract/media";
import { actionOutline, actionPrimary } from "../../components/admin/classes";
import { SearchBox, useDebouncedValue } from "../../components/admin/filters";
import { Modal } from "../../components/ui/modal";
import { useMediaList, type AdminMedia } from "./admin-api";
import { MediaGrid } from "./media-grid";
import { UploadButton, UploadProgress, useImageUploads } from "./uploads";
import { DialogHeader } from "../../components/admin/dialog-header";

/** An image picked for a field: its address and its default alt text. */
export interface PickedImage {
  url: string;
  alt: string;
}

/** 'Choose from library': the media grid in a dialog, searchable; Choose hands the image over. */
function MediaChooser({ onChoose, onClose }: { onChoose: (item: AdminMedia) => void; onClose: () => void }) {
  const titleId = useId();
  const [search, setSearch] = useState("");
  const list = useMediaList(useDebouncedValue(search));
  return (
    <Modal open onClose={onClose} labelledBy={titleId} width="max-w-5xl">
      <DialogHeader id={titleId} title="Choose an image" onClose={onClose} />
      <div className="p-6">
        <div className="mb-4 flex">
          <SearchBox label="Search images" placeholder="Search by file name or alt text..." value={search} onChange={setSearch} />
        </div>
        <MediaGrid
          list={list}
          searched={Boolean(search.trim())}
          emptyHint={search.trim() ? "No image's file name or alt text contains that." : "Upload an image first: use Upload beside the field, or the Media Library."}
          actions={(m) => (
            <button type="button" className={actionPrimary} onClick={() => onChoose(m)} aria-label={`Choose ${m.filename}`}>
              <Check aria-hidden="true" className="h-4 w-4" />
              Choose
            </button>
          )}
        />
      </div>
    </Modal>
  );
}

/**
 * 'Choose from library' and 'Upload' for one image: what an image URL field and the post body's
 * Image form offer. `onPick` gets the image's address and its default alt text (an upload of a file
 * already in the library gets that image, and says so).
 */
export function ImageSourceButtons({ label, onPick }: { label: string; onPick: (image: PickedImage) => void }) {
  const [choosing, setChoosing] = useState(false);
  const uploads = useImageUploads((item: CompletedUpload) => onPick({ url: item.url, alt: item.alt }));
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={actionOutline} onClick={() => setChoosing(true)} aria-label={`Choose ${label} from library`}>
          <Images aria-hidden="true" className="h-4 w-4" />
          Choose from library
        </button>
        <UploadButton onFiles={(files) => void uploads.start(files)} disabled={uploads.busy}>
          <span aria-hidden="true">Upload</span>
          <span className="sr-only">Upload {label}</span>
        </UploadButton>
      </div>
      <UploadProgress items={uploads.items} />
      {choosing && (
        <MediaChooser
          onClose={() => setChoosing(false)}
          onChoose={(m) => {
            setChoosing(false);
            onPick({ url: m.url, alt: m.alt });
          }}
        />
      )}
    </div>
  );
}
