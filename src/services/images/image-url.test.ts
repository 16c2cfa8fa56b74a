import { describe, expect, it } from 'vitest';
import { createBrowserStorage } from '../storage/browser-storage';
import { DEFAULT_IMAGE_RATIO, IMAGE_WIDTHS, imageAttributes, imageSizes, imageSrcSet, imageUrl, MEDIA_FOLDERS, type ImageUrlContext } from './image-url';
import { pickSkuImage, readImagesBySku, saveCartLineImages, saveImagesBySku, storedImageUrl } from './images-by-sku';

const site: ImageUrlContext = { origin: 'https://shop.test', mediaBaseUrl: '/media/' };
const remote: ImageUrlContext = { origin: 'https://shop.test', mediaBaseUrl: 'https://magento.test/media/', backendUrl: 'https://magento.test' };

describe('image URLs (spec §9)', () => {
  it('spec §9: the widths and the default ratio', () => {
    expect(IMAGE_WIDTHS).toEqual([40, 80, 160, 320, 640, 960, 1280, 1600, 2560]);
    expect(DEFAULT_IMAGE_RATIO).toBe(0.8);
  });

  it('spec §9: types map to the media folders catalog/product/, catalog/category/, attribute/swatch/', () => {
    expect(MEDIA_FOLDERS).toEqual({ 'image-product': 'catalog/product/', 'image-category': 'catalog/category/', 'image-swatch': 'attribute/swatch/' });
    expect(imageUrl('/a/b/frame.jpg', { type: 'image-product', width: 320, height: 400 }, site)).toBe(
      '/media/catalog/product/a/b/frame.jpg?auto=webp&format=pjpg&width=320&height=400&fit=cover',
    );
    expect(imageUrl('eyeglasses.jpg', { type: 'image-category' }, site)).toBe('/media/catalog/category/eyeglasses.jpg?auto=webp&format=pjpg&fit=cover');
    expect(imageUrl('/t/o/tortoise.png', { type: 'image-swatch', width: 40 }, site)).toMatch(/^\/media\/attribute\/swatch\/t\/o\/tortoise\.png\?/);
  });

  it('spec §9: auto=webp always; format=png for png files, else pjpg', () => {
    expect(imageUrl('/f/r/frame.PNG', { type: 'image-product' }, site)).toContain('auto=webp&format=png');
    expect(imageUrl('/f/r/frame.jpeg', { type: 'image-product' }, site)).toContain('auto=webp&format=pjpg');
  });

  it('spec §9: media on the main store host is made relative to the site origin', () => {
    expect(imageUrl('https://magento.test/media/catalog/product/f/r/frame.jpg', { type: 'image-product', width: 80 }, remote)).toBe(
      '/media/catalog/product/f/r/frame.jpg?auto=webp&format=pjpg&width=80&fit=cover',
    );
    expect(imageUrl('/f/r/frame.jpg', { type: 'image-product' }, remote)).toMatch(/^\/media\/catalog\/product\/f\/r\/frame\.jpg\?/);
  });

  it('spec §9: unless the backend optimises images, which keeps its own host', () => {
    expect(imageUrl('/f/r/frame.jpg', { type: 'image-product', width: 80 }, { ...remote, backendOptimisesImages: true })).toBe(
      'https://magento.test/media/catalog/product/f/r/frame.jpg?auto=webp&format=pjpg&width=80&fit=cover',
    );
    // another host (a CDN) is left alone
    expect(imageUrl('https://cdn.test/x.jpg', { type: 'image-product' }, remote)).toBe('https://cdn.test/x.jpg?auto=webp&format=pjpg&fit=cover');
  });

  it('srcset lists every width at the ratio; sizes from breakpoints; lazy loading', () => {
    const srcSet = imageSrcSet('/f.jpg', { type: 'image-product', maxWidth: 160 }, site);
    expect(srcSet).toBe([40, 80, 160].map((w) => `/media/catalog/product/f.jpg?auto=webp&format=pjpg&width=${w}&height=${w / 0.8}&fit=cover ${w}w`).join(', '));
    expect(
      imageSizes([
        [640, '100vw'],
        [null, '320px'],
      ]),
    ).toBe('(max-width: 640px) 100vw, 320px');
    expect(imageAttributes('/f.jpg', { type: 'image-product', width: 320 }, site)).toMatchObject({ width: 320, height: 400, loading: 'lazy', sizes: '320px' });
  });
});

describe('imagesBySku (spec §9)', () => {
  it('spec §9: per sku, the gallery entry at position 1 or else the first', () => {
    expect(
      pickSkuImage([
        { position: 3, file: 'c' },
        { position: 1, file: 'a' },
      ]),
    ).toEqual({ position: 1, file: 'a' });
    expect(pickSkuImage([null, { position: 2, file: 'b' }, { position: 4, file: 'd' }])).toEqual({ position: 2, file: 'b' });
    expect(pickSkuImage([])).toBeNull();
  });

  it('spec §9: stored under imagesBySku, keeping earlier skus', () => {
    const map = new Map<string, string>();
    const storage = createBrowserStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
    saveImagesBySku(storage, [
      {
        sku: 'F-1',
        media_gallery_entries: [
          { position: 2, file: 'x' },
          { position: 1, file: 'y' },
        ],
      },
    ]);
    saveImagesBySku(storage, [
      { sku: 'F-2', media_gallery_entries: [{ position: 5, file: 'z' }] },
      { sku: 'F-3', media_gallery_entries: [] },
    ]);
    expect(readImagesBySku(storage)).toEqual({ 'F-1': { position: 1, file: 'y' }, 'F-2': { position: 5, file: 'z' } });
    expect(map.has('imagesBySku')).toBe(true);
  });

  it('spec §9: a cart’s lines record their chosen variant’s picture under the variant’s sku, never a disabled one', () => {
    const map = new Map<string, string>();
    const storage = createBrowserStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
    const tortoise = (url: string, position: number, disabled = false) => ({
      url: `https://shop.test/media/catalog/product/${url}`,
      label: null,
      position,
      disabled,
    });
    saveCartLineImages(storage, [
      { configured_variant: { sku: 'LN1001-TRT-M', media_gallery: [tortoise('angled.png', 2), tortoise('hidden.png', 1, true), tortoise('front.png', 3)] } },
      // A simple frame's line has no variant; a null line is skipped.
      { configured_variant: null },
      null,
    ]);
    expect(readImagesBySku(storage)).toEqual({ 'LN1001-TRT-M': tortoise('angled.png', 2) });
  });

  it('spec §9: a stored picture is read by sku; a missing or broken entry gives none, never a crash', () => {
    const images = {
      good: { url: 'https://shop.test/a.png' },
      number: 5,
      noUrl: { file: 'b.png' },
      badUrl: { url: 7 },
      empty: { url: '' },
    } as unknown as Parameters<typeof storedImageUrl>[0];
    expect(storedImageUrl(images, 'good')).toBe('https://shop.test/a.png');
    for (const sku of ['number', 'noUrl', 'badUrl', 'empty', 'unknown', null]) expect(storedImageUrl(images, sku)).toBeNull();
  });
});
