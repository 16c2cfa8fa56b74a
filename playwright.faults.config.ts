import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, SHOP_SUITE_RUN, testChromiumPath } from './scripts/chromium.ts';
import { FAULTS_PORT, FAULTS_PORTS } from './tests/faults/shop-server.ts';

/**
 * The fault suite (docs/testing.md): every mutation of the main journeys under the
 * faults a phone meets, in Debian's Chromium at 375 px against the production build. The suite
 * starts its own servers (tests/faults/fixtures.ts), one a worker, on FAULTS_PORT (4441,4442) and
 * FAULTS_DATA_DIR (.data/faults, .data/faults-1), because a fault stops and starts one again on the
 * same data: a restart cuts only its own worker's requests.
 */
export default defineConfig({
  testDir: 'tests/faults',
  ...SHOP_SUITE_RUN,
  // Each worker has its own server (its port of FAULTS_PORT, its data folder): the cases run in
  // parallel, one worker a port (two on a 2-core machine: the matrix takes half the time).
  fullyParallel: true,
  workers: Math.max(1, Math.min(Number(process.env.FAULTS_WORKERS ?? 2), FAULTS_PORTS.length)),
  // Fault f (server stopped and started again) failed once in three runs on a loaded machine: one retry, reported as flaky.
  retries: 1,
  reporter: [['list']],
  globalSetup: './tests/faults/report-setup.ts',
  use: {
    ...devices['iPhone 13'],
    defaultBrowserType: 'chromium',
    baseURL: `http://127.0.0.1:${FAULTS_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 375, height: 740 },
    // As the journeys do (playwright.config.ts): the shopper asks for less motion.
    reducedMotion: 'reduce',
    // Requests a service worker makes are not seen by page.route: the faults are injected between
    // the page and the server, so the worker (which never handles the shop's mutations) stays out.
    serviceWorkers: 'block',
    trace: 'off',
  },
});
