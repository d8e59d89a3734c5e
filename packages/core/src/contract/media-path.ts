/**
 * The address of an uploaded image, as the media library gives it out: `/media/{yyyy}/{id}.{ext}`,
 * same-origin (zod-free, so the public pages can check image fields with it cheaply).
 */
export const MEDIA_PATH = /^\/media\/\d{4}\/[0-9a-f-]+\.(jpg|png|webp|gif|avif)$/;

export const isMediaPath = (v: string) => MEDIA_PATH.test(v);
