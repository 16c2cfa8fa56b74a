import { loadavg } from 'node:os';
import { expect, test } from './helpers/test';
import { CHROMIUM_ARGS, testChromiumPath } from '../../scripts/chromium';
import { drawn, FACE_VIDEO, TRACKING_TIMEOUT, watchTraffic } from '../fixtures/try-on/try-on-helpers';

/**
 * The try-on tracks a face in real time on a machine without a GPU. Chromium's fake camera
 * plays tests/fixtures/try-on/face-moving.mjpeg (a face turning ±8°); headless Chromium here has only
 * software WebGL, so the face models run on WebAssembly (SIMD). Measured: tracking frames a second,
 * model load time, bytes downloaded for the try-on; printed for the report.
 */
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: testChromiumPath(),
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${FACE_VIDEO}`],
  },
});

/** Frames a second the tracking is built to reach here (2 cores, no GPU, a quiet machine): reported, not asserted. */
const MIN_FPS = 10;
/**
 * What the try-on may download (the library, three models, one WebAssembly build) as the page's
 * Resource Timing counts it: 3.4–3.75 MB measured (the goal, 3 MB, is not reached: see ADR 020).
 */
const MAX_TRY_ON_BYTES = 3_800_000;
const MEASURE_MS = 5_000;

// Bytes as they cross the network: a service worker that took over the page (when it registers before
// the try-on starts, as on a slow machine) reports the bodies it passed on at their decoded size.
test.use({ serviceWorkers: 'block' });

test('face tracking runs without a GPU while the face moves (its frame rate reported with the load), its files cached immutably under hashed names', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'measured once, at desktop size');
  test.setTimeout(120_000);
  const traffic = watchTraffic(page, baseURL!);
  const detections: number[] = [];
  const detectMs: number[] = [];
  page.on('console', (m) => {
    const ms = /^\[try-on\] detection in (\d+) ms/.exec(m.text());
    if (!ms || m.type() !== 'debug') return;
    detections.push(Date.now());
    detectMs.push(Number(ms[1]));
  });
  await page.goto('/ca/try-on-glasses');
  await expect(page.getByRole('button', { name: /^Aurora/ })).toBeVisible();
  expect((await traffic.report()).tryOnAssets).toBe(0);

  await page.getByRole('button', { name: 'Use my camera' }).click();
  await expect(page.getByTestId('try-on-status').filter({ hasText: 'Face found' })).toBeVisible({ timeout: TRACKING_TIMEOUT });
  const article = page.locator('article[data-backend]');
  await expect(article).toHaveAttribute('data-backend', 'wasm');

  // frames a second over a few seconds of tracking, the face turning
  const from = Date.now();
  const rolls = new Set<number>();
  while (Date.now() - from < MEASURE_MS) {
    rolls.add(Math.round((await drawn(page)).roll));
    await page.waitForTimeout(250);
  }
  const counted = detections.filter((t) => t >= from && t <= from + MEASURE_MS).length;
  const fps = counted / (MEASURE_MS / 1000);
  // the frame turned with the face
  expect(Math.max(...rolls) - Math.min(...rolls)).toBeGreaterThanOrEqual(6);
  await expect(page.getByTestId('try-on-status')).toHaveText(/Face found/);

  const loadMs = Number(await article.getAttribute('data-model-load-ms'));
  const bytes = await traffic.report();
  // the bytes as downloaded (compressed), from the page's own Resource Timing: Playwright's body sizes are sometimes unknown (-1)
  const downloaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/try-on-[0-9a-f]{10}\//.test(e.name))
      .map((e) => ({ path: new URL(e.name).pathname, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
  );
  const tryOnBytes = downloaded.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `[try-on speed] ${fps.toFixed(1)} tracking frames a second (${counted} in ${MEASURE_MS / 1000} s, median detection ${[...detectMs].sort((a, b) => a - b)[detectMs.length >> 1]} ms); models loaded in ${loadMs} ms; ` +
      `try-on download ${(tryOnBytes / 1e6).toFixed(2)} MB: ${downloaded.map((f) => `${f.path.split('/').slice(3).join('/')} ${(f.bytes / 1e3).toFixed(0)} kB`).join(', ')}`,
  );
  // The rate is a measurement, reported beside the machine's load, never a timed assertion: a loaded
  // machine may draw fewer frames. What must hold is that tracking runs continuously while the face moves.
  testInfo.annotations.push({ type: 'try-on fps', description: `${fps.toFixed(1)} (target ${MIN_FPS}; load ${loadavg()[0]!.toFixed(2)})` });
  expect(counted).toBeGreaterThanOrEqual(MEASURE_MS / 1000);
  expect(downloaded).toHaveLength(8);
  expect(tryOnBytes).toBeGreaterThan(1_000_000);
  expect(tryOnBytes).toBeLessThanOrEqual(MAX_TRY_ON_BYTES);
  // one WebAssembly build, hashed folder, immutable caching
  expect(bytes.tryOnFiles.filter((f) => f.path.endsWith('.wasm'))).toHaveLength(1);
  for (const file of bytes.tryOnFiles) {
    expect(file.path).toMatch(/^\/assets\/try-on-[0-9a-f]{10}\//);
    expect(file.cacheControl).toMatch(/immutable/);
  }
  expect(bytes.foreign).toEqual([]);
});
