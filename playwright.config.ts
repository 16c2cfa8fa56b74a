import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, SHOP_SUITE_RUN, testChromiumPath } from './scripts/chromium.ts';
import { PHONE_LAYOUT } from './tests/e2e/helpers/phone-layout.ts';

const PORT = Number(process.env.E2E_PORT ?? 4319);
// The development server: E2E_DEV_PORT, else 1000 above the production one, so two runs given
// different E2E_PORTs never share it; its database sits beside the production one.
const DEV_PORT = Number(process.env.E2E_DEV_PORT ?? PORT + 1000);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
const DEV_DATA_DIR = process.env.E2E_DEV_DATA_DIR ?? `${DATA_DIR}-dev`;

/** Options of this suite's tests beside Playwright's own. */
export interface ShopTestOptions {
  /** Where the development build is served (the inspector's spec uses it as its baseURL). */
  devServerURL: string;
}

/**
 * End-to-end journeys in Debian's Chromium (never a Playwright browser download) against the
 * production build served by the real server, on a fresh database. The machine inspector exists in
 * development builds only: its spec alone runs against a second server, the development one.
 */
export default defineConfig<ShopTestOptions>({
  testDir: 'tests/e2e',
  ...SHOP_SUITE_RUN,
  // Several workers on the one server and database (E2E_WORKERS, default 3): a journey spends most of
  // its time waiting (for the server, an animation, a retry's clock), not computing; 296 tests took
  // 960 s of CPU in all. Each journey makes its own shopper, cart and orders, so none reads another's.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // One retry, as the faults suite has, whether or not the CI variable is set (`npm test` is the gate
  // CI runs): a test that passes only on its retry is listed as "flaky" in the output, not hidden.
  // Seen on a loaded 2-core machine: offline.spec's "You are back online." not seen within 10 s, and
  // early-clicks.spec's colour before hydration; both passed every time alone.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    devServerURL: `http://127.0.0.1:${DEV_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    // The shop's service worker precaches the build (about 850 kB) in every fresh context: a second
    // of a 2-core machine's time in each test that never goes offline. The specs that prove offline
    // behaviour, and the request budget (a real first visit), allow it (`test.use`); the others
    // block it, which also lets `page.route` see every request.
    serviceWorkers: 'block',
    // The shopper asks for less motion (`prefers-reduced-motion: reduce`), as the shop's styles
    // honour it: the journeys test what a page does, not its animations, and a page still animating
    // (a skeleton's shimmer, a drawer sliding in) keeps Chromium painting while a test waits. The
    // stories show every animation (Storybook). 7–13 % less CPU for the same 18 journeys (cpuacct).
    reducedMotion: 'reduce',
  },
  projects: [
    // Every journey at 1280 px.
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // At 375 px, the journeys whose layout differs on a phone (the drawer, stacked columns, the
    // checkout's cards, the cart line's cards per eye, the toast's place, axe over the phone's
    // header and pages), tagged `@phone` (tests/e2e/helpers/phone-layout.ts). A journey whose
    // page is the same single column at both widths runs once: the suite is CPU-bound on two cores,
    // so a second run of it cost minutes and caught nothing the first did not (docs/testing.md).
    {
      name: 'phone',
      grep: PHONE_LAYOUT,
      use: { ...devices['iPhone 13'], browserName: 'chromium', defaultBrowserType: 'chromium', viewport: { width: 375, height: 740 } },
    },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.mjs`,
      // E2E_PORT, E2E_DATA_DIR and DIST_DIR let two runs share a checkout (each its own server, database, build).
      env: { PORT: String(PORT), DATA_DIR },
      url: `http://127.0.0.1:${PORT}/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `node scripts/e2e-dev-server.mjs`,
      // E2E_DEV_PORT and E2E_DEV_DATA_DIR do the same for the development server.
      env: { PORT: String(DEV_PORT), DATA_DIR: DEV_DATA_DIR },
      // Ready once Vite serves the app's entry transformed (its dependency scan done), not just once the backend answers.
      url: `http://127.0.0.1:${DEV_PORT}/src/main.tsx`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
