// `npm test`: every gate, failing on any (docs/testing.md). The fast lane first (minutes): typecheck,
// lint (zero warnings, layer rules), the unit tests (machines, services, views, rules, the build's
// plugins); then the slow lanes: the backend's contract tests and the server on PGlite, the
// engine-dependent backend tests again on PostgreSQL, production build, bundle budget, stories as
// tests in Chromium, the static Storybook (built, recorded, each story rendered with no backend),
// end-to-end journeys in Chromium against the built server, the faults.
// No suite runs twice unless an ADR says what the second run catches (ADR 017: the PostgreSQL files;
// ADR 021: the static Storybook's render of each story).
// Every gate runs even after a failure, so one run shows everything that is wrong.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = '.data/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const npx = (args) => ['npx', ['--no-install', ...args]];
const vitest = (name, filters) =>
  npx(['vitest', 'run', '--project', 'unit', ...filters, '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/${name}.json`]);

// The vitest `unit` project split in two lanes by folder: the fast one (no backend, no server) and
// the contract one. Each lane excludes the other's folders (a filter would match `src/` inside
// `backend/src/` too), so every file runs in exactly one; a test in a folder named in neither runs
// in both, never in none.
const FAST_FOLDERS = ['src', 'rules', 'scripts', 'tests/unit', 'tests/prescription-slips'];
const CONTRACT_FOLDERS = ['backend', 'server', 'tests/integration'];
const excluding = (folders) => folders.flatMap((folder) => ['--exclude', `${folder}/**`]);
// ADR 017 (amended 2026-12-03): the backend files whose behaviour depends on the database engine,
// run again on PostgreSQL: row locks and concurrent requests, deadlock retries, two processes on one
// database, answers kept across processes, placing orders (sequence, stock rows), hostile values
// reaching the driver, and Magento's own cart and checkout tests through the pool's row shapes.
// Every other backend test runs once, on PGlite (the same PostgreSQL in WebAssembly).
const POSTGRES_FILES = [
  'backend/test/concurrency.contract.test.ts',
  'backend/test/processes.contract.test.ts',
  'backend/test/after-commit.contract.test.ts',
  'backend/test/cart-answers.contract.test.ts',
  'backend/test/commerce-cart.contract.test.ts',
  'backend/test/commerce-checkout.contract.test.ts',
  'backend/test/input-fuzz.contract.test.ts',
  'backend/test/magento/checkout.contract.test.ts',
  'backend/test/magento/quote.contract.test.ts',
];
const missing = POSTGRES_FILES.filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`✗ scripts/test-all.mjs names PostgreSQL test files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}

// Each gate has a time limit (minutes) well above what it takes on a 2-core machine, so that a hung
// gate fails with a picture of what hung instead of running into CI's 90-minute limit with no word of
// where it stopped. A gate marked so that hangs (not one that fails) is run once more, and the
// summary says so (none is marked now). Times below: CI's fresh clone on 2 idle cores (2026-12-02);
// the lanes' wall and CPU times are in docs/testing.md ("The lanes").
const gates = [
  // Seconds when Chromium is installed, about 2 minutes when apt installs it.
  ['chromium', ['node', ['scripts/ensure-chromium.mjs']], 3, false],
  // 30 s on CI, under 2 minutes on 2 busy cores.
  ['typecheck', npx(['tsc', '-p', 'tsconfig.json', '--noEmit']), 3, false],
  // ESLint (formatjs rules included), Prettier's check, then the import graph (.dependency-cruiser.cjs): 39 s on CI, 3.3 minutes on 2 busy cores.
  ['lint', ['npm', ['run', '--silent', 'lint']], 4, false],
  // The fast lane's tests: machines (simulated clock), services, views (jsdom), rules, the build's
  // plugins, the code rules (tests/unit). No backend, no server.
  // 79 of its 138 files (src/machines, src/services) took 108 s of CPU, 17 minutes of wall time on a
  // 2-core machine at load average 13–20 (2026-12-03); a few minutes on idle cores.
  ['unit', vitest('unit', excluding(CONTRACT_FOLDERS)), 10, false],
  // The backend's contract tests on PGlite (Magento's own tests replayed, ADR 036; the door's,
  // ADR 037; the eyewear rules', ADR 035), the server, and the shop run whole (tests/integration):
  // most of the old unit gate's 515 s on CI. No second run after a hang (it would not fit in 90 minutes).
  // 2026-12-03, beside another whole gate run on the same 2 cores: 36 of its 74 files in 15 minutes,
  // the other 38 in 4.6 minutes beside the story gate; so 20, for a CI machine that is busier than ours.
  ['contract', vitest('contract', excluding(FAST_FOLDERS)), 20, false],
  // The engine-dependent backend files again with DATABASE_URL on a throwaway PostgreSQL cluster
  // (Debian's postgresql, installed when missing): POSTGRES_FILES above, not all of backend/ (194 s
  // on CI for all of it). 6.4 minutes (120 s of CPU, the cluster included; processes.contract's
  // server processes 109 s of it) at load average 10–15 (2026-12-03).
  ['postgres', ['node', ['scripts/with-postgres.mjs', ...vitest('postgres', POSTGRES_FILES).flat()]], 10, false],
  // The client build, the server render's into its .server folder, then the compiled server beside it: `npm run build`.
  [
    'build',
    [
      'sh',
      [
        '-c',
        'npx --no-install vite build --logLevel warn && npx --no-install vite build --ssr src/app/server-render.tsx --logLevel warn && node scripts/build-server.mjs',
      ],
    ],
    // 8 s on CI, under a minute on a busy 2-core machine.
    3,
    false,
  ],
  ['bundle budget', ['node', ['scripts/bundle-budget.mjs']], 1, false],
  // Every story as a test: its play function and accessibility check, against the embedded backend. 210 s on CI.
  ['stories', npx(['vitest', 'run', '--project', 'storybook', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/stories.json`]), 7, false],
  // ADR 021 (amended 2026-12-03): `npm run build-storybook` (the build, then every story recorded
  // against the embedded backend, its play function run), then the build served by a plain static
  // server with no backend and every request off the machine blocked: every story rendered once,
  // with no play function and no accessibility check (the `stories` gate runs both). 226 s on CI
  // with each story's play function run in the check too.
  [
    'storybook static',
    ['sh', ['-c', 'npm run --silent build-storybook && npx --no-install playwright test --config playwright.storybook.config.ts --reporter=list,json']],
    10,
    false,
  ],
  // The longest gate: CPU-bound on two cores (a page opened and checked by axe is 4–5 s of Chromium),
  // so no second run after a hang. Every journey at 1280 px, those whose layout differs on a phone
  // at 375 px too (docs/testing.md): 288 tests in 1363 s on CI (2026-12-02), one worker.
  ['e2e', npx(['playwright', 'test', '--reporter=list,json']), 40, false],
  // Every mutation of the main journeys × the six faults a phone meets, two workers each with its
  // own server the suite starts, stops and starts again itself (ports 4441 and 4442, .data/faults*);
  // its table is .data/reports/faults.md. 297 s on CI.
  ['faults', npx(['playwright', 'test', '--config', 'playwright.faults.config.ts', '--reporter=list,json']), 13, false],
];

