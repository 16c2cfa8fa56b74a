/**
 * Resized image URLs (spec §9). A local helper until src/services/images/ lands; then this file
 * should re-export or be replaced by that service.
 */
import { pageOrigin } from './render-environment';

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
export function resizedImageUrl(src: string, { width, ratio = DEFAULT_IMAGE_RATIO }: ImageSize, origin: string = pageOrigin()): string {
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
export function imageSrcSet(
  src: string,
  { ratio = DEFAULT_IMAGE_RATIO, maxWidth = 1600 }: { ratio?: number; maxWidth?: number } = {},
  origin?: string,
): string {
  return IMAGE_WIDTHS.filter((w) => w >= 160 && w <= maxWidth)
    .map((w) => `${resizedImageUrl(src, { width: w, ratio }, origin)} ${w}w`)
    .join(', ');
}

/**
 * Makes an `<img>` of CMS content responsive (spec §9): a `srcset` over the spec widths and `sizes`
 * (by default: its declared width, or the viewport when narrower), lazy except the content's first
 * image. Only Magento media (a `/media/` path over http(s)) with a declared width and height is
 * changed: the resize crops to a ratio, which only those two attributes give.
 */
export function makeContentImageResponsive(img: HTMLImageElement, { first, sizes, origin }: { first: boolean; sizes?: string; origin?: string }): void {
  const width = Number(img.getAttribute('width'));
  const height = Number(img.getAttribute('height'));
  const src = img.getAttribute('src');
  if (!src || !(width > 0) || !(height > 0)) return;
  let url: URL;
  try {
    url = new URL(src, origin ?? pageOrigin());
  } catch {
    return;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.pathname.includes('/media/')) return;
  const ratio = width / height;
  const fallbackWidth = IMAGE_WIDTHS.find((w) => w >= width) ?? 2560;
  img.setAttribute('src', resizedImageUrl(src, { width: fallbackWidth, ratio }, origin));
  img.setAttribute('srcset', imageSrcSet(src, { ratio }, origin));
  img.setAttribute('sizes', sizes ?? `(max-width: ${width}px) 100vw, ${width}px`);
  img.setAttribute('loading', first ? 'eager' : 'lazy');
  img.setAttribute('decoding', 'async');
}
