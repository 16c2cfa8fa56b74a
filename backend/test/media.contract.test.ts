import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './test-backend';

let api: TestBackend;
beforeAll(async () => {
  api = await startTestBackend();
});
afterAll(() => api.close());

const FRONT = '/media/catalog/product/a/u/aurora-cat-eye-black-front.png';
const image = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();

describe('media', () => {
  it('draws a product image on first request: a 1200 × 1500 PNG (aspect 0.8), kept an hour (a year under a versioned URL)', async () => {
    const res = await api.http(FRONT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // an unversioned original may be replaced at the same URL
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
    const versioned = await api.http(`${FRONT}?v=2026-11-27`);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await image(res)).toMatchObject({ format: 'png', width: 1200, height: 1500 });
  });

  it('spec §9: resizes to a requested width, keeping the aspect ratio', async () => {
    const res = await api.http(`${FRONT}?width=320`);
    expect(await image(res)).toMatchObject({ width: 320, height: 400 });
  });

  it('spec §9: width + height + fit=cover gives exactly that box', async () => {
    const res = await api.http(`${FRONT}?width=160&height=160&fit=cover`);
    expect(await image(res)).toMatchObject({ width: 160, height: 160 });
  });

  it('spec §9: auto=webp serves WebP when the browser accepts it, the asked format otherwise', async () => {
    const webp = await api.http(`${FRONT}?auto=webp&format=pjpg&width=640`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('vary')).toMatch(/Accept/);
    expect((await image(webp)).format).toBe('webp');
    const jpeg = await api.http(`${FRONT}?auto=webp&format=pjpg&width=640`, { headers: { accept: 'image/png,image/*' } });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(await image(jpeg)).toMatchObject({ format: 'jpeg', isProgressive: true, width: 640 });
    const png = await api.http(`${FRONT}?auto=webp&format=png&width=640`, { headers: { accept: 'image/png' } });
    expect((await image(png)).format).toBe('png');
  });

  it('keeps resized files on disk: the second request is a cache hit with the same bytes', async () => {
    const url = `${FRONT}?width=960&format=pjpg`;
    const first = await api.http(url);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const second = await api.http(url);
    expect(first.headers.get('x-media-cache')).toBe('MISS');
    expect(second.headers.get('x-media-cache')).toBe('HIT');
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
  });

  it('draws the try-on image at true scale: transparent PNG, 10 px per mm of frame width, density recorded', async () => {
    const { data } = await api.gql<{ products: { items: { frame_width: number; tryon_image: { url: string } }[] } }>(
      '{ products(filter: { sku: { eq: "LN1001" } }) { items { frame_width tryon_image { url } } } }',
    );
    const product = data!.products.items[0]!;
    const res = await api.http(new URL(product.tryon_image.url).pathname);
    const bytes = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, width: product.frame_width * 10, density: 254 });
    const { data: pixels, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(pixels[info.channels - 1]).toBe(0); // the top-left corner is see-through
  });

  it('draws category images and colour swatches', async () => {
    const category = await api.http('/media/catalog/category/sunglasses.png?width=320');
    expect(category.status).toBe(200);
    expect(await image(category)).toMatchObject({ width: 320, height: 400 });
    const swatch = await api.http('/media/attribute/swatch/tortoise.png?width=40');
    expect(swatch.status).toBe(200);
    expect((await image(swatch)).width).toBe(40);
  });

  it('answers 404 with a clear message for an unknown image or folder', async () => {
    for (const path of [
      '/media/catalog/product/n/o/no-such-frame.png',
      '/media/catalog/category/nope.png',
      '/media/attribute/swatch/plaid.png',
      '/media/wysiwyg/banner.png',
    ]) {
      const res = await api.http(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toMatch(/^The image \/.+ does not exist\.$/);
    }
    const traversal = await api.http('/media/catalog/product/..%2F..%2Fetc%2Fpasswd');
    expect(traversal.status).toBe(404);
  });

  it('refuses absurd sizes and unknown parameters with 400', async () => {
    const wide = await api.http(`${FRONT}?width=5000`);
    expect(wide.status).toBe(400);
    expect(await wide.text()).toBe('The width 5000 is larger than the 2560 pixels this shop makes.');
    expect((await api.http(`${FRONT}?width=abc`)).status).toBe(400);
    expect((await api.http(`${FRONT}?height=0`)).status).toBe(400);
    expect((await api.http(`${FRONT}?fit=stretch`)).status).toBe(400);
    expect((await api.http(`${FRONT}?format=gif`)).status).toBe(400);
    expect((await api.http(`${FRONT}?width=2560`)).status).toBe(200);
  });
});
