/**
 * Makes tests/fixtures/try-on/face-moving.mjpeg, the fake camera's face video for the try-on's speed
 * test: the fixture photo turned (roll) from −8° to +8° and back and moved a little, one
 * JPEG per frame, concatenated (Chromium's `--use-file-for-fake-video-capture` reads .mjpeg so).
 * Drawn by Debian's Chromium on a canvas, so no image tool is needed. Run:
 *   node --import tsx scripts/make-try-on-video.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';

const FIXTURES = resolve(import.meta.dirname, '..', 'tests', 'fixtures', 'try-on');
const FRAMES = 24;
const MAX_ROLL_DEG = 8;

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const photo = `data:image/jpeg;base64,${readFileSync(resolve(FIXTURES, 'face-photo.jpg')).toString('base64')}`;
  const frames = await page.evaluate(
    async ({ photo, count, maxRoll }) => {
      const image = new Image();
      image.src = photo;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [640, 480];
      const context = canvas.getContext('2d')!;
      const out: string[] = [];
      for (let i = 0; i < count; i++) {
        const phase = (2 * Math.PI * i) / count;
        context.fillStyle = '#8a8f96';
        context.fillRect(0, 0, 640, 480);
        context.save();
        // about the point between the eyes, so the face stays in the picture
        context.translate(405 + 12 * Math.sin(phase), 227 + 6 * Math.cos(phase));
        context.rotate(((maxRoll * Math.PI) / 180) * Math.sin(phase));
        context.drawImage(image, -405, -227);
        context.restore();
        out.push(canvas.toDataURL('image/jpeg', 0.6).split(',')[1]!);
      }
      return out;
    },
    { photo, count: FRAMES, maxRoll: MAX_ROLL_DEG },
  );
  const video = Buffer.concat(frames.map((f) => Buffer.from(f, 'base64')));
  writeFileSync(resolve(FIXTURES, 'face-moving.mjpeg'), video);
  console.log(`face-moving.mjpeg: ${FRAMES} frames, ${(video.byteLength / 1000).toFixed(0)} kB`);
} finally {
  await browser.close();
}
