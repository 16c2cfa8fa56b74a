// Bundle budget (issue "Foundation"): the initial JS of the home route ≤ 190 kB gzip (what index.html
// loads: the entry chunk and every chunk it imports statically), and each lazily loaded chunk
// ≤ 60 kB gzip. Reads Vite's manifest of the production build in dist/. The initial JS also comes in
// at most INITIAL_FILES_BUDGET files: each is a request a phone makes before anything runs, six at a
// time over HTTP/1.1 (scripts/vite-entry-shell-chunk.ts keeps the entry's own code in one chunk).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const INITIAL_BUDGET = 190 * 1000;
export const LAZY_CHUNK_BUDGET = 60 * 1000;
export const INITIAL_FILES_BUDGET = 6;

export function measure(distDir = 'dist') {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error('No entry chunk in the Vite manifest');
  const initial = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  visit(Object.keys(manifest).find((k) => manifest[k] === entry));
  const initialJs = [...initial].filter((f) => f.endsWith('.js'));
  const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js') && !initial.has(c.file));
  return {
    initial: { files: initialJs, gzip: initialJs.reduce((sum, f) => sum + gz(f), 0) },
    lazy: lazy.map((c) => ({ file: c.file, name: c.name ?? c.src ?? c.file, gzip: gz(c.file) })).sort((a, b) => b.gzip - a.gzip),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  const { initial, lazy } = measure(process.argv[2] ?? 'dist');
  let failed = false;
  const initialOk = initial.gzip <= INITIAL_BUDGET;
  const filesOk = initial.files.length <= INITIAL_FILES_BUDGET;
  failed ||= !initialOk || !filesOk;
  console.log(`${initialOk ? 'ok  ' : 'OVER'} initial JS of the home route: ${kb(initial.gzip)} gzip (budget ${kb(INITIAL_BUDGET)})`);
  console.log(`${filesOk ? 'ok  ' : 'OVER'} initial JS files of the home route: ${initial.files.length} (budget ${INITIAL_FILES_BUDGET})`);
  for (const c of lazy) {
    const ok = c.gzip <= LAZY_CHUNK_BUDGET;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'OVER'} lazy chunk ${c.name}: ${kb(c.gzip)} gzip (budget ${kb(LAZY_CHUNK_BUDGET)})`);
  }
  process.exit(failed ? 1 : 0);
}
