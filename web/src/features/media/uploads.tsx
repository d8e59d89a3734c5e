import { useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { ImageUp, Upload } from "lucide-react";
import { actionOutline } from "../../components/admin/classes";
import { apiErrorMessage } from "../../components/admin/api-errors";
import { imageTypes, MAX_UPLOAD_BYTES, uploadMessages, type CompletedUpload } from "@agency/core/contract/media";
import { useUploadImage } from "./admin-api";

interface Progress {
  key: number;
  name: string;
  fraction: number;
  error?: string;
  /** The same bytes were in the library already: that image (nothing new was stored). */
  existing?: CompletedUpload;
}

/** What an upload of a file already in the library says. */
export const ALREADY_IN_LIBRARY = "Already in your library";

/** Checked before asking the server, with the server's own rules and texts (it checks again, bytes included). */
function refusal(file: File): string | undefined {
  if (!(imageTypes as readonly string[]).includes(file.type)) return uploadMessages.type;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (file.size === 0) return uploadMessages.empty;
  return undefined;
}

/**
 * Uploads images one after another and keeps each one's progress and outcome: what an upload
 * button, a drop zone and an image field all use. `onUploaded` gets each finished media item (the
 * library's own one, `duplicate`, when the file was there already).
 */
export function useImageUploads(onUploaded?: (item: CompletedUpload) => void) {
  const upload = useUploadImage();
  const [items, setItems] = useState<Progress[]>([]);
  const next = useRef(1);
  const update = (key: number, change: Partial<Progress>) => setItems((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  async function start(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const key = next.current++;
      setItems((list) => [...list.slice(-4), { key, name: file.name, fraction: 0 }]);
      const refused = refusal(file);
      if (refused) {
        update(key, { error: refused });
        continue;
      }
      try {
        const item = await upload.mutateAsync({ file, onProgress: (fraction) => update(key, { fraction }) });
        if (item.duplicate) {
          // Stays on screen: the admin is told, and offered the image that was there.
          update(key, { fraction: 1, existing: item });
        } else {
          update(key, { fraction: 1 });
          setTimeout(() => setItems((list) => list.filter((p) => p.key !== key)), 3000);
        }
        onUploaded?.(item);
      } catch (err) {
        console.error("Upload failed:", err);
        update(key, { error: apiErrorMessage(err, "The upload failed. Please try again.") });
      }
    }
  }
  return { start, items, busy: upload.isPending };
}

/**
 * Each upload's name, a progress bar, and its error if it failed. A file that was in the library
 * already says so, with `offer` (e.g. a button that shows that image) beside it.
 */
export function UploadProgress({ items, offer }: { items: Progress[]; offer?: (existing: CompletedUpload) => ReactNode }) {
  if (!items.length) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Uploads">
      {items.map((p) => (
        <li key={p.key} className="text-sm">
          <div className="flex justify-between gap-2">
            <span className="truncate text-slate-800">{p.name}</span>
            <span className={p.error ? "font-medium text-red-800" : "text-slate-600"}>
              {p.error ? "Failed" : p.existing ? "Not stored again" : p.fraction >= 1 ? "Uploaded" : `${Math.round(p.fraction * 100)}%`}
            </span>
          </div>
          {p.existing ? (
            <div role="status" className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-sky-50 px-3 py-2 text-sky-900" data-testid="already-in-library">
              <span>
                {ALREADY_IN_LIBRARY}: <span className="font-medium break-all">{p.existing.filename}</span>
              </span>
              {offer?.(p.existing)}
            </div>
          ) : p.error ? (
            <p role="alert" className="text-red-800">
              {p.error}
            </p>
          ) : (
            <div
              role="progressbar"
              aria-label={`Uploading ${p.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(p.fraction * 100)}
              className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-purple-600 transition-[width]" style={{ width: `${Math.round(p.fraction * 100)}%` }} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A button that picks image files (a visually plain <input type=file> behind it). */
export function UploadButton({
  onFiles,
  label = "Upload",
  multiple = false,
  disabled = false,
  children,
}: {
  onFiles: (files: FileList) => void;
  label?: string;
  multiple?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={actionOutline} disabled={disabled} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        {children ?? label}
      </button>
      <input
        ref={input}
        type="file"
        accept={imageTypes.join(",")}
        multiple={multiple}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          if (e.target.files?.length) onFiles(e.target.files);
          e.target.value = "";
        }}
      />
    </>
  );
}

/** The library's upload area: drop images on it, or use the button. */
export function DropZone({ onFiles, busy }: { onFiles: (files: FileList) => void; busy: boolean }) {
  const [over, setOver] = useState(false);
  const hintId = useId();
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length) onFiles(e.dataTransfer.files);
  };
  return (
    <div
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-describedby={hintId}
      className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center transition ${over ? "border-purple-600 bg-purple-50" : "border-slate-300 bg-white"}`}
    >
      <ImageUp aria-hidden="true" className="h-8 w-8 text-slate-500" />
      <p id={hintId} className="text-sm text-slate-700">
        Drop images here, or choose them. JPEG, PNG, WebP, GIF or AVIF, up to 5 MB each.
      </p>
      <UploadButton onFiles={onFiles} multiple disabled={busy} label="Upload images" />
    </div>
  );
}
