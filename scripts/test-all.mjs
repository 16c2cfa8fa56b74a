// `npm test`: every gate, failing on any (docs/testing.md). The fast lane first (minutes): typecheck,
// lint (zero warnings, layer rules), the unit tests (machines, services, views, rules, the build's
// plugins); then the slow lanes: the backend's contract tests and the server on PGlite, the
// engine-dependent backend tests again on PostgreSQL, production build, bundle budget, the static
// Storybook (built; every story's play function and accessibility check run while its backend
// answers are recorded; each story rendered again with no backend),
// end-to-end journeys in Chromium against the built server, the faults.
// No suite runs twice unless an ADR says what the second run catches (ADR 017: the PostgreSQL files;
// ADR 021: the static Storybook's render of each story).
// Every gate runs even after a failure, so one run shows everything that is wrong.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, rmdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { stripVTControlCharacters } from 'node:util';

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
const excludingFiles = (files) => files.flatMap((file) => ['--exclude', file]);
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
// The test files that replace a module for their tests (`vi.mock`): they cannot share a module graph
// with the others (the unit and contract lanes each run theirs in one, `--no-isolate`), so they run
// on their own, a process each (the `mocking` gate).
const MOCKING_FILES = [...FAST_FOLDERS, ...CONTRACT_FOLDERS].flatMap((folder) =>
  readdirSync(folder, { recursive: true })
    .map((file) => `${folder}/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(readFileSync(file, 'utf8'))),
);
const missing = POSTGRES_FILES.filter((file) => !existsSync(file));
if (missing.length) {
  console.error(`✗ scripts/test-all.mjs names PostgreSQL test files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}

// Each gate has a time limit (minutes) well above what it takes on a 2-core machine, so that a hung
// gate fails with a picture of what hung instead of running into CI's 90-minute limit with no word of
// where it stopped. A gate marked so that hangs (not one that fails) is run once more, and the
// summary says so (none is marked now).
// Gates run side by side (ADR 044): `cores` is how many cores a gate keeps busy (its
// CPU time over its wall time, measured), and a gate starts once the cores it needs are free, after
// the gates it comes `after` have ended and the gates it `needs` have passed. The fast lane
// (typecheck, lint, unit) comes first and alone; the slow lanes share the machine after it.
// The slow lanes start in the order listed: those that run one test file at a time (contract, the
// static Storybook's recording) first, the journeys (three workers) and the faults (two) after them,
// so that what ends the run is a lane that can keep both cores busy, not one that leaves one idle
// (ADR 044, amended 2026-12-04).
// Times and CPU of each gate: docs/testing.md ("The lanes").
const FAST_LANE = ['chromium', 'typecheck', 'eslint', 'format', 'import graph', 'unit'];
const allGates = [
  // Seconds when Chromium is installed, about 2 minutes when apt installs it.
  { name: 'chromium', run: ['node', ['scripts/ensure-chromium.mjs']], minutes: 3, cores: 1 },
  // TypeScript 7's compiler (`npm run typecheck`, ADR 045) on one thread: the gate's other lanes keep
  // the second core busy, and its threads cost more CPU than they save here.
  { name: 'typecheck', run: ['npm', ['run', '--silent', 'typecheck', '--', '--singleThreaded']], minutes: 4, cores: 1 },
  // `npm run lint`'s three parts, each a gate of one core so that they pack beside the typecheck:
  // ESLint (formatjs rules included), Prettier's check, the import graph (.dependency-cruiser.cjs).
  { name: 'eslint', run: ['npm', ['run', '--silent', 'lint:eslint']], minutes: 5, cores: 1 },
  { name: 'format', run: ['npm', ['run', '--silent', 'lint:format']], minutes: 5, cores: 1 },
  { name: 'import graph', run: ['npm', ['run', '--silent', 'lint:imports']], minutes: 5, cores: 1 },
  // The fast lane's tests: machines (simulated clock), services, views (jsdom), rules, the build's
  // plugins, the code rules (tests/unit). No backend, no server. Two files at a time (Vitest's
  // default on two cores is one), each worker's files in one module graph (`--no-isolate`, as the
  // contract lane: 131 s of CPU against 210 isolated, the same 143 files and 1337 tests passing,
  // cpuacct, 2026-12-03); the files that `vi.mock` a module run in the `mocking` gate.
  {
    name: 'unit',
    run: vitest('unit', [...excluding(CONTRACT_FOLDERS), ...excludingFiles(MOCKING_FILES), '--maxWorkers=2', '--no-isolate']),
    minutes: 10,
    cores: 2,
  },
  // The client build, the server render's into its .server folder, then the compiled server beside it: `npm run build`.
  {
    name: 'build',
    run: [
      'sh',
      [
        '-c',
        'npx --no-install vite build --logLevel warn && npx --no-install vite build --ssr src/app/server-render.tsx --logLevel warn && node scripts/build-server.mjs',
      ],
    ],
    minutes: 4,
    cores: 1,
    after: FAST_LANE,
  },
  { name: 'bundle budget', run: ['node', ['scripts/bundle-budget.mjs']], minutes: 1, cores: 1, needs: ['build'] },
  // The backend's contract tests on PGlite (Magento's own tests replayed, ADR 036; the door's,
  // ADR 037; the eyewear rules', ADR 035), the server, and the shop run whole (tests/integration).
  // On a fresh clone beside e2e: 1249 s (415 s of CPU; 302 alone); past 20 minutes, still running,
  // beside another whole gate run: 45.
  // Its files share one module graph (`--no-isolate`): each file's own process and imports (the
  // backend, GraphQL, PGlite's WebAssembly compiled again) were 40 % of the lane's CPU (504 s against
  // 302, cpuacct, 2026-12-03). A file that replaces a module (`vi.mock`) would find it loaded already
  // by another file: those run in the `mocking` gate, a process each.
  {
    name: 'contract',
    run: vitest('contract', [...excluding(FAST_FOLDERS), ...excludingFiles(MOCKING_FILES), '--no-isolate']),
    minutes: 45,
    cores: 1,
    after: FAST_LANE,
  },
  // ADR 021 (amended 2026-12-03): `npm run build-storybook:test` (Storybook's build for tests:
  // `--test` leaves out the docs pages, docgen and source maps, half the build's CPU; then every story recorded
  // against the embedded backend: its play function and accessibility check run, the gate's one
  // run of them), then the build served by a plain static server with no backend and every request
  // off the machine blocked: every story rendered once, with no play function and no accessibility
  // check. Vitest's `storybook` project (`npm run test:stories`) runs the same stories in the
  // development build, for a developer; the gate does not run them twice.
  {
    name: 'storybook static',
    run: [
      'sh',
      ['-c', 'npm run --silent build-storybook:test && npx --no-install playwright test --config playwright.storybook.config.ts --reporter=list,json'],
    ],
    minutes: 12,
    cores: 1,
    needs: ['chromium'],
    after: FAST_LANE,
  },
  // Journeys in Chromium against the built server: every journey at 1280 px, those whose layout
  // differs on a phone at 375 px too (docs/testing.md), several workers on one server.
  { name: 'e2e', run: npx(['playwright', 'test', '--reporter=list,json']), minutes: 40, cores: 1, needs: ['chromium', 'build'] },
  // Every mutation of the main journeys × the six faults a phone meets, two workers each with its
  // own server the suite starts, stops and starts again itself (ports 4441 and 4442, .data/faults*);
  // its table is .data/reports/faults.md.
  {
    name: 'faults',
    run: npx(['playwright', 'test', '--config', 'playwright.faults.config.ts', '--reporter=list,json']),
    minutes: 15,
    cores: 1,
    needs: ['chromium', 'build'],
  },
  ...(MOCKING_FILES.length ? [{ name: 'mocking', run: vitest('mocking', MOCKING_FILES), minutes: 5, cores: 1, after: FAST_LANE }] : []),
  // The engine-dependent backend files again with DATABASE_URL on a throwaway PostgreSQL cluster
  // (Debian's postgresql, installed when missing): POSTGRES_FILES above, not all of backend/.
  {
    name: 'postgres',
    run: ['node', ['scripts/with-postgres.mjs', ...vitest('postgres', POSTGRES_FILES).flat()]],
    minutes: 12,
    cores: 1,
    after: FAST_LANE,
  },
].map((gate) => ({ after: [], needs: [], retryOnHang: false, ...gate }));
// `node scripts/test-all.mjs unit e2e` runs only the gates named (what they come after or need is
// then left out unless named too); with no name, every gate.
const named = process.argv.slice(2);
const unknown = named.filter((name) => !allGates.some((gate) => gate.name === name));
if (unknown.length) {
  console.error(`✗ no gate named ${unknown.join(', ')}; the gates: ${allGates.map((gate) => gate.name).join(', ')}`);
  process.exit(2);
}
const gates = named.length ? allGates.filter((gate) => named.includes(gate.name)) : allGates;
const chosen = (name) => gates.some((gate) => gate.name === name);
for (const gate of gates) {
  gate.needs = gate.needs.filter(chosen);
  gate.after = [...new Set([...gate.after, ...gate.needs])].filter(chosen);
}

/** The processes of one process group, as a tree, to show what a hung gate was doing. */
function processTree(groupId) {
  const ps = spawnSync('ps', ['-eo', 'pid,pgid,ppid,etime,time,stat,wchan:24,args', '--forest', '--cols', '400'], { encoding: 'utf8' });
  if (!ps.stdout) return ps.stderr || '(ps printed nothing)';
  const [header, ...lines] = ps.stdout.split('\n');
  return [header, ...lines.filter((line) => line.trim().split(/\s+/)[1] === String(groupId))].join('\n');
}

// Where the kernel counts a gate's CPU (cgroup v1's cpuacct, when this process may make groups):
// every process the gate starts stays in its group, Chromium's zygote and renderers included, which
// the shell's `times` (the processes it waited for) misses.
const CPUACCT = '/sys/fs/cgroup/cpuacct';

/** A cpuacct group for one gate, or null where none can be made (then the shell's `times` counts). */
function cpuGroupFor(file) {
  const dir = `${CPUACCT}/shop-gate-${process.pid}-${file.split('/').pop()}`;
  try {
    mkdirSync(dir);
    return dir;
  } catch {
    return null;
  }
}

/**
 * Stops every process still in the gate's cpuacct group. A process group is not enough: Playwright
 * starts its web servers in groups of their own, and a gate stopped past its limit left its static
 * server holding its port for the next run.
 */
function stopGroupProcesses(dir) {
  if (!dir) return;
  let pids = [];
  try {
    pids = readFileSync(`${dir}/cgroup.procs`, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return;
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

/** Seconds of CPU (user + system) of every process of the gate's group (removed when the run ends). */
function groupCpuSeconds(dir) {
  try {
    return Number(readFileSync(`${dir}/cpuacct.usage`, 'utf8')) / 1e9;
  } catch {
    return null;
  } finally {
    groupsToRemove.add(dir);
  }
}
// A group can be removed once its last process is reaped: when the run ends.
const groupsToRemove = new Set();
process.on('exit', () => {
  for (const dir of groupsToRemove) {
    try {
      rmdirSync(dir);
    } catch {
      // a process of the gate still exiting: the empty group stays, harmless
    }
  }
});

/** Seconds of CPU (user + system) from the shell's `times` (its second line: the children it waited for). */
function cpuSeconds(timesFile) {
  if (!existsSync(timesFile)) return null;
  const children = readFileSync(timesFile, 'utf8').trim().split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, s]) => Number(m) * 60 + Number(s));
  return parts.length === 2 ? parts[0] + parts[1] : null;
}

/**
 * Runs one gate in its own process group, its output in `.data/reports/<name>.log` (printed whole
 * when it ends, so lanes running side by side do not interleave); past its limit the whole group is
 * stopped. Its CPU time is its cpuacct group's where one can be made, else that of the processes
 * `sh` waited for (its `times`).
 */
function runGate(name, cmd, args, minutes, env) {
  const file = `${reports}/${name.replace(/\s+/g, '-')}`;
  const out = openSync(`${file}.log`, 'w');
  return new Promise((done) => {
    // Standard input is /dev/null, never inherited: CI may start us with it closed.
    const group = cpuGroupFor(file);
    const script = '[ -n "$GATE_CPU_GROUP" ] && echo $$ > "$GATE_CPU_GROUP/cgroup.procs"; "$@"; status=$?; times > "$0"; exit $status';
    const child = spawn('sh', ['-c', script, `${file}.times`, cmd, ...args], {
      stdio: ['ignore', out, out],
      env: { ...env, GATE_CPU_GROUP: group ?? '' },
      detached: true,
    });
    let timedOut = false;
    let hung = '';
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    const limit = setTimeout(() => {
      timedOut = true;
      hung = `\n✗ ${name} ran past its ${minutes}-minute limit; its processes were:\n${processTree(child.pid)}\n`;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 10_000).unref();
    }, minutes * 60_000);
    let finished = false;
    // 'exit' may follow 'error' (a process that started, then failed): the gate ends once.
    const finish = (outcome, words = '') => {
      if (finished) return;
      finished = true;
      clearTimeout(limit);
      closeSync(out);
      const cpu = (group && groupCpuSeconds(group)) || cpuSeconds(`${file}.times`);
      done({ outcome, log: readFileSync(`${file}.log`, 'utf8') + hung + words, cpu });
    };
    child.on('error', (error) => finish('fail', `✗ ${name} could not start: ${error.message}\n`));
    child.on('exit', (status) => {
      kill('SIGKILL'); // anything the gate left running in its process group (servers, browsers)…
      stopGroupProcesses(group); // …and what left that group for one of its own (Playwright's web servers)
      finish(timedOut ? 'timeout' : status === 0 ? 'pass' : 'fail');
    });
  });
}

