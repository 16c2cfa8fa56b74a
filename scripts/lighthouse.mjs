// Mobile Lighthouse benchmark (mobile scores better than Magento PWA Studio's 67–75).
// Not part of `npm test`: it takes minutes. Run `npm run build` (or build elsewhere and set DIST_DIR), then
// `npm run lighthouse`. It builds nothing: it starts the built server (DIST_DIR or dist/) on a free port
// with a fresh DATA_DIR, runs Lighthouse 12 (the CLI in node_modules, Chromium from CHROME_PATH or
// /usr/bin/chromium) with its default mobile settings (Moto G Power emulation, simulated slow 4G,
// 4x CPU slowdown) on the home, category, product and search pages, prints a table, writes every
// report as JSON to .data/reports/lighthouse/ and exits 1 when a score is under its budget. Each page is
// opened once unmeasured first (see warmUp). Lighthouse multiplies the CPU time it observes by 4, so
// scores drop when other processes load the machine: measure on an otherwise idle machine.
//
// Budgets:
// - performance ≥ 90 on every page: the goal ("clearly above" PWA Studio's 67–75) and what
//   the pages reach on the 2-core reference machine with the shell painted before the data arrives,
//   space reserved for every image, and the LCP image fetched eagerly at high priority. Lighthouse's
//   simulated throttling still varies by a few points from run to run, so LIGHTHOUSE_RUNS=3 takes
//   each page's median run (by performance) as the one judged.
// - accessibility = 100 and best practices = 100: both are deterministic audits (no timing), every
//   page reaches them, and anything less is a regression with a named failing audit in the report.
//
// Paired runs against the floor: the reference app of ../shared/bench/floor (the same pinned
// libraries, one page listing six products of one category, see its README) is copied to
// .data/bench-floor/, installed there from its own package.json and built with Vite (scripts/bench-floor.mjs),
// served with the shop's server stack on a free port, /graphql and /media proxied to the shop. Each page's
// runs then alternate — shop page, floor, shop page, floor … — so the shared machine's noise hits both
// alike, and a second table gives the shop's medians (score, LCP, TBT), the medians of the per-run ratios
// shop/floor (LCP, TBT, score) and the requests made before the page was ready, shop and floor (see
// requestsBeforeReady in scripts/lighthouse-pairing.mjs); .data/reports/lighthouse/paired.json holds it
// all. The floor is every page's reference. Ratios are reported, not budgeted. No floor folder (or
// LIGHTHOUSE_FLOOR_DIR=none): the pairing is skipped, said so, and the rest runs as before.
// Options (environment): DIST_DIR, CHROME_PATH, LIGHTHOUSE_RUNS (default 1; pairs when the floor runs),
// LIGHTHOUSE_PORT (default: a free port), LIGHTHOUSE_PAGES (comma-separated page names, e.g.
// "home,product"), LIGHTHOUSE_FLOOR_DIR (default ../shared/bench/floor; "none" skips the pairing),
// LIGHTHOUSE_FLOOR_PORT (default: a free port).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareFloor, serveFloor } from './bench-floor.mjs';
import { pairedSummary, requestsBeforeReady } from './lighthouse-pairing.mjs';

export const PAGES = [
  { name: 'home', path: '/ca/' },
  { name: 'category', path: '/ca/eyeglasses.html' },
  { name: 'product', path: '/ca/aurora-cat-eye.html' },
  { name: 'search', path: '/ca/search.html?query=round' },
];

export const BUDGETS = { performance: 90, accessibility: 100, 'best-practices': 100 };

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const REPORT_DIR = join(ROOT, '.data', 'reports', 'lighthouse');
const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const FLOOR_WORK_DIR = join(ROOT, '.data', 'bench-floor');
/** The floor answers every path with its one page. */
const FLOOR_PATH = '/';
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const SERVER_START_TIMEOUT_MS = 120_000;

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => done(port));
    });
  });
}

/** Starts server/main.ts and resolves once it prints "Shop ready"; rejects with its output otherwise. */
function startServer({ distDir, dataDir, port }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: distDir, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`The server did not start within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output}`)), SERVER_START_TIMEOUT_MS);
    const collect = (chunk) => {
      output += chunk;
      if (output.includes('Shop ready at')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`The server exited (code ${code}) before it was ready:\n${output}`));
    });
  });
  return { child, ready };
}

function stopServer(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

function runLighthouse(url, outputPath, chromePath) {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility,best-practices',
    '--form-factor=mobile',
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`Lighthouse failed on ${url} (exit code ${code})`))));
  });
}

/**
 * Opens a page once in headless Chromium at Lighthouse's mobile viewport (412×823 at 1.75x) before
 * it is measured: the embedded backend resizes each image on its first request and keeps the
 * result, as a deployed shop's image cache or CDN would already have. Without this, the measured run
 * times the fresh database's first sharp resize, not the storefront.
 */
