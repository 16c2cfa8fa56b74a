import { existsSync } from 'node:fs';

/** Flags for Debian's Chromium on this machine kind (TOOLCHAIN.md): no sandbox as root, no network chatter. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `CHROME_PATH`, else Debian's `/usr/bin/chromium` (installed by scripts/ensure-chromium.mjs). */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install Debian's package (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  return path;
}

/**
 * How the shop's Playwright suites run (end-to-end and faults): one worker against one server and
 * database, no `.only` on CI, a minute a test, ten seconds an expectation.
 */
export const SHOP_SUITE_RUN = {
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
} as const;
