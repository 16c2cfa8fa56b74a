/**
 * Image URLs (spec §9): a base with type, width, height and fit cover; `auto=webp` always,
 * `format=png` for PNG files else progressive JPEG; media types map to Magento's media folders;
 * media on the main store host is made relative to the site origin (where the image optimiser
 * answers) unless the backend optimises images itself.
 */
export const IMAGE_WIDTHS = [40, 80, 160, 320, 640, 960, 1280, 1600, 2560] as const;
/** Width over height (spec §9). */
export const DEFAULT_IMAGE_RATIO = 0.8;

export const MEDIA_FOLDERS = {
  'image-product': 'catalog/product/',
  'image-category': 'catalog/category/',
  'image-swatch': 'attribute/swatch/',
} as const;
export type MediaType = keyof typeof MEDIA_FOLDERS;

export interface ImageUrlContext {
  /** The page's origin, e.g. `https://shop.example`. */
  origin: string;
  /** The store view's secure media base URL, e.g. `https://magento.example/media/` or `/media/`. */
  mediaBaseUrl: string;
  /** The main store host (the Magento backend), e.g. `https://magento.example`. */
  backendUrl?: string | null;
  /** True when the backend optimises images itself: its URLs are then kept as they are. */
  backendOptimisesImages?: boolean;
}

export interface ImageOptions {
  type: MediaType;
  width?: number;
  height?: number;
  fit?: 'cover' | 'contain';
}

const ABSOLUTE = /^[a-z][a-z\d+.-]*:\/\//i;

function fileTypeOf(url: URL): string {
  const name = url.pathname.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The URL of an image at one size. */
export function imageUrl(path: string, options: ImageOptions, context: ImageUrlContext): string {
  const mediaBase = new URL(context.mediaBaseUrl, context.origin);
  let url = new URL(path, mediaBase);
  // A relative file name (`/a/b/frame.jpg`) lives in its type's media folder.
  if (!ABSOLUTE.test(path)) {
    const folder = MEDIA_FOLDERS[options.type];
    if (!url.pathname.includes(folder)) url = new URL(`${folder}${path.replace(/^\/+/, '')}`, mediaBase);
  }
  const backend = context.backendUrl ? context.backendUrl.replace(/\/+$/, '') : null;
  if (backend && url.href.startsWith(backend) && !context.backendOptimisesImages) {
    url = new URL(url.href.slice(backend.length), context.origin);
  }
  const params = url.searchParams;
  params.set('auto', 'webp');
  params.set('format', fileTypeOf(url) === 'png' ? 'png' : 'pjpg');
  if (options.width !== undefined) params.set('width', String(Math.round(options.width)));
  if (options.height !== undefined) params.set('height', String(Math.round(options.height)));
  params.set('fit', options.fit ?? 'cover');
  const origin = new URL(context.origin).origin;
  return url.origin === origin ? url.href.slice(origin.length) : url.href;
}

/** Height for a width at a ratio (width over height). */
export const heightFor = (width: number, ratio = DEFAULT_IMAGE_RATIO) => Math.round(width / ratio);

/** `srcset` for the standard widths (up to `maxWidth`), each at the ratio. */
export function imageSrcSet(path: string, options: { type: MediaType; ratio?: number; maxWidth?: number }, context: ImageUrlContext): string {
  const ratio = options.ratio ?? DEFAULT_IMAGE_RATIO;
  return IMAGE_WIDTHS.filter((width) => options.maxWidth === undefined || width <= options.maxWidth)
    .map((width) => `${imageUrl(path, { type: options.type, width, height: heightFor(width, ratio) }, context)} ${width}w`)
    .join(', ');
}

/**
 * `sizes` from breakpoints: `[[640, '100vw'], [null, '320px']]` → `(max-width: 640px) 100vw, 320px`.
 */
export function imageSizes(rules: ReadonlyArray<readonly [maxWidthPx: number | null, size: string]>): string {
  return rules.map(([maxWidth, size]) => (maxWidth === null ? size : `(max-width: ${maxWidth}px) ${size}`)).join(', ');
}

/** Everything an `<img>` needs (spec §9: images load lazily). */
export function imageAttributes(path: string, options: { type: MediaType; width: number; ratio?: number; sizes?: string }, context: ImageUrlContext) {
  const ratio = options.ratio ?? DEFAULT_IMAGE_RATIO;
  const height = heightFor(options.width, ratio);
  return {
    src: imageUrl(path, { type: options.type, width: options.width, height }, context),
    srcSet: imageSrcSet(path, { type: options.type, ratio }, context),
    sizes: options.sizes ?? `${options.width}px`,
    width: options.width,
    height,
    loading: 'lazy' as const,
  };
}
