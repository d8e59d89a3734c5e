import { AltWarning } from "../../components/admin/alt-warning";
import { TextField } from "../../components/admin/form-fields";
import { imageSrc } from "../../lib/image-src";
import { ImageSourceButtons, type PickedImage } from "./image-picker";

export interface AltProps {
  value: string;
  onChange: (alt: string) => void;
  error?: string;
}

/**
 * An image URL field of the editors: the text box (any http(s) URL, or a /media/ path of this site)
 * with 'Choose from library' and 'Upload' beside it, a small preview of the image chosen and, with
 * `alt`, its alt text: prefilled with the library's default alt text when an image is chosen, and
 * flagged (not blocking) while an image has none.
 */
export function ImageUrlField({
  label,
  value,
  onChange,
  onBlur,
  error,
  name,
  alt,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  alt?: AltProps;
}) {
  const pick = (image: PickedImage) => {
    onChange(image.url);
    alt?.onChange(image.alt);
    // Fields that save when left save a chosen or uploaded image too.
    if (onBlur) setTimeout(onBlur, 0);
  };
  const preview = imageSrc(value);
  const altLabel = `${label.replace(/ URL$/, "")} Alt Text`;
  return (
    <div data-testid="image-url-field">
      <div className="flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextField label={label} type="text" inputMode="url" value={value} onChange={onChange} onBlur={onBlur} error={error} name={name} />
        </div>
        {preview && <img src={preview} alt="" className="mb-0.5 h-10 w-10 shrink-0 rounded-md border border-slate-200 object-cover" />}
      </div>
      <div className="mt-2">
        <ImageSourceButtons label={label} onPick={pick} />
      </div>
      {alt && (
        <div className="mt-3">
          <TextField
            label={altLabel}
            value={alt.value}
            onChange={alt.onChange}
            onBlur={onBlur}
            error={alt.error}
            name={name && `${name}-alt`}
            hint={preview ? undefined : "Describes the image for screen readers and search engines."}
          />
          {preview && !alt.value.trim() && !alt.error && <AltWarning />}
        </div>
      )}
    </div>
  );
}
