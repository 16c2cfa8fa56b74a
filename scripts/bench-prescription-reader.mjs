// The prescription reader's benchmark (ADR 043), `npm run bench:scan`: builds a one-page app that
// loads the reader as the shop does, serves it with the slips' photos, drives Debian's headless
// Chromium over the test set (SLIPS_DIR: /work/notes/slips when it exists, else .data/slips; made by
// `npm run slips`, tests/prescription-slips/) and prints field accuracy by layout, distortion band and
// language, wrong values left unflagged, right values flagged, ms per photo (p50/p95), the reader's
// download (raw and brotli, as scripts/precompress.mjs makes it) and the machine's load average.
// Options: --flat (also the flat renders, for comparison), --limit N, --only s0001,s0002, --port N
// (default 4451), --json FILE (every slip's reading and score).
import { existsSync, readFileSync, statSync, createReadStream, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from 'playwright';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { percentile, scoreReading, tally } from './prescription-reader-score.mjs';
import { prescriptionReaderAssetsPlugin } from './vite-prescription-reader-assets.ts';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const slipsDir = resolve(process.env.SLIPS_DIR ?? (existsSync('/work/notes/slips/manifest.json') ? '/work/notes/slips' : join(root, '.data/slips')));
const port = Number(option('port') ?? 4451);
const limit = Number(option('limit') ?? Infinity);
const only = option('only')?.split(',');
const kinds = args.includes('--flat') ? ['photo', 'flat'] : ['photo'];
const outDir = join(root, '.data/bench-scan');

if (!existsSync(join(slipsDir, 'manifest.json'))) {
  console.error(`No test set at ${slipsDir} (manifest.json): make one with \`npm run slips\` or set SLIPS_DIR.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(slipsDir, 'manifest.json'), 'utf8'));
const slips = manifest.slips.filter((s) => !only || only.includes(s.id)).slice(0, limit);

console.log(`building the benchmark page into ${outDir} …`);
await build({
  configFile: false,
  logLevel: 'warn',
  root: join(root, 'scripts/bench-prescription-reader'),
  plugins: [prescriptionReaderAssetsPlugin()],
  build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
});

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
};
function serve(dir, pathname, res) {
  const file = normalize(join(dir, decodeURIComponent(pathname)));
  if (file !== dir && !file.startsWith(dir + sep)) return void res.writeHead(403).end();
  try {
    const target = statSync(file).isDirectory() ? join(file, 'index.html') : file;
    res.writeHead(200, { 'Content-Type': TYPES[extname(target)] ?? 'application/octet-stream', 'Content-Length': statSync(target).size });
    createReadStream(target).pipe(res);
  } catch {
    res.writeHead(404).end('Not found');
  }
}
/** Paths served until the first scan ends: what the reader downloads (the page's requests and its OCR worker's). */
const served = [];
let recording = true;
const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://bench.invalid');
  if (recording) served.push(pathname);
  if (pathname.startsWith('/slips/')) serve(slipsDir, pathname.slice('/slips'.length), res);
  else serve(outDir, pathname, res);
});
await new Promise((done) => server.listen(port, '127.0.0.1', done));

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const results = [];
let firstScanMs = null;
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => 'readSlip' in window);
  for (const kind of kinds) {
    for (const slip of slips) {
      const { reading, ms } = await page.evaluate((url) => window.readSlip(url), `/slips/${slip[kind]}`);
      if (firstScanMs === null) {
        firstScanMs = ms;
        recording = false;
      }
      const scores = scoreReading(slip, reading);
      results.push({ id: slip.id, kind, language: slip.language, layout: slip.layout, band: slip.distortion?.band ?? 'none', ms, scores, reading });
      const t = tally(scores);
      const misses = scores.filter((s) => s.outcome !== 'right').map((s) => `${s.field} ${s.truth || '∅'}→${s.read || '∅'}${s.unsure ? '?' : ''}`);
      console.log(
        `${slip.id} ${kind} ${slip.language} ${slip.layout} ${slip.distortion?.band ?? ''}: ${t.right}/${t.fields} in ${Math.round(ms)} ms${misses.length ? `  ${misses.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}

// --- report ---------------------------------------------------------------------------------------
const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)} %` : '—');
function table(title, key, kind) {
  const groups = new Map();
  for (const r of results.filter((r) => r.kind === kind)) {
    const k = key(r);
    groups.set(k, [...(groups.get(k) ?? []), ...r.scores]);
  }
  console.log(`\n${title}`);
  console.log('| group | fields | right | wrong (unflagged) | missed | flagged but right |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [k, scores] of [...groups].sort(([a], [b]) => String(a).localeCompare(String(b)))) {
    const t = tally(scores);
    console.log(`| ${k} | ${t.fields} | ${t.right} (${pct(t.right, t.fields)}) | ${t.wrong} (${t.wrongUnflagged}) | ${t.missed} | ${t.flaggedRight} |`);
  }
}
for (const kind of kinds) {
  const all = results.filter((r) => r.kind === kind);
  const t = tally(all.flatMap((r) => r.scores));
  const times = (firstScanMs === all[0]?.ms ? all.slice(1) : all).map((r) => r.ms);
  console.log(`\n## ${kind === 'photo' ? 'Phone photos' : 'Flat renders'}: ${all.length} slips`);
  console.log(
    `fields right ${t.right}/${t.fields} (${pct(t.right, t.fields)}); wrong ${t.wrong}, of them unflagged ${t.wrongUnflagged}; missed ${t.missed}; flagged but right ${t.flaggedRight}`,
  );
  console.log(
    `ms per photo: p50 ${Math.round(percentile(times, 50))}, p95 ${Math.round(percentile(times, 95))} (warm; the first scan, loading the reader, took ${Math.round(firstScanMs ?? NaN)} ms)`,
  );
  table(`By layout (${kind})`, (r) => r.layout, kind);
  table(`By distortion band (${kind})`, (r) => r.band, kind);
  table(`By language (${kind})`, (r) => r.language, kind);
}

// The page's own entry script is the benchmark's, not the reader's.
const entry = /<script[^>]+src="([^"]+)"/.exec(readFileSync(join(outDir, 'index.html'), 'utf8'))?.[1];
const readerFiles = [...new Set(served)].filter((p) => p.startsWith('/assets/') && p !== entry);
let raw = 0;
let br = 0;
console.log('\nThe reader’s download (first scan):');
for (const path of readerFiles) {
  const content = readFileSync(join(outDir, path));
  const compressed = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      [constants.BROTLI_PARAM_MODE]: /\.(?:wasm|traineddata)$/.test(path) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
    },
  }).byteLength;
  raw += content.byteLength;
  br += Math.min(compressed, content.byteLength);
  console.log(`  ${path}: ${(content.byteLength / 1024).toFixed(0)} kB, brotli ${(compressed / 1024).toFixed(0)} kB`);
}
console.log(`  total: ${(raw / 1024 / 1024).toFixed(2)} MB raw, ${(br / 1024 / 1024).toFixed(2)} MB brotli`);
console.log(
  `\nmachine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
const json = option('json');
if (json) writeFileSync(json, JSON.stringify(results, null, 1));
