/**
 * The machine inspector is a development tool: the production build of the shop must contain none
 * of its code.
 *
 * 1. The shop itself is built into a temporary folder and its JS searched for the inspector's markers.
 * 2. A probe entry holding exactly the opt-in the composition root uses is built in production mode
 *    (no marker) and in development mode (markers present): this proves the opt-in drops the
 *    inspector, and that the markers searched for really are in the inspector's code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');
/** A data attribute only the inspector renders, and strings only ELK's code holds. */
const INSPECTOR_MARKERS = ['data-machine-inspector', 'org.eclipse.elk', 'elkjs'];

const workDir = mkdtempSync(join(tmpdir(), 'inspector-bundle-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * `vite build` in its own process, as `npm run build` runs it: inside vitest NODE_ENV is 'test',
 * which would make `import.meta.env.DEV` true in a build started from here.
 */
function viteBuild(args: string[], nodeEnv: 'production' | 'development'): void {
  const run = spawnSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: nodeEnv },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // The worker's event loop is blocked meanwhile, so vitest's own timeout could not stop a hung build.
    timeout: 150_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.error) throw new Error(`vite build ${args.join(' ')} did not finish: ${run.error.message}\n${run.stdout}\n${run.stderr}`);
  if (run.status !== 0) throw new Error(`vite build ${args.join(' ')} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
}

function emittedJs(outDir: string): { file: string; text: string }[] {
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(join(outDir, file), 'utf8') }));
}

function markersIn(outDir: string): string[] {
  const js = emittedJs(outDir);
  expect(js.length, `no JS emitted in ${outDir}`).toBeGreaterThan(0);
  return INSPECTOR_MARKERS.flatMap((marker) => js.filter(({ text }) => text.includes(marker)).map(({ file }) => `${marker} in ${file}`));
}

/** Builds an entry holding exactly the composition root's opt-in, with the shop's Vite config. */
function buildProbe(nodeEnv: 'production' | 'development'): string {
  const entry = join(workDir, `probe-${nodeEnv}.ts`);
  const mountInspector = join(repoRoot, 'src/ui/inspector/mount-inspector.tsx');
  writeFileSync(
    entry,
    `export const actors = {};\n` +
      `if (import.meta.env.DEV && new URLSearchParams(location.search).has('inspect')) import(${JSON.stringify(mountInspector)}).then((m) => m.mountInspector(actors));\n`,
  );
  const outDir = join(workDir, `probe-${nodeEnv}`);
  const config = join(workDir, `probe-${nodeEnv}.vite.config.ts`);
  writeFileSync(
    config,
    `import shopConfig from ${JSON.stringify(join(repoRoot, 'vite.config.ts'))};\n` +
      `export default (env) => {\n` +
      `  const base = shopConfig(env);\n` +
      `  const build = { ...base.build, outDir: ${JSON.stringify(outDir)}, emptyOutDir: true };\n` +
      `  return { ...base, build: { ...build, rolldownOptions: { ...build.rolldownOptions, input: ${JSON.stringify(entry)} } } };\n` +
      `};\n`,
  );
  viteBuild(['--config', config], nodeEnv);
  // The probe, not the shop's index.html, was built.
  expect(readdirSync(outDir)).not.toContain('index.html');
  return outDir;
}

describe('inspector in the production bundle', () => {
  it('the production build of the shop contains no inspector code and no elkjs', () => {
    const outDir = join(workDir, 'shop');
    viteBuild(['--outDir', outDir, '--emptyOutDir'], 'production');
    expect(markersIn(outDir)).toEqual([]);
  }, 180_000);

  it('the ?inspect opt-in drops the inspector from a production build', () => {
    expect(markersIn(buildProbe('production'))).toEqual([]);
  }, 180_000);

  it('the same opt-in keeps the inspector (and ELK) in a development build, so the markers are real', () => {
    const found = markersIn(buildProbe('development'));
    expect(found.some((hit) => hit.startsWith('data-machine-inspector'))).toBe(true);
    expect(found.some((hit) => hit.startsWith('org.eclipse.elk'))).toBe(true);
  }, 180_000);
});
