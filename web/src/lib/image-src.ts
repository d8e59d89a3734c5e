import { DERIVED_PATH, isMediaPath } from "@agency/core/contract/media-path";
import { siteOrigin } from "./site-origin";

/**
 * A stored image address as an <img src>: an http(s) URL, or a /media/ path of an upload or of one
 * of its derived files (served by this site); anything else (a javascript: or data: URL that old
 * data might hold) shows nothing.
 */
export const imageSrc = (url: string | null | undefined): string => (url && (/^https?:\/\//i.test(url) || isMediaPath(url) || DERIVED_PATH.test(url)) ? url : "");

/** The same, absolute (what social previews need). */
export const absoluteImageSrc = (url: string | null | undefined): string => {
  const src = imageSrc(url);
  return src.startsWith("/") ? `${siteOrigin()}${src}` : src;
};
