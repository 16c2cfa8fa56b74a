/**
 * Resized image URLs (spec §9). A local helper until src/services/images/ lands; then this file
 * should re-export or be replaced by that service.
 */

/** spec §9 image widths. */
export const IMAGE_WIDTHS = [40, 80, 160, 320, 640, 960, 1280, 1600, 2560] as const;
/** spec §9 default aspect ratio (width over height). */
export const DEFAULT_IMAGE_RATIO = 0.8;

export interface ImageSize {
  width: number;
  /** Width over height; the height is derived from it. */
  ratio?: number;
}

/**
 * The URL of `src` at a width: `auto=webp` always, `format=png` for PNG files else `pjpg`, cropped
 * with `fit=cover` to the ratio. Media on the shop's own host becomes relative to the site origin.
 */
export function resizedImageUrl(src: string, { width, ratio = DEFAULT_IMAGE_RATIO }: ImageSize, origin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return src;
  }
  if (url.protocol === 'data:' || url.protocol === 'blob:') return src;
  const params = url.searchParams;
  params.set('auto', 'webp');
  params.set('format', /\.png$/i.test(url.pathname) ? 'png' : 'pjpg');
  params.set('width', String(width));
  params.set('height', String(Math.round(width / ratio)));
  params.set('fit', 'cover');
  const query = `?${params.toString()}`;
  return url.origin === origin ? `${url.pathname}${query}` : `${url.origin}${url.pathname}${query}`;
}

/** A `srcset` over the spec §9 widths up to `maxWidth`. */
export function imageSrcSet(src: string, { ratio = DEFAULT_IMAGE_RATIO, maxWidth = 1600 }: { ratio?: number; maxWidth?: number } = {}, origin?: string): string {
  return IMAGE_WIDTHS.filter((w) => w >= 160 && w <= maxWidth)
    .map((w) => `${resizedImageUrl(src, { width: w, ratio }, origin)} ${w}w`)
    .join(', ');
}
