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
