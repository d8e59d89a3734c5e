import { useId, useState, type FormEvent } from "react";
import { fieldErrors, MAX_ALT_LENGTH } from "@agency/core/contract/common";
import { mediaUpdate, type MediaUpdate } from "@agency/core/contract/media";
import { AltWarning } from "../../components/admin/alt-warning";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { FormActions } from "../../components/admin/form-actions";
import { TextAreaField, TextField } from "../../components/admin/form-fields";
import { useToast } from "../../components/admin/toasts";
import { Modal } from "../../components/ui/modal";
import { useUpdateMedia, type AdminMedia } from "./admin-api";
import { DialogHeader } from "../../components/admin/dialog-header";

/**
 * 'Edit image': the library's rename and default alt text (PUT /api/admin/media/{id}). The alt
 * text is what an image field gets when the image is chosen from the library; fields that already
 * use the image keep their own.
 */
export function EditMediaDialog({ item, onClose }: { item: AdminMedia; onClose: () => void }) {
  const titleId = useId();
  const [filename, setFilename] = useState(item.filename);
  const [alt, setAlt] = useState(item.alt);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateMedia();
  const showError = useApiErrorHandler();
  const toast = useToast();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const changes: MediaUpdate = {};
    if (filename !== item.filename) changes.filename = filename;
    if (alt !== item.alt) changes.alt = alt;
    const parsed = mediaUpdate.safeParse(changes);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (!Object.keys(changes).length) return onClose();
    update.mutate(
      { item, changes },
      {
        onSuccess: () => {
          toast.success("Image saved");
          onClose();
        },
        onError: (err) => showError(err, { fallback: "Failed to save the image", setFieldErrors: setErrors }),
      },
    );
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} width="max-w-xl">
      <form onSubmit={submit} noValidate>
        <DialogHeader id={titleId} title="Edit image" onClose={onClose} />
        <div className="space-y-4 p-6">
          <img src={item.url} alt="" className="h-40 w-full rounded-lg border border-slate-200 bg-slate-100 object-contain" />
          <TextField
            label="File name"
            required
            value={filename}
            onChange={(v) => {
              setFilename(v);
              setErrors(({ filename: _, ...rest }) => rest);
            }}
            error={errors.filename}
          />
          <div>
            <TextAreaField
              label="Alt text"
              rows={2}
              value={alt}
              onChange={(v) => {
                setAlt(v);
                setErrors(({ alt: _, ...rest }) => rest);
              }}
              error={errors.alt}
              hint={`Describes the image for people who cannot see it; filled in when the image is chosen for a page or post. At most ${MAX_ALT_LENGTH} characters.`}
            />
            {!alt.trim() && !errors.alt && <AltWarning />}
          </div>
        </div>
        <FormActions className="flex justify-end gap-3 border-t border-slate-200 px-6 py-4" onCancel={onClose} pending={update.isPending} label="Save" pendingLabel="Saving..." />
      </form>
    </Modal>
  );
}
