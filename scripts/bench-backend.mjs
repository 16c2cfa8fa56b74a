// Benchmark of the embedded backend (issue "Embedded Magento-compatible backend", closing note):
// seed time (first start on an empty DATA_DIR), start-up time (second start on the same data), and
// `products` query latency p50/p95/p99 under 50 concurrent clients on loopback.
// Bounded: 50 clients × 40 requests each, and at most 120 s; only 127.0.0.1 is contacted.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS_PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 40);
const DEADLINE_MS = 120_000;
const port = 4900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'eyewear-bench-'));

async function start() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((done, fail) => {
    child.stdout.on('data', (b) => b.toString().includes('Shop ready') && done());
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return { child, ms: performance.now() - started };
}
const stop = (child) =>
  new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });

const QUERIES = [
  '{products(filter:{category_uid:{eq:"Mw=="}},pageSize:6,currentPage:1){total_count items{uid name sku url_key price_range{minimum_price{final_price{value currency}}} small_image{url}} aggregations{attribute_code count options{label value count}}}}',
  '{products(search:"round",pageSize:6){total_count items{uid name sku price_range{minimum_price{final_price{value currency}}}}}}',
  '{products(filter:{price:{from:"100",to:"200"}},sort:{price:ASC},pageSize:6,currentPage:2){total_count items{uid name sku}}}',
  '{products(filter:{url_key:{eq:"aurora-cat-eye"}}){items{uid name sku description{html} media_gallery{url label position} ... on ConfigurableProduct{configurable_options{uid attribute_code label values{uid label}} variants{attributes{code value_index} product{uid sku stock_status}}}}}}',
];

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  const first = await start();
  console.log(`seed + start (empty DATA_DIR): ${(first.ms / 1000).toFixed(1)} s`);
  await stop(first.child);
  const second = await start();
  console.log(`start on existing data:       ${(second.ms / 1000).toFixed(1)} s`);

  // warm-up: one pass of each query
  for (const q of QUERIES) await fetch(`${base}/graphql?query=${encodeURIComponent(q)}`, { headers: { Store: 'ca' } });

  const latencies = [];
  let errors = 0;
  const until = performance.now() + DEADLINE_MS;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < REQUESTS_PER_CLIENT && performance.now() < until; i++) {
        const q = QUERIES[(client + i) % QUERIES.length];
        const t = performance.now();
        const res = await fetch(`${base}/graphql?query=${encodeURIComponent(q)}`, { headers: { Store: client % 2 ? 'ca' : 'fr' } });
        const body = await res.json();
        latencies.push(performance.now() - t);
        if (!res.ok || body.errors) errors++;
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `products queries: ${latencies.length} with ${CLIENTS} concurrent clients in ${seconds.toFixed(1)} s (${(latencies.length / seconds).toFixed(0)} req/s), ${errors} errors`,
  );
  console.log(`latency p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms`);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await stop(second.child);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
