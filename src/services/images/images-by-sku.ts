/**
 * Spec §9 `imagesBySku`: per sku, the gallery entry at position 1, or else the first. Kept in
 * browser storage so a cart or order line can show a variant's picture without another query.
 */
import type { BrowserStorage } from '../storage/browser-storage';
import { STORAGE_KEYS } from '../storage/storage-keys';

export interface GalleryEntry {
  position?: number | null;
  url?: string | null;
  file?: string | null;
  label?: string | null;
  sku?: string | null;
}

export function pickSkuImage<T extends GalleryEntry>(entries: ReadonlyArray<T | null> | null | undefined): T | null {
  const present = (entries ?? []).filter((entry): entry is T => entry !== null);
  return present.find((entry) => entry.position === 1) ?? present[0] ?? null;
}

export type ImagesBySku = Record<string, GalleryEntry>;

export function readImagesBySku(storage: BrowserStorage): ImagesBySku {
  const stored = storage.getItem<unknown>(STORAGE_KEYS.imagesBySku);
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as ImagesBySku) : {};
}

/** The stored picture URL of a sku, or null: a missing or broken stored entry is ignored. */
export function storedImageUrl(images: ImagesBySku, sku: string | null | undefined): string | null {
  const url = sku ? (images[sku] as GalleryEntry | undefined | null)?.url : null;
  return typeof url === 'string' && url !== '' ? url : null;
}

/** Records the chosen image of each product (sku → entry), keeping what is already stored. */
export function saveImagesBySku(
  storage: BrowserStorage,
  products: ReadonlyArray<{ sku: string; media_gallery_entries?: ReadonlyArray<GalleryEntry | null> | null }>,
): ImagesBySku {
  const next = { ...readImagesBySku(storage) };
  for (const product of products) {
    const image = pickSkuImage(product.media_gallery_entries);
    if (image) next[product.sku] = image;
  }
  storage.setItem(STORAGE_KEYS.imagesBySku, next);
  return next;
}

/** What a cart line records: its chosen variant's gallery (the line's product is the parent frame). */
export interface CartLineGallery {
  configured_variant?: { sku?: string | null; media_gallery?: ReadonlyArray<(GalleryEntry & { disabled?: boolean | null }) | null> | null } | null;
}

/**
 * Spec §9 imagesBySku from a cart's lines: each chosen variant's picture under its own sku, the sku
 * an order line then carries, so the order shows the colour that was bought.
 */
export function saveCartLineImages(storage: BrowserStorage, lines: ReadonlyArray<CartLineGallery | null> | null | undefined): void {
  const products = (lines ?? []).flatMap((line) => {
    const variant = line?.configured_variant;
    if (!variant?.sku || !variant.media_gallery?.length) return [];
    const shown = variant.media_gallery.filter((entry) => entry !== null && entry.disabled !== true);
    return [{ sku: variant.sku, media_gallery_entries: shown }];
  });
  if (products.length > 0) saveImagesBySku(storage, products);
}
