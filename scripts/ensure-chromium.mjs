// Makes sure a Chromium for the end-to-end and story tests exists: CHROME_PATH, else Debian's
// /usr/bin/chromium, installed with apt when missing and this machine allows it. Never a
// Playwright browser download (blocked here, and not what TOOLCHAIN.md asks for).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = process.env.CHROME_PATH || '/usr/bin/chromium';
if (existsSync(wanted)) process.exit(0);
if (process.env.CHROME_PATH) {
  console.error(`CHROME_PATH is ${process.env.CHROME_PATH}, but there is no file there.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(
    "Chromium is missing. Install Debian's package as root: `apt-get update && apt-get install -y chromium`,\n" +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
console.log("Installing Debian's chromium package (first run on this machine)…");
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
if (!existsSync(wanted)) {
  console.error(`apt-get installed chromium, but ${wanted} does not exist.`);
  process.exit(1);
}
