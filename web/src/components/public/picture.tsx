import type { ImageInfo } from "@agency/core/contract/media";
import { imageSrc } from "../../lib/image-src";
import { infoOf, pictureParts, type SlotShape } from "../../lib/picture";

interface PictureProps {
  /** The address as stored (a /media/ path, its absolute form, or an external URL). */
  src: string | null | undefined;
  /** The record's library images with sizes (contract WithImages), as the public read embeds them. */
  images?: Record<string, ImageInfo> | undefined;
  alt: string;
  /** The slot's `sizes` (lib/picture.ts slotSizes). */
  sizes: string;
  /** The shape the slot shows it in (lib/picture.ts SlotShape); its own by default. */
  shape?: SlotShape;
  className?: string;
  /** The page's LCP image: fetched at once and first (`fetchpriority="high"`); every other image is lazy. */
  priority?: boolean;
  /** The size a plain <img> (an external image) declares. */
  width?: number;
  height?: number;
  onError?: () => void;
}

/**
 * Every image of the public pages. A library image with sizes is `<picture>`: AVIF and WebP
 * sources over its widths, an `<img>` with the JPEG/PNG fallback, its own width and height (no
 * layout shift) and its blurred placeholder as background until it loads. Anything else (an
 * external URL, an image still processing) is a plain `<img>`. Nothing shows without a usable src.
 */
export function Picture({ src, images, alt, sizes, shape, className, priority = false, width, height, onError }: PictureProps) {
  const info = infoOf(images, src);
  const loading = priority ? "eager" : "lazy";
  const fetchPriority = priority ? "high" : undefined;
  if (!info) {
    const plain = imageSrc(src);
    if (!plain) return null;
    return <img src={plain} alt={alt} width={width} height={height} loading={loading} fetchPriority={fetchPriority} decoding="async" onError={onError} className={className} />;
  }
  const parts = pictureParts(info, shape);
  return (
    <picture>
      {parts.sources.map((s) => (
        <source key={`${s.type} ${s.media ?? ""}`} media={s.media} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={parts.src}
        srcSet={parts.srcSet}
        sizes={sizes}
        width={parts.width}
        height={parts.height}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        onError={onError}
        className={className}
        style={parts.placeholder}
      />
    </picture>
  );
}