const cores = availableParallelism();
const results = new Map();
const running = new Map();
const jsonOf = { e2e: `${reports}/e2e.json`, faults: `${reports}/faults.json`, 'storybook static': `${reports}/storybook-static.json` };
const gateStarted = performance.now();
const minutesSince = (start) => ((performance.now() - start) / 60_000).toFixed(1);

/** Starts a gate and records its outcome; a gate whose prerequisite failed does not run. */
async function start(gate) {
  const {
    name,
    run: [cmd, args],
    minutes,
    retryOnHang,
  } = gate;
  const blocker = gate.needs.find((other) => !results.get(other)?.ok);
  if (blocker) {
    results.set(name, { name, ok: false, seconds: '0.0', cpu: null, note: `, not run: ${blocker} failed` });
    console.log(`\n━━ ${name}: not run, ${blocker} failed ━━`);
    return;
  }
  const started = performance.now();
  const env = { ...process.env, ...(jsonOf[name] ? { PLAYWRIGHT_JSON_OUTPUT_NAME: jsonOf[name] } : {}) };
  const beside = [...running.keys()].filter((other) => other !== name);
  console.log(`▶ ${name} starts at minute ${minutesSince(gateStarted)}${beside.length ? ` beside ${beside.join(', ')}` : ''}`);
  let { outcome, log, cpu } = await runGate(name, cmd, args, minutes, env);
  let note = '';
  if (outcome === 'timeout' && retryOnHang) {
    ({ outcome, log, cpu } = await runGate(name, cmd, args, minutes, env));
    note = outcome === 'pass' ? ', passed on a second run after a hang' : ', hung, then failed again';
  } else if (outcome === 'timeout') note = ', hung';
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const cpuWords = cpu === null ? '' : `, ${cpu.toFixed(0)} s CPU`;
  console.log(`\n━━ ${name}: ${outcome === 'pass' ? 'passed' : 'FAILED'} in ${seconds} s${cpuWords}${note} ━━\n${log}`);
  results.set(name, { name, ok: outcome === 'pass', seconds, cpu, note });
}