/** The processes of one process group, as a tree, to show what a hung gate was doing. */
function processTree(groupId) {
  const ps = spawnSync('ps', ['-eo', 'pid,pgid,ppid,etime,time,stat,wchan:24,args', '--forest', '--cols', '400'], { encoding: 'utf8' });
  if (!ps.stdout) return ps.stderr || '(ps printed nothing)';
  const [header, ...lines] = ps.stdout.split('\n');
  return [header, ...lines.filter((line) => line.trim().split(/\s+/)[1] === String(groupId))].join('\n');
}

/** Runs one gate in its own process group; past its limit the whole group is stopped. */
function runGate(name, cmd, args, minutes, env) {
  return new Promise((done) => {
    // Standard input is /dev/null, never inherited: CI may start us with it closed.
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env, detached: true });
    let timedOut = false;
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    const limit = setTimeout(() => {
      timedOut = true;
      console.error(`\n✗ ${name} ran past its ${minutes}-minute limit; its processes were:\n${processTree(child.pid)}`);
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 10_000).unref();
    }, minutes * 60_000);
    child.on('error', (error) => {
      clearTimeout(limit);
      console.error(`✗ ${name} could not start: ${error.message}`);
      done('fail');
    });
    child.on('exit', (status) => {
      clearTimeout(limit);
      kill('SIGKILL'); // anything the gate left running in its group (servers, browsers)
      done(timedOut ? 'timeout' : status === 0 ? 'pass' : 'fail');
    });
  });
}

const results = [];
for (const [name, [cmd, args], minutes, retryOnHang] of gates) {
  const started = performance.now();
  console.log(`\n━━ ${name} ━━`);
  const json = { e2e: `${reports}/e2e.json`, faults: `${reports}/faults.json`, 'storybook static': `${reports}/storybook-static.json` }[name];
  const env = { ...process.env, ...(json ? { PLAYWRIGHT_JSON_OUTPUT_NAME: json } : {}) };
  let outcome = await runGate(name, cmd, args, minutes, env);
  let note = '';
  if (outcome === 'timeout' && retryOnHang) {
    console.log(`\n━━ ${name} (again, after a hang) ━━`);
    outcome = await runGate(name, cmd, args, minutes, env);
    note = outcome === 'pass' ? ', passed on a second run after a hang' : ', hung, then failed again';
  } else if (outcome === 'timeout') note = ', hung';
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: outcome === 'pass', seconds, note });
  if (name === 'chromium' && outcome !== 'pass') break; // browser gates cannot run without it
}

/** Test counts from the runners' JSON reports (vitest: unit, contract, postgres, stories; Playwright: e2e, faults, static Storybook). */
function counts() {
  let passed = 0;
  let failed = 0;
  for (const file of ['unit', 'contract', 'postgres', 'stories']) {
    const path = `${reports}/${file}.json`;
    if (!existsSync(path)) continue;
    const r = JSON.parse(readFileSync(path, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
  }
  for (const file of ['e2e', 'faults', 'storybook-static']) {
    const path = `${reports}/${file}.json`;
    if (!existsSync(path)) continue;
    const s = JSON.parse(readFileSync(path, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
  }
  return { passed, failed };
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name} (${r.seconds} s${r.note})`);
const failedGates = results.filter((r) => !r.ok).length + (gates.length - results.length);
const { passed, failed } = counts();
console.log(`gates: ${results.length - results.filter((r) => !r.ok).length} of ${gates.length} passed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedGates > 0 || failed > 0 ? 1 : 0);
