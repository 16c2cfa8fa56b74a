// `npm test`: every gate, in order of speed, failing on any (DESIGN.md §6 rule 6):
// typecheck, lint (zero warnings, layer rules), unit + contract tests, production build, bundle
// budget, stories as tests in Chromium, end-to-end journeys in Chromium against the built server.
// Every gate runs even after a failure, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = '.data/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const npx = (args) => ['npx', ['--no-install', ...args]];
const gates = [
  ['chromium', ['node', ['scripts/ensure-chromium.mjs']]],
  ['typecheck', npx(['tsc', '-p', 'tsconfig.json', '--noEmit'])],
  ['lint', npx(['eslint', '--max-warnings', '0', '.'])],
  ['unit', npx(['vitest', 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/unit.json`])],
  ['build', npx(['vite', 'build', '--logLevel', 'warn'])],
  ['bundle budget', ['node', ['scripts/bundle-budget.mjs']]],
  ['stories', npx(['vitest', 'run', '--project', 'storybook', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/stories.json`])],
  ['e2e', npx(['playwright', 'test', '--reporter=list,json'])],
];

const results = [];
for (const [name, [cmd, args]] of gates) {
  const started = performance.now();
  console.log(`\n━━ ${name} ━━`);
  const env = { ...process.env, ...(name === 'e2e' ? { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` } : {}) };
  const run = spawnSync(cmd, args, { stdio: 'inherit', env });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: run.status === 0, seconds });
  if (name === 'chromium' && run.status !== 0) break; // browser gates cannot run without it
}

/** Test counts from the runners' JSON reports (vitest: unit + stories; Playwright: e2e). */
function counts() {
  let passed = 0;
  let failed = 0;
  for (const file of ['unit', 'stories']) {
    const path = `${reports}/${file}.json`;
    if (!existsSync(path)) continue;
    const r = JSON.parse(readFileSync(path, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
  }
  const e2e = `${reports}/e2e.json`;
  if (existsSync(e2e)) {
    const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
  }
  return { passed, failed };
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'pass' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failedGates = results.filter((r) => !r.ok).length + (gates.length - results.length);
const { passed, failed } = counts();
console.log(`gates: ${results.length - results.filter((r) => !r.ok).length} of ${gates.length} passed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedGates > 0 || failed > 0 ? 1 : 0);
