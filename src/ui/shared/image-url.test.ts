import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_RATIO, IMAGE_WIDTHS, imageSrcSet, resizedImageUrl } from './image-url';
import { skeletonSize } from './skeleton';

const ORIGIN = 'http://127.0.0.1:8301';

describe('image URLs (spec §9)', () => {
  it('spec §9: widths 40…2560 and default ratio 0.8', () => {
    expect(IMAGE_WIDTHS).toEqual([40, 80, 160, 320, 640, 960, 1280, 1600, 2560]);
    expect(DEFAULT_IMAGE_RATIO).toBe(0.8);
  });

  it('spec §9: always auto=webp, format png for png files else pjpg, cover fit, height from the ratio', () => {
    const png = new URL(resizedImageUrl(`${ORIGIN}/media/catalog/product/m/i/milo.png`, { width: 320 }, ORIGIN), ORIGIN);
    expect(Object.fromEntries(png.searchParams)).toEqual({ auto: 'webp', format: 'png', width: '320', height: '400', fit: 'cover' });
    const jpg = new URL(resizedImageUrl(`${ORIGIN}/media/a.jpg`, { width: 640 }, ORIGIN), ORIGIN);
    expect(jpg.searchParams.get('format')).toBe('pjpg');
  });

  it("spec §9: media on the shop's own host becomes relative to the site origin", () => {
    expect(resizedImageUrl(`${ORIGIN}/media/a.png`, { width: 40 }, ORIGIN)).toMatch(/^\/media\/a\.png\?/);
    expect(resizedImageUrl('https://cdn.example/media/a.png', { width: 40 }, ORIGIN)).toMatch(/^https:\/\/cdn\.example\/media\/a\.png\?/);
  });

  it('builds a srcset over the spec widths', () => {
    expect(
      imageSrcSet(`${ORIGIN}/media/a.png`, {}, ORIGIN)
        .split(', ')
        .map((s) => s.split(' ')[1]),
    ).toEqual(['160w', '320w', '640w', '960w', '1280w', '1600w']);
  });
});

describe('skeleton sizes (spec §9)', () => {
  it('spec §9: numeric sizes are rem, other sizes pass through', () => {
    expect(skeletonSize(12)).toBe('12rem');
    expect(skeletonSize('50%')).toBe('50%');
    expect(skeletonSize(undefined)).toBeUndefined();
  });
});
