import * as z from "./zod";
import { pageParams, searchText } from "./admin";
import { altText } from "./common";

/**
 * The wire contract of image uploads and the media library (feature `admin-media`, admin only).
 * Isomorphic: the handler validates with these schemas, the screens check a picked file with them.
 *
 * 1. POST /api/admin/uploads `{filename, content_type, size}` -> 201 UploadTicket: a presigned POST
 *    (valid 5 minutes) to the media bucket. The browser posts `fields` then the file (named `file`,
 *    last) as multipart/form-data to `url`.
 * 2. POST /api/admin/uploads/{id}/complete -> 200 CompletedUpload, once the server has checked the
 *    stored file (size, and that its first bytes are an image of the claimed type); 422 otherwise.
 *    The same bytes uploaded again are not stored twice: the answer is the image already in the
 *    library, with `duplicate: true`, and the new upload is deleted.
 * 3. GET /api/admin/media?limit=&cursor=&q= -> MediaLibraryItem[], newest first, next page's cursor
 *    in X-Next-Cursor; `q` searches file names and alt texts over every image.
 * 4. PUT /api/admin/media/{id} `{alt?, filename?}` -> MediaItem: rename, and the image's default alt
 *    text (what an image field gets when the image is chosen from the library).
 * 5. DELETE /api/admin/media/{id} -> `{success: true}`, or 409 MediaInUse while anything uses it.
 *
 * An image is served at `url` (`/media/{yyyy}/{id}.{ext}`, on the site's own origin); the admin
 * stores that path, or the absolute `${site}${url}` form (fields that take only http(s) URLs).
 */
export const imageTypes = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export type ImageType = (typeof imageTypes)[number];

/** The largest file an upload may be: 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The extension of each type's media key and URL. */
export const imageExtensions: Readonly<Record<ImageType, string>> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
};

/** What the screens call each type in messages ("The file is not a valid PNG image"). */
export const imageTypeNames: Readonly<Record<ImageType, string>> = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/gif": "GIF",
  "image/avif": "AVIF",
};

export const uploadMessages = {
  type: "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded",
  empty: "The file is empty",
  tooLarge: "The file is larger than 5 MB",
  filename: "filename is required",
  filenameLength: "filename must be at most 255 characters",
  notUploaded: "The file was not uploaded",
  notValid: (type: ImageType) => `The file is not a valid ${imageTypeNames[type]} image`,
  tooManyPixels: "The image is larger than 100 megapixels",
} as const;

/** POST /api/admin/uploads. SVG is refused (it can carry script), as is every other type. */
const filename = z.string({ error: uploadMessages.filename }).check(z.trim(), z.minLength(1, uploadMessages.filename), z.maxLength(255, uploadMessages.filenameLength));
export const uploadRequest = z.lazy(() =>
  z.object({
    filename,
    content_type: z.pipe(z.string({ error: uploadMessages.type }).check(z.trim(), z.toLowerCase()), z.enum(imageTypes, { error: uploadMessages.type })),
    size: z
      .number({ error: "size must be the file's size in bytes" })
      .check(z.int("size must be the file's size in bytes"), z.gte(1, uploadMessages.empty), z.lte(MAX_UPLOAD_BYTES, uploadMessages.tooLarge)),
  }),
);

/** 201 to POST /api/admin/uploads. */
export interface UploadTicket {
  /** The upload's id: complete it with POST /api/admin/uploads/{id}/complete. */
  id: string;
  /** Where the browser posts the form (the bucket's endpoint, another origin). */
  url: string;
  /** The form fields to post before the file, as given (key, Content-Type, policy, signature...). */
  fields: Record<string, string>;
  /** The path the image will be served at once completed: `/media/{yyyy}/{id}.{ext}`. */
  public_url: string;
}

/** A completed image (200 to complete). */
export interface MediaItem {
  id: string;
  /** `/media/{yyyy}/{id}.{ext}`, on the site's own origin. */
  url: string;
  /** The original file name, or the one it was renamed to; for display and search only. */
  filename: string;
  /** The default alt text: an image field gets it when the image is chosen from the library. */
  alt: string;
  content_type: ImageType;
  /** Bytes, as stored. */
  size: number;
  created_at: string;
  /** Its derived sizes: `processing` until they exist (the screens say so), then `ready`. */
  status: DerivationStatus;
  /** Its displayed size in pixels (after the camera's orientation); 0 until known. */
  width: number;
  height: number;
}

/**
 * What a public page needs to show a library image at the size of its slot (GET /api/images/...):
 * `srcset` of each format over `widths`, its size for `width`/`height`, and a tiny blurred
 * `placeholder` (a data URL) shown until it loads. Only for images whose derived files exist.
 */
export interface ImageInfo {
  url: string;
  width: number;
  height: number;
  widths: number[];
  fallback: "jpg" | "png";
  placeholder: string;
  /** Whether its AVIF and WebP sizes also exist cut to the featured slot's 1200:630 (WIDE_CROP). */
  wide: boolean;
}

/**
 * 200 to complete. `duplicate`: these bytes were in the library already; the answer is that image
 * (its own id and URL) and the upload just made is deleted.
 */
export interface CompletedUpload extends MediaItem {
  duplicate: boolean;
}

export const mediaUseKinds = ["blog-post", "service", "course", "page-section"] as const;
export type MediaUseKind = (typeof mediaUseKinds)[number];
/** A record whose image field (or, for posts and page sections, content) holds the image's URL. */
export interface MediaUse {
  kind: MediaUseKind;
  id: string;
  title: string;
}

/** An item of GET /api/admin/media: the image and where it is used, worked out per request. */
export interface MediaLibraryItem extends MediaItem {
  used_by: MediaUse[];
}

/** 409 to DELETE /api/admin/media/{id} while anything uses the image. */
export interface MediaInUse {
  error: string;
  used_by: MediaUse[];
}

/** GET /api/admin/media?limit=&cursor=&q= (limit 1 to 100, default 50; q as the blog list's). */
export const mediaListQuery = z.lazy(() => z.object({ ...pageParams, q: searchText }));

/** PUT /api/admin/media/{id}: a field left out keeps its value. */
export const mediaUpdate = z.lazy(() =>
  z.object({
    alt: z.optional(altText),
    filename: z.optional(filename),
  }),
);
export type MediaUpdate = z.input<typeof mediaUpdate>;

/**
 * An image's derived files (media/derive.ts): `processing` from completing its upload until they
 * exist, then `ready`, or `failed` (the original is kept; `npm run admin -- media-derive` tries again).
 */
export const derivationStatuses = ["processing", "ready", "failed"] as const;
export type DerivationStatus = (typeof derivationStatuses)[number];

/**
 * A public read's record with the sizes of its library images (featured image, course image, the
 * images of a post's HTML), keyed by the address as stored in the record; an image without sizes
 * (external, or still processing) is not in it and shows as a plain <img>. Embedded on the server so
 * a page has every image's size and placeholder in its first HTML, without a request per image.
 */
export interface WithImages {
  images: Record<string, ImageInfo>;
}
