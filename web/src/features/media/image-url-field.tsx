import { useId, useState } from "react";
import { Check, Images } from "lucide-react";
import { actionOutline, actionPrimary } from "../../components/admin/classes";
import { TextField } from "../../components/admin/form-fields";
import { CloseButton, Modal } from "../../components/ui/modal";
import { useMediaList } from "./admin-api";
import { MediaGrid } from "./media-grid";
import { UploadButton, UploadProgress, useImageUploads } from "./uploads";

/** 'Choose from library': the media grid in a dialog; Choose puts the image's URL in the field. */
function MediaChooser({ onChoose, onClose }: { onChoose: (url: string) => void; onClose: () => void }) {
  const titleId = useId();
  const list = useMediaList();
  return (
    <Modal open onClose={onClose} labelledBy={titleId} width="max-w-5xl">
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          Choose an image
        </h2>
        <CloseButton onClick={onClose} />
      </div>
      <div className="p-6">
        <MediaGrid
          list={list}
          emptyHint="Upload an image first: use Upload beside the field, or the Media Library."
          actions={(m) => (
            <button type="button" className={actionPrimary} onClick={() => onChoose(m.url)} aria-label={`Choose ${m.filename}`}>
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
 * An image URL field of the editors: the text box (any http(s) URL, or a /media/ path of this site)
 * with 'Choose from library' and 'Upload' beside it, and a small preview of the image chosen.
 */
export function ImageUrlField({ label, value, onChange, onBlur, error, name }: { label: string; value: string; onChange: (url: string) => void; onBlur?: () => void; error?: string; name?: string }) {
  const [choosing, setChoosing] = useState(false);
  const set = (url: string) => {
    onChange(url);
    // Fields that save when left save a chosen or uploaded image too.
    onBlur && setTimeout(onBlur, 0);
  };
  const uploads = useImageUploads((item) => set(item.url));
  const preview = /^(https?:\/\/|\/media\/)/i.test(value) ? value : "";
  return (
    <div data-testid="image-url-field">
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextField label={label} type="text" inputMode="url" value={value} onChange={onChange} onBlur={onBlur} error={error} name={name} />
        </div>
        {preview && <img src={preview} alt="" className="mb-0.5 h-10 w-10 shrink-0 rounded-md border border-slate-200 object-cover" />}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
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
          onChoose={(url) => {
            setChoosing(false);
            set(url);
          }}
        />
      )}
    </div>
  );
}