// The scheduler: a gate starts once every gate it comes after has ended and the cores it keeps busy
// are free (a gate wider than the machine runs alone); gates start in the order listed.
const waiting = [...gates];
const progress = setInterval(() => {
  if (running.size) console.log(`… minute ${minutesSince(gateStarted)}: ${[...running.keys()].join(', ')} running`);
}, 120_000);
await new Promise((allDone) => {
  const schedule = () => {
    if (!waiting.length && !running.size) return allDone();
    for (const gate of [...waiting]) {
      if (!gate.after.every((other) => results.has(other))) continue;
      const busy = [...running.values()].reduce((sum, g) => sum + g.cores, 0);
      if (running.size && busy + gate.cores > cores) continue;
      waiting.splice(waiting.indexOf(gate), 1);
      running.set(gate.name, gate);
      start(gate).then(() => {
        running.delete(gate.name);
        schedule();
      });
    }
    if (!waiting.length && !running.size) allDone();
  };
  schedule();
});
clearInterval(progress);

// The runners' JSON reports the summary reads, each read once.
const readReports = (names) =>
  names
    .map((name) => ({ name, path: `${reports}/${name}.json` }))
    .filter(({ path }) => existsSync(path))
    .map(({ name, path }) => ({ name, report: JSON.parse(readFileSync(path, 'utf8')) }));
