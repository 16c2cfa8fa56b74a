// Makes sure the Chromium builds the tests and benchmarks use exist (scripts/chromium.ts): CHROME_PATH
// when set (used for both), else Debian's /usr/bin/chromium (benchmarks, Lighthouse) and
// /usr/bin/chromium-headless-shell (the test suites), installed with apt when missing and this
// machine allows it. Never a Playwright browser download (blocked here, and not what TOOLCHAIN.md asks for).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (process.env.CHROME_PATH) {
  if (existsSync(process.env.CHROME_PATH)) process.exit(0);
  console.error(`CHROME_PATH is ${process.env.CHROME_PATH}, but there is no file there.`);
  process.exit(1);
}
const PACKAGES = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' };
const missing = Object.entries(PACKAGES).filter(([, binary]) => !existsSync(binary));
if (!missing.length) process.exit(0);
const names = missing.map(([name]) => name);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    `Missing: ${names.join(', ')}. Install Debian's packages as root: \`apt-get update && apt-get install -y ${names.join(' ')}\`,\n` +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
console.log(`Installing Debian's ${names.join(' and ')} (first run on this machine)…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
const stillMissing = missing.filter(([, binary]) => !existsSync(binary));
if (stillMissing.length) {
  console.error(`apt-get installed ${names.join(', ')}, but ${stillMissing.map(([, binary]) => binary).join(', ')} does not exist.`);
  process.exit(1);
}