function warmUp(url, chromePath) {
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--window-size=412,823',
    '--force-device-scale-factor=1.75',
    '--virtual-time-budget=15000',
    '--dump-dom',
    url,
  ];
  return new Promise((done) => {
    const child = spawn(chromePath, args, { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
  });
}

/** The numbers the table shows, read from one Lighthouse JSON report. */
export function summarise(report) {
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metric = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    requestsBeforeReady: requestsBeforeReady(report),
    runtimeError: report.runtimeError?.message ?? null,
  };
}

/** Budget failures of one page's summary, as sentences. */
export function budgetFailures(summary, budgets = BUDGETS) {
  const failures = [];
  if (summary.runtimeError) failures.push(`Lighthouse could not measure the page: ${summary.runtimeError}`);
  for (const [category, minimum] of Object.entries(budgets)) {
    if (summary[category] < minimum) failures.push(`${category} ${summary[category]} is under its budget of ${minimum}`);
  }
  return failures;
}

function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.summary.performance - b.summary.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function formatTable(rows) {
  const header = ['page', 'perf', 'a11y', 'best-pr', 'LCP', 'FCP', 'TBT', 'CLS', 'runs (perf)'];
  const lines = rows.map(({ name, summary, runs }) => [
    name,
    String(summary.performance),
    String(summary.accessibility),
    String(summary['best-practices']),
    `${(summary.lcpMs / 1000).toFixed(2)} s`,
    `${(summary.fcpMs / 1000).toFixed(2)} s`,
    `${Math.round(summary.tbtMs)} ms`,
    summary.cls.toFixed(3),
    runs.map((r) => r.summary.performance).join(' '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

function readOptions(env) {
  const distDir = resolve(ROOT, env.DIST_DIR?.trim() || 'dist');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No production build in ${distDir}: run \`npm run build\` first, or set DIST_DIR to a build.`);
  const chromePath = env.CHROME_PATH?.trim() || '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath}: set CHROME_PATH to a Chrome or Chromium binary.`);
  if (!existsSync(LIGHTHOUSE_CLI)) throw new Error(`Lighthouse is not installed (${LIGHTHOUSE_CLI} is missing): run npm install.`);
  const runs = Number(env.LIGHTHOUSE_RUNS ?? 1);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error(`LIGHTHOUSE_RUNS must be a whole number from 1 to 9, not "${env.LIGHTHOUSE_RUNS}"`);
  const port = env.LIGHTHOUSE_PORT ? Number(env.LIGHTHOUSE_PORT) : null;
  if (port !== null && (!Number.isInteger(port) || port < 1 || port > 65535))
    throw new Error(`LIGHTHOUSE_PORT must be a port number, not "${env.LIGHTHOUSE_PORT}"`);
  const names = env.LIGHTHOUSE_PAGES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names?.filter((n) => !PAGES.some((p) => p.name === n)) ?? [];
  if (unknown.length) throw new Error(`LIGHTHOUSE_PAGES names unknown page(s) ${unknown.join(', ')}; known: ${PAGES.map((p) => p.name).join(', ')}`);
  const pages = names ? PAGES.filter((p) => names.includes(p.name)) : PAGES;
  const floorSetting = env.LIGHTHOUSE_FLOOR_DIR?.trim();
  const floorDir = floorSetting === 'none' ? null : resolve(ROOT, floorSetting || join('..', 'shared', 'bench', 'floor'));
  return { distDir, chromePath, runs, port, pages, floorDir };
}

/**
 * Copies, installs and builds the floor app (scripts/bench-floor.mjs). Resolves with { distDir, install },
 * or with { skipped } — a sentence, already printed — when there is no floor or it cannot be built: the
 * shop's own runs and budgets go on without the pairing.
 */
async function buildFloor(floorDir) {
  const skip = (reason) => {
    console.warn(`Paired runs skipped: ${reason}`);
    return { skipped: reason };
  };
  if (!floorDir) return skip('LIGHTHOUSE_FLOOR_DIR=none.');
  if (!existsSync(join(floorDir, 'package.json')))
    return skip(`no floor app at ${floorDir} (set LIGHTHOUSE_FLOOR_DIR to its folder, see ../shared/bench/README.md).`);
  try {
    console.log(`Building the floor app of ${floorDir} in ${FLOOR_WORK_DIR}`);
    return await prepareFloor(floorDir, FLOOR_WORK_DIR);
  } catch (error) {
    return skip(`the floor app could not be built: ${error instanceof Error ? error.message : error}`);
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : String(value));

function formatPairedTable(pairs) {
  const header = ['page', 'perf', 'LCP', 'TBT', 'LCP ×floor', 'TBT ×floor', 'perf ×floor', 'req. shop', 'req. floor', 'floor perf', 'floor LCP'];
  const lines = pairs.map(({ name, shop, floor, ratios }) => [
    name,
    String(shop.performance),
    seconds(shop.lcpMs),
    `${Math.round(shop.tbtMs)} ms`,
    times(ratios.lcp),
    times(ratios.tbt),
    times(ratios.performance),
    String(shop.requestsBeforeReady),
    String(floor.requestsBeforeReady),
    String(floor.performance),
    seconds(floor.lcpMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

/**
 * Express's sendFile refuses a path with a dot segment (its `dotfiles: 'ignore'` default), so a build
 * in .data/dist-x would answer every page with 404 (and a DATA_DIR under .data/ every image): such a
 * build is served through a symlink.
 */
function servableDistDir(distDir) {
  if (!distDir.split(sep).some((segment) => segment.startsWith('.'))) return { dir: distDir, cleanUp: () => {} };
  const linkParent = mkdtempSync(join(tmpdir(), 'lighthouse-dist-'));
  const link = join(linkParent, 'dist');
  symlinkSync(distDir, link, 'dir');
  return { dir: link, cleanUp: () => rmSync(linkParent, { recursive: true, force: true }) };
}

async function main() {
  const options = readOptions(process.env);
  mkdirSync(REPORT_DIR, { recursive: true });
  const floorBuild = await buildFloor(options.floorDir);
  // In the system's temporary folder, not .data/: media files are sent with sendFile too (see servableDistDir).
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  const port = options.port ?? (await freePort());
  const served = servableDistDir(options.distDir);
  const { child, ready } = startServer({ distDir: served.dir, dataDir, port });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg();
  const rows = [];
  const pairs = [];
  let floor = null;
  try {
    await ready;
    const origin = `http://127.0.0.1:${port}`;
    if (floorBuild.distDir) {
      floor = await serveFloor({
        distDir: floorBuild.distDir,
        shopOrigin: origin,
        port: process.env.LIGHTHOUSE_FLOOR_PORT ? Number(process.env.LIGHTHOUSE_FLOOR_PORT) : await freePort(),
      });
      await warmUp(floor.origin + FLOOR_PATH, options.chromePath);
    }
    console.log(
      `Measuring ${options.distDir} at ${origin} (${options.runs} run(s) per page${floor ? `, each followed by one of the floor at ${floor.origin}` : ''})`,
    );
    for (const page of options.pages) {
      await warmUp(origin + page.path, options.chromePath);
      const runs = [];
      const floorRuns = [];
      const measure = async (url, file) => {
        await runLighthouse(url, file, options.chromePath);
        return { file, summary: summarise(JSON.parse(readFileSync(file, 'utf8'))) };
      };
      for (let run = 1; run <= options.runs; run += 1) {
        runs.push(await measure(origin + page.path, join(REPORT_DIR, `${stamp}-${page.name}-${run}.json`)));
        if (floor) floorRuns.push(await measure(floor.origin + FLOOR_PATH, join(REPORT_DIR, `${stamp}-${page.name}-floor-${run}.json`)));
      }
      const judged = medianRun(runs);
      rows.push({ name: page.name, summary: judged.summary, runs, file: judged.file });
      if (floor) {
        const paired = pairedSummary(
          runs.map((r) => r.summary),
          floorRuns.map((r) => r.summary),
        );
        pairs.push({ name: page.name, path: page.path, ...paired, runs: runs.map((r, i) => ({ shop: r, floor: floorRuns[i] })) });
      }
    }
  } finally {
    await floor?.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    served.cleanUp();
  }
  console.log(`\n${formatTable(rows)}\n`);
  console.log(`Reports: ${REPORT_DIR}/${stamp}-*.json`);
  const pairedFile = join(REPORT_DIR, 'paired.json');
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, memoryGB: Math.round(totalmem() / 2 ** 30), loadAtStart, loadAtEnd: loadavg() };
  const pairedJson = JSON.stringify(
    {
      startedAt,
      machine,
      runsPerPage: options.runs,
      floor: floorBuild.distDir ? { source: options.floorDir, install: floorBuild.install } : { skipped: floorBuild.skipped },
      ready: 'requests started by the later of the observed LCP and load event (data: URLs excepted)',
      pages: pairs,
    },
    null,
    2,
  );
  // paired.json is the latest run's; the stamped copy keeps each run's next to its reports.
  for (const file of [pairedFile, join(REPORT_DIR, `${stamp}-paired.json`)]) writeFileSync(file, pairedJson);
  if (pairs.length) {
    console.log(`Paired with the floor (medians of ${options.runs} run(s); ×floor: median of the per-run ratios shop/floor; req.: requests before ready):`);
    console.log(`\n${formatPairedTable(pairs)}\n`);
    console.log(`Paired summary: ${pairedFile} (and ${stamp}-paired.json)`);
  }
  const failures = rows.flatMap((r) => budgetFailures(r.summary).map((f) => `${r.name}: ${f} (${r.file})`));
  for (const failure of failures) console.error(`OVER BUDGET ${failure}`);
  if (!failures.length)
    console.log(
      `All pages within budget (${Object.entries(BUDGETS)
        .map(([k, v]) => `${k} ≥ ${v}`)
        .join(', ')}).`,
    );
  process.exitCode = failures.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
