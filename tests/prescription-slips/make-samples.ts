/**
 * Writes tests/prescription-slips/samples/: the sample slips' phone photos (drawn afresh, the same
 * bytes as in the full set), their manifest entries, and the fake-camera video of one of them
 * (<id>.mjpeg: the photo's JPEG repeated, which Chromium's `--use-file-for-fake-video-capture` plays
 * in a loop). Then it checks the video in Chromium: the fake camera shows the photo at its size.
 *   node --import tsx tests/prescription-slips/make-samples.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.ts';
import { manifestOf, photoFile } from './manifest.ts';
import { newSlipPage, PHOTO_LONG_SIDE, PHOTO_SHORT_SIDE, renderFlat, renderPhoto } from './render.ts';
import { CAMERA_SAMPLE_CELL, SAMPLE_CELLS, samplesOf } from './samples.ts';
import { SLIP_SET } from './set.ts';

const SAMPLES = resolve(import.meta.dirname, 'samples');
/** Frames in the camera video: the same picture, so any frame the scan grabs is the photo. */
const VIDEO_FRAMES = 2;

const options = { seed: SLIP_SET.seed, today: SLIP_SET.today };
const slips = samplesOf(SLIP_SET.count, options);
const camera = slips[SAMPLE_CELLS.indexOf(CAMERA_SAMPLE_CELL)]!;
mkdirSync(SAMPLES, { recursive: true });
for (const file of readdirSync(SAMPLES)) if (/\.(jpg|mjpeg|json)$/.test(file)) rmSync(resolve(SAMPLES, file));

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const manifest = manifestOf(slips, options.seed, options.today);
try {
  const page = await newSlipPage(browser);
  for (const [i, slip] of slips.entries()) {
    const photo = await renderPhoto(page, await renderFlat(page, slip), slip.distortion);
    manifest.slips[i]!.distortion.corners = photo.corners;
    writeFileSync(resolve(SAMPLES, photoFile(slip)), photo.jpeg);
    if (slip === camera) writeFileSync(resolve(SAMPLES, `${slip.id}.mjpeg`), Buffer.concat(Array.from({ length: VIDEO_FRAMES }, () => photo.jpeg)));
  }
} finally {
  await browser.close();
}
writeFileSync(resolve(SAMPLES, 'manifest.json'), `${JSON.stringify({ ...manifest, camera: `${camera.id}.mjpeg` }, null, 1)}\n`);

// the video as the scan journey sees it: Chromium's fake camera playing it
const video = resolve(SAMPLES, `${camera.id}.mjpeg`);
const checking = await chromium.launch({
  executablePath: chromiumPath(),
  args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
});
try {
  const context = await checking.newContext({ permissions: ['camera'] });
  const page = await context.newPage();
  // camera access needs a secure page: an https address answered here, no server
  await page.route('https://slips.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>camera</title>' }));
  await page.goto('https://slips.test/');
  const seen = await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    const element = document.createElement('video');
    element.muted = true;
    element.srcObject = stream;
    await element.play();
    await new Promise((done) => setTimeout(done, 500));
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [element.videoWidth, element.videoHeight];
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4) sum += pixels[i]!;
    stream.getTracks().forEach((t) => t.stop());
    return { width: canvas.width, height: canvas.height, meanRed: sum / (pixels.length / 4) };
  });
  if (seen.width !== PHOTO_LONG_SIDE || seen.height !== PHOTO_SHORT_SIDE || seen.meanRed < 20) {
    throw new Error(`the fake camera does not show the photo: ${JSON.stringify(seen)}`);
  }
  console.log(`${slips.length} samples in ${SAMPLES}; camera ${camera.id}.mjpeg seen as ${seen.width}×${seen.height} (mean red ${seen.meanRed.toFixed(0)})`);
} finally {
  await checking.close();
}
