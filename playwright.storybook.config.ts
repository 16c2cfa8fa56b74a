import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, testChromiumPath } from './scripts/chromium.ts';

export const STORYBOOK_STATIC_PORT = Number(process.env.STORYBOOK_STATIC_PORT ?? 4461);
export const STORYBOOK_STATIC_DIR = process.env.STORYBOOK_STATIC_DIR ?? 'storybook-static';

/**
 * The static Storybook check (ADR 021): the output of `npm run build-storybook`, served by
 * a plain static server with no backend, every request off this machine blocked. Every story renders
 * with no error screen (but those meant to show one) and its play function and accessibility check
 * pass. Two workers, each showing its stories one after another in one preview page.
 */
export default defineConfig({
  testDir: 'tests/storybook-static',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${STORYBOOK_STATIC_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
  webServer: {
    command: `node scripts/static-server.mjs ${STORYBOOK_STATIC_DIR} ${STORYBOOK_STATIC_PORT}`,
    url: `http://127.0.0.1:${STORYBOOK_STATIC_PORT}/index.json`,
    timeout: 30_000,
    reuseExistingServer: false,
  },
});