const vitestReports = readReports(['unit', 'contract', 'mocking', 'postgres']);
const playwrightReports = readReports(['e2e', 'faults', 'storybook-static']);

/** Test counts from the runners' JSON reports (vitest: unit, contract, mocking, postgres; Playwright: e2e, faults, static Storybook). */
function counts() {
  let passed = 0;
  let failed = 0;
  for (const { report } of vitestReports) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  }
  for (const { report } of playwrightReports) {
    const s = report.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
  }
  return { passed, failed };
}

/**
 * The tests that failed, by name, with the first line of why, from the same reports: the summary is
 * the part of a long run's output that a reader (or CI's excerpt of it) sees first.
 */
function failures() {
  const found = [];
  const firstLine = (text) =>
    stripVTControlCharacters(text ?? '')
      .trim()
      .split('\n')[0]
      .slice(0, 300);
  for (const { name: file, report } of vitestReports) {
    for (const result of report.testResults ?? []) {
      const where = result.name?.replace(`${process.cwd()}/`, '') ?? '?';
      const failed = (result.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) found.push(`${file}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A file that failed before any test ran (an import, a hook) has no failed test to name.
      if (!failed.length && result.status === 'failed') found.push(`${file}: ${where}: ${firstLine(result.message)}`);
    }
  }
  const walk = (suite, file, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        found.push(`${file}: ${spec.file}:${spec.line} › [${test.projectName}] ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? [])
      walk(
        child,
        file,
        [...titles, child.title].filter((t) => t && !t.endsWith('.ts')),
      );
  };
  for (const { name: file, report } of playwrightReports) for (const suite of report.suites ?? []) walk(suite, file, []);
  return found;
}

const failedTests = failures();
if (failedTests.length) {
  console.log(`\n━━ failed tests (${failedTests.length}) ━━`);
  for (const line of failedTests.slice(0, 30)) console.log(`✗ ${line}`);
  if (failedTests.length > 30) console.log(`… and ${failedTests.length - 30} more (the gates' logs above)`);
}
console.log(`\n━━ summary (${minutesSince(gateStarted)} minutes on ${cores} cores) ━━`);
const ended = gates.map((gate) => results.get(gate.name));
for (const r of ended) console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name} (${r.seconds} s${r.cpu === null ? '' : `, ${r.cpu.toFixed(0)} s CPU`}${r.note})`);
const failedGates = ended.filter((r) => !r.ok).length;
const { passed, failed } = counts();
console.log(`gates: ${gates.length - failedGates} of ${gates.length} passed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedGates > 0 || failed > 0 ? 1 : 0);
