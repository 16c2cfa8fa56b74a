import { expect, test, type Page } from './helpers/test';
import { CHROMIUM_ARGS, testChromiumPath } from '../../scripts/chromium';
import { drawn, expectFrameOnFace, FAKE_CAMERA, TRACKING_TIMEOUT, watchTraffic } from '../fixtures/try-on/try-on-helpers';
import { PHONE } from './helpers/phone-layout';
import { expectNoAxeViolations } from './helpers/axe';

/**
 * Try-on (spec §2 /try-on-glasses; eyewear notes "Try-on that works offline") in Chromium with a fake
 * camera playing tests/fixtures/try-on/face.mjpeg (a face-api sample photo, cropped to one face).
 * Face tracking runs for real: Human and its models from the shop's /try-on/ assets.
 */
// launch options force a worker of their own: this file holds the fake-camera journeys only
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: testChromiumPath(),
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${FAKE_CAMERA}`],
  },
});

/**
 * How far a strip along the bottom of a picture (below the frame) is from the camera picture, read
 * straight and read mirrored: mean difference per channel. A mirrored picture is close to the
 * mirrored reading only.
 */
async function mirrorScores(page: Page, picture: 'stage' | 'snapshot') {
  return page.evaluate(async (which) => {
    const video = document.querySelector('video')!;
    const stage = document.querySelector<HTMLCanvasElement>('[data-testid="try-on-stage"] canvas')!;
    const [w, h] = [stage.width, stage.height];
    const read = (source: CanvasImageSource, sw: number, sh: number) => {
      const c = document.createElement('canvas');
      [c.width, c.height] = [sw, sh];
      const ctx = c.getContext('2d')!;
      ctx.drawImage(source, 0, 0);
      return ctx.getImageData(0, h - 24, w, 16).data;
    };
    const camera = read(video, w, h);
    let shown: Uint8ClampedArray;
    if (which === 'stage') shown = read(stage, w, h);
    else {
      const img = document.querySelector<HTMLImageElement>('img[alt^="Snapshot of you wearing"]')!;
      await img.decode();
      shown = read(img, img.naturalWidth, img.naturalHeight);
    }
    let [straight, mirrored] = [0, 0];
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < w; x++) {
        for (let c = 0; c < 3; c++) {
          const at = (y * w + x) * 4 + c;
          straight += Math.abs(shown[at]! - camera[at]!);
          mirrored += Math.abs(shown[at]! - camera[(y * w + (w - 1 - x)) * 4 + c]!);
        }
      }
    }
    const n = 16 * w * 3;
    return { straight: straight / n, mirrored: mirrored / n };
  }, picture);
}

test.describe('try-on with a camera (fake camera: a face photo)', () => {
  test('the frame follows the face at true size; PD, frame switch, compare and snapshot', { tag: PHONE }, async ({ page, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the camera journey runs once, at desktop size (face tracking is CPU-heavy here)');
    test.setTimeout(240_000);
    const traffic = watchTraffic(page, baseURL!);
    const logs: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('[try-on]')) logs.push(m.text());
    });
    await page.goto('/ca/try-on-glasses');
    await expect(page.getByRole('heading', { level: 1, name: 'Try frames on' })).toBeVisible();
    await expect(page.getByText(/never uploaded/)).toBeVisible();
    // the page downloads no face tracking before the shopper starts
    expect((await traffic.report()).tryOnAssets).toBe(0);
    await expect(page.getByRole('button', { name: /^Aurora/ })).toBeVisible();

    await page.getByRole('button', { name: 'Use my camera' }).click();
    await expect(page.getByTestId('try-on-status').filter({ hasText: 'Face found' })).toBeVisible({ timeout: TRACKING_TIMEOUT });
    const first = await expectFrameOnFace(page);

    // eyewear notes "virtual try-on": the camera is shown as a mirror, the frame still on the eyes (placement in camera pixels)
    const stage = page.getByTestId('try-on-stage');
    await expect(stage).toHaveAttribute('data-mirrored', 'true');
    const asMirror = await mirrorScores(page, 'stage');
    expect(asMirror.mirrored).toBeLessThan(asMirror.straight / 2);
    const mirrorToggle = page.getByRole('checkbox', { name: 'Show the camera as a mirror' });
    await expect(mirrorToggle).toBeChecked();
    await mirrorToggle.uncheck();
    await expect(stage).toHaveAttribute('data-mirrored', 'false');
    await expect
      .poll(async () => {
        const s = await mirrorScores(page, 'stage');
        return s.straight < s.mirrored / 2;
      })
      .toBe(true);
    await expectFrameOnFace(page);
    await mirrorToggle.check();
    await expect(stage).toHaveAttribute('data-mirrored', 'true');

    // PD from the irises: a plausible adult value, as text
    await page.getByRole('button', { name: 'Measure my PD' }).click();
    const pd = page.getByTestId('pd-result');
    await expect(pd).toBeVisible();
    const mm = Number(await pd.getAttribute('data-pd-mm'));
    expect(mm).toBeGreaterThanOrEqual(54);
    expect(mm).toBeLessThanOrEqual(74);
    await expect(pd).toHaveText(/^\d\d(\.\d)? mm$/);
    await page.getByRole('button', { name: 'Close' }).click();

    // switching frames live redraws at the other frame's width
    const caption = page.getByTestId('try-on-stage').locator('figcaption');
    const before = await caption.textContent();
    await page.getByRole('button', { name: /^Milo/ }).click();
    await expect(caption).not.toHaveText(before ?? '');
    await expect.poll(async () => Math.abs((await drawn(page)).width - first.width), { timeout: 60_000 }).toBeGreaterThan(3);
    await expectFrameOnFace(page);

    // two frames side by side
    await page.getByLabel('Compare with').selectOption({ index: 1 });
    await expect(page.getByTestId('try-on-compared-stage')).toBeVisible();
    await expect.poll(async () => (await drawn(page, 'try-on-compared-stage')).width, { timeout: 60_000 }).toBeGreaterThan(0);

    // a snapshot, made in the browser
    await page.getByRole('button', { name: 'Take a snapshot' }).click();
    const snapshot = page.getByRole('img', { name: /^Snapshot of you wearing Milo Round/ });
    await expect(snapshot).toBeVisible();
    expect(await snapshot.getAttribute('src')).toMatch(/^blob:/);
    await expect(page.getByRole('link', { name: 'Download the snapshot' })).toHaveAttribute('download', 'try-on.png');
    // the snapshot is mirrored as the shopper saw it
    const saved = await mirrorScores(page, 'snapshot');
    expect(saved.mirrored).toBeLessThan(saved.straight / 2);

    await expectNoAxeViolations(page);

    // measurements for the report: model load time, detection speed, bytes downloaded
    const stats = await page.locator('article[data-backend]').evaluate((el) => ({ ...(el as HTMLElement).dataset }));
    const detections = logs.filter((l) => l.includes('detection in')).map((l) => Number(/in (\d+) ms/.exec(l)?.[1]));
    const meanDetectMs = detections.reduce((s, d) => s + d, 0) / Math.max(1, detections.length);
    const bytes = await traffic.report();
    console.log(
      `[try-on e2e] backend ${stats.backend}; models loaded in ${stats.modelLoadMs} ms; ${detections.length} detections, mean ${Math.round(meanDetectMs)} ms ` +
        `(${(1000 / meanDetectMs).toFixed(2)} fps); downloaded ${(bytes.total / 1e6).toFixed(2)} MB in ${bytes.count} requests, of which /try-on/ assets ${(bytes.tryOnAssets / 1e6).toFixed(2)} MB`,
    );
    // nothing leaves the browser, nothing comes from a CDN
    expect(bytes.foreign).toEqual([]);
    expect(bytes.uploads).toEqual([]);
  });
});
