import { DEFAULT_IMAGE_RATIO, imageSrcSet, resizedImageUrl } from './image-url';

export interface ProductImageProps {
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The first image of a page loads at once, with high priority; the others lazily (spec §9). */
  eager?: boolean;
  className?: string;
  ratio?: number;
}

/** A catalog image at the spec §9 widths and 0.8 ratio, as WebP when the browser takes it. */
export function ProductImage({ src, alt, sizes, eager = false, className, ratio = DEFAULT_IMAGE_RATIO }: ProductImageProps) {
  return (
    <img
      className={className}
      src={resizedImageUrl(src, { width: 640, ratio })}
      srcSet={imageSrcSet(src, { ratio })}
      sizes={sizes}
      alt={alt}
      width={640}
      height={Math.round(640 / ratio)}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
