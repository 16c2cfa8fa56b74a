/**
 * No client can make the media route draw and keep an image per pixel (ADR 037): asked sizes snap
 * to spec §9's widths, and the resized images' folder stays under its cap (MEDIA_CACHE_MAX_MB).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './test-backend';

const FRONT = '/media/catalog/product/a/u/aurora-cat-eye-black-front.png';

function resizedFiles(api: TestBackend): { count: number; bytes: number } {
  const folder = join(api.cacheDir, 'media', 'resized');
  let count = 0;
  let bytes = 0;
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    const path = join(folder, name);
    if (statSync(path).isFile()) {
      count++;
      bytes += statSync(path).size;
    }
  }
  return { count, bytes };
}

describe('spec §9 sizes only', () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend();
  }, 180_000);
  afterAll(() => api?.close());

  it('thirty widths from 41 to 70 make one image, 80 pixels wide', async () => {
    for (let width = 41; width <= 70; width++) {
      const res = await api.http(`${FRONT}?width=${width}&format=png`);
      expect(res.status).toBe(200);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(80);
    }
    expect(resizedFiles(api).count).toBe(1);
  });

  it('spec §9: a width and height at the 0.8 ratio are made as asked', async () => {
    const res = await api.http(`${FRONT}?width=320&height=400&format=png`);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 320, height: 400 });
  });
});

describe('the resized images stay under their cap', () => {
  let api: TestBackend;
  beforeAll(async () => {
    api = await startTestBackend({ mediaCacheMaxBytes: 200_000 });
  }, 180_000);
  afterAll(() => api?.close());

  it('the oldest resized images are removed once the folder is over its cap; a removed size is made again when asked', async () => {
    let largest = 0;
    for (const format of ['png', 'pjpg'])
      for (const width of [320, 640, 960, 1280, 1600]) {
        const res = await api.http(`${FRONT}?width=${width}&format=${format}`);
        expect(res.status).toBe(200);
        largest = Math.max(largest, Number(res.headers.get('content-length')));
      }
    expect(resizedFiles(api).bytes).toBeLessThanOrEqual(200_000 + largest);
    const again = await api.http(`${FRONT}?width=320&format=png`);
    expect(again.status).toBe(200);
  });
});
