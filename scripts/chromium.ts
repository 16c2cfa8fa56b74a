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

/**
 * The Chromium a shopper's browser is measured in (benchmarks, Lighthouse, the slips' photos):
 * `CHROME_PATH`, else Debian's `/usr/bin/chromium`.
 */
export function chromiumPath(): string {
  return installed(process.env.CHROME_PATH || '/usr/bin/chromium', 'chromium');
}

/**
 * The Chromium the test suites drive (end-to-end, faults, stories, the static Storybook's recorder
 * and check): `CHROME_PATH`, else Debian's headless build of the same Chromium,
 * `/usr/bin/chromium-headless-shell` (package chromium-headless-shell, the same version, Blink and V8
 * as `chromium`, without the desktop browser's windowing and services; what Playwright itself runs
 * headless). The same 18 journeys took 15–20 % less CPU in it (ADR 044, amended 2026-12-03).
 * Both are installed by scripts/ensure-chromium.mjs.
 */
export function testChromiumPath(): string {
  return installed(process.env.CHROME_PATH || '/usr/bin/chromium-headless-shell', 'chromium-headless-shell');
}

/** `path` when a file is there, else an error naming the Debian package that installs it. */
function installed(path: string, debianPackage: string): string {
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}. Install Debian's package (apt-get install -y ${debianPackage}) or set CHROME_PATH.`);
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
