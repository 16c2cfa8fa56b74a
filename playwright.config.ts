import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4319);

/**
 * End-to-end journeys in Debian's Chromium (never a Playwright browser download) against the
 * production build served by the real server, on a fresh database.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['iPhone 13'], browserName: 'chromium', defaultBrowserType: 'chromium', viewport: { width: 375, height: 740 } } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    // E2E_PORT, E2E_DATA_DIR and DIST_DIR let two runs share a checkout (each its own server, database, build).
    env: { PORT: String(PORT), DATA_DIR: process.env.E2E_DATA_DIR ?? '.data/e2e' },
    url: `http://127.0.0.1:${PORT}/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
