// `npm run bench` (issue 18): the shop's server under 50 concurrent loopback clients, paired with
// graphql-yoga's hello world (scripts/bench-hello-yoga.mjs) measured in the same run by the same
// client, so that a shared, noisy machine shows in both and the ratios stay meaningful.
//
// Reports, each phase as N clients × M requests: p50/p95/p99 and req/s of
//   - the category listing GET (anonymous, answered by the catalog answer cache after the first),
//   - a cart GET (each client its own guest cart with one configured frame; from the second on, the
//     kept answer sent after one statement checked its stamp, ADR 034),
//   - the same cart query as a POST (never kept: its statements and GraphQL every time), for context,
//   - the same listing as a POST (never cached: the resolvers and SQL every time), for context,
//   - the hello world, before, between and after (its median is what the ratios divide by);
// and the server's RSS idle (started, warmed up) and its peak under that load, and the CPU the
// server and this client process spent per phase (the client is a separate process from the server:
// on a 2-core machine its share of the cores is part of what the latencies show).
// Also: seed + start time on an empty DATA_DIR, and start time on existing data.
// Both engines: PGlite in a DATA_DIR, then PostgreSQL (ADR 017): DATABASE_URL when set, else a
// throwaway cluster (scripts/postgres-cluster.mjs) when this machine has or may install the
// server; BENCH_ENGINES=pglite or =postgres runs one. BENCH_PORT / BENCH_HELLO_PORT / BENCH_PG_PORT
// fix the ports (default: free ones).
// The compiled server (dist/.server/main.js, `npm run build`) is measured when it exists, else the
// sources through tsx (said in the output). Bounded: at most 120 s a phase; only 127.0.0.1 is contacted.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresUnavailableReason, startThrowawayCluster } from './postgres-cluster.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS_PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 40);
const PHASE_DEADLINE_MS = 120_000;
const GOALS = { listing: 15, cart: 60 }; // p95 goals of issue 18, in ms
const port = Number(process.env.BENCH_PORT ?? 4900 + Math.floor(Math.random() * 90));
const base = `http://127.0.0.1:${port}`;
const compiled = existsSync('dist/.server/main.js');
// The node flags `npm run serve` runs the compiled server with (the V8 heap cap of ADR 026), so the
// bench measures what production runs.
const serveFlags = compiled
  ? JSON.parse(readFileSync('package.json', 'utf8'))
      .scripts.serve.split(' ')
      .filter((arg) => arg.startsWith('--'))
  : [];
// BENCH_SERVER_NODE_ARGS: node options for the server, e.g. "--cpu-prof --cpu-prof-dir=.data/prof" to profile it.
const serverArgs = [
  ...serveFlags,
  ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ...(compiled ? ['dist/.server/main.js'] : ['--import', 'tsx', 'server/main.ts']),
];
/** BENCH_PHASES: which of listing, cart, cartpost, uncached to measure (default all). */
const PHASES = new Set((process.env.BENCH_PHASES ?? 'listing,cart,cartpost,uncached').split(','));
const skipped = { name: 'skipped', count: 0, rps: 0, p50: NaN, p95: NaN, p99: NaN, errors: 0, peakRss: 0, serverCores: NaN, clientCores: NaN };

function startChild(args, env, readyText) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let ready = false;
    child.stdout.on('data', (b) => {
      const text = b.toString();
      if (!ready && text.includes(readyText)) {
        ready = true;
        done({ child, ms: performance.now() - started, text });
      }
    });
    child.once('exit', (code) => !ready && fail(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}
const stop = (child) =>
  new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', done);
    child.kill('SIGTERM');
  });
/** CPU seconds (user + system) a process has used so far. */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
};
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

const LISTING =
  '{products(filter:{category_uid:{eq:"Mw=="}},pageSize:12,currentPage:1,sort:{position:ASC}){total_count page_info{current_page total_pages} items{uid name sku url_key stock_status price_range{minimum_price{regular_price{value currency} final_price{value currency}}} small_image{url label}} aggregations{attribute_code label count options{label value count}}}}';
const CART =
  'query Cart($id:String!){cart(cart_id:$id){id email total_quantity is_virtual items{uid quantity product{uid sku name url_key small_image{url}} prices{price{value currency} row_total{value currency}} ... on ConfigurableCartItem{configurable_options{option_label value_label} configured_variant{sku}}} prices{subtotal_excluding_tax{value currency} grand_total{value currency} applied_taxes{amount{value}}} applied_coupons{code}}}';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The server closes a keep-alive socket idle for 5 s (Node's keepAliveTimeout); a POST sent on one
 * at that moment is reset (ECONNRESET: undici retries idempotent GETs, not POSTs). Sockets left idle
 * by the previous phase's early finishers were so reused when the next phase began (session 12's 13
 * and session 13's 23 failed uncached POSTs on a starved PGlite server). Each phase starts after the
 * server has closed every idle socket: a race of the bench's client, not a failure of the shop.
 */
const SETTLE_MS = 6000;

/** N clients, each sending M requests one after another; latencies of the whole request and body read. */
async function phase(name, request, pid) {
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  const latencies = [];
  let errors = 0;
  /** Failures by kind (HTTP status, GraphQL error message, or the client's error), to tell whose they are. */
  const failures = new Map();
  const failed = (kind) => {
    errors++;
    failures.set(kind, (failures.get(kind) ?? 0) + 1);
  };
  let peakRss = pid ? rssMb(pid) : 0;
  const sampler = pid ? setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100) : null;
  const until = performance.now() + PHASE_DEADLINE_MS;
  const began = performance.now();
  const serverCpu = pid ? cpuSeconds(pid) : 0;
  const clientCpu = ownCpuSeconds();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < REQUESTS_PER_CLIENT && performance.now() < until; i++) {
        const t = performance.now();
        try {
          const res = await request(client);
          const text = await res.text();
          latencies.push(performance.now() - t);
          let body = null;
          try {
            body = JSON.parse(text);
          } catch {
            failed(`HTTP ${res.status}, not JSON: ${text.slice(0, 80)}`);
            continue;
          }
          if (!res.ok || body.errors)
            failed(
              `HTTP ${res.status}${
                body.errors
                  ? `: ${body.errors
                      .map((e) => e.message)
                      .join('; ')
                      .slice(0, 120)}`
                  : ''
              }`,
            );
        } catch (error) {
          // e.g. a keep-alive socket the server closed as it was reused (idle since the previous phase): counted, not fatal.
          const cause = error.cause ?? error;
          failed(`client: ${cause.code ?? cause.name}: ${String(cause.message).slice(0, 80)}`);
        }
      }
    }),
  );
  if (sampler) clearInterval(sampler);
  const seconds = (performance.now() - began) / 1000;
  const serverCores = pid ? (cpuSeconds(pid) - serverCpu) / seconds : NaN;
  const clientCores = (ownCpuSeconds() - clientCpu) / seconds;
  latencies.sort((a, b) => a - b);
  return {
    name,
    count: latencies.length,
    rps: latencies.length / seconds,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    errors,
    failures,
    peakRss,
    serverCores,
    clientCores,
  };
}

const gqlPost = (query, variables) =>
  fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', Store: 'ca' }, body: JSON.stringify({ query, variables }) });
const gqlGet = (url, query, variables) =>
  fetch(`${url}/graphql?query=${encodeURIComponent(query)}${variables ? `&variables=${encodeURIComponent(JSON.stringify(variables))}` : ''}`, {
    headers: { Store: 'ca' },
  });

/** A guest cart with one configured frame (colour, size and the required lens options). */
async function cartWithAFrame() {
  const product = (
    await (
      await gqlPost(
        '{products(filter:{sku:{eq:"LN1001"}}){items{sku ... on ConfigurableProduct{configurable_options{values{uid}} options{required ... on CustomizableRadioOption{radio: value{uid}} ... on CustomizableDropDownOption{dropdown: value{uid}}}}}}}',
      )
    ).json()
  ).data.products.items[0];
  const selected = [
    ...product.configurable_options.map((o) => o.values[0].uid),
    ...product.options.filter((o) => o.required).map((o) => (o.radio ?? o.dropdown)[0].uid),
  ];
  const id = (await (await gqlPost('mutation{createGuestCart{cart{id}}}')).json()).data.createGuestCart.cart.id;
  const added = await (
    await gqlPost(
      'mutation($c:String!,$o:[ID!]){addProductsToCart(cartId:$c,cartItems:[{sku:"LN1001",quantity:1,selected_options:$o}]){user_errors{message}}}',
      {
        c: id,
        o: selected,
      },
    )
  ).json();
  if (added.errors || added.data.addProductsToCart.user_errors.length) throw new Error(`could not fill a cart: ${JSON.stringify(added)}`);
  return id;
}

const row = (r, hello) =>
  `${r.name.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ${r.rps
    .toFixed(0)
    .padStart(
      5,
    )} req/s  ${r.errors} errors  cpu server ${Number.isNaN(r.serverCores) ? '  - ' : `${r.serverCores.toFixed(2)} (${((r.serverCores * 1000) / r.rps).toFixed(1)} ms a request)`} client ${r.clientCores.toFixed(2)}${hello ? `  ×hello p50 ${(r.p50 / hello.p50).toFixed(1)}, p95 ${(r.p95 / hello.p95).toFixed(1)}` : ''}`;
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts the shop on one engine, measures it paired with the hello world, stops both; returns the figures. */
async function benchEngine(engine, env) {
  let hello;
  let second;
  const dataDir = mkdtempSync(join(tmpdir(), 'eyewear-bench-'));
  const serverEnv = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ...env };
  try {
    console.log(`\n== ${engine} ==`);
    const first = await startChild(serverArgs, serverEnv, 'Shop ready');
    console.log(`seed + start (empty database): ${(first.ms / 1000).toFixed(1)} s`);
    await stop(first.child);
    second = await startChild(serverArgs, serverEnv, 'Shop ready');
    console.log(`start on existing data:        ${(second.ms / 1000).toFixed(1)} s`);
    hello = await startChild(['scripts/bench-hello-yoga.mjs'], { PORT: process.env.BENCH_HELLO_PORT ?? '0' }, 'ready ');
    const helloUrl = `http://127.0.0.1:${/ready (\d+)/.exec(hello.text)[1]}`;
    const pid = second.child.pid;

    // Warm-up: every path once, and one cart per client.
    const carts = [];
    for (let i = 0; i < CLIENTS; i++) carts.push(await cartWithAFrame());
    for (const url of [base, helloUrl]) await (await gqlGet(url, url === base ? LISTING : '{hello}')).json();
    await (await gqlGet(base, CART, { id: carts[0] })).json();
    await (await gqlPost(LISTING)).json();
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssMb(pid);

    // The hello world's own CPU per request too: what "as cheap as hello world" compares with.
    const helloPhase = () => phase('yoga hello world GET', () => gqlGet(helloUrl, '{hello}'), hello.child.pid);
    const hellos = [await helloPhase()];
    const listing = PHASES.has('listing') ? await phase('category listing GET (cached)', () => gqlGet(base, LISTING), pid) : skipped;
    hellos.push(await helloPhase());
    const cart = PHASES.has('cart') ? await phase('cart GET (kept, stamp checked)', (client) => gqlGet(base, CART, { id: carts[client] }), pid) : skipped;
    const cartPost = PHASES.has('cartpost') ? await phase('cart POST (never kept)', (client) => gqlPost(CART, { id: carts[client] }), pid) : skipped;
    const uncached = PHASES.has('uncached') ? await phase('category listing POST (uncached)', () => gqlPost(LISTING), pid) : skipped;
    hellos.push(await helloPhase());
    const pair = { p50: median(hellos.map((h) => h.p50)), p95: median(hellos.map((h) => h.p95)) };

    console.log(`${CLIENTS} concurrent clients × ${REQUESTS_PER_CLIENT} requests a phase, loopback, keep-alive (Node fetch):`);
    for (const h of hellos) console.log(row(h));
    for (const r of [listing, cart, cartPost, uncached].filter((r) => r !== skipped)) console.log(row(r, pair));
    for (const r of [...hellos, listing, cart, cartPost, uncached]) {
      for (const [kind, count] of r.failures ?? []) console.log(`  ${r.name} failed ${count}×: ${kind}`);
    }
    const peakRss = Math.max(listing.peakRss, cart.peakRss, cartPost.peakRss, uncached.peakRss);
    console.log(`hello world median of ${hellos.length} runs: p50 ${pair.p50.toFixed(1)} ms, p95 ${pair.p95.toFixed(1)} ms`);
    console.log(`server RSS: idle ${idleRss.toFixed(0)} MB, peak under load ${peakRss.toFixed(0)} MB`);
    const msPerRequest = (r) => (r.serverCores * 1000) / r.rps;
    const helloCpu = median(hellos.map(msPerRequest));
    return {
      engine,
      listing,
      cart,
      cartPost,
      uncached,
      pair,
      idleRss,
      peakRss,
      load: loadavg()[0],
      cpu: { listing: msPerRequest(listing), cart: msPerRequest(cart), cartPost: msPerRequest(cartPost), hello: helloCpu },
    };
  } finally {
    if (hello) await stop(hello.child);
    if (second) await stop(second.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const results = [];
console.log(
  `server: ${compiled ? `compiled (node ${[...serveFlags, 'dist/.server/main.js'].join(' ')})` : 'sources through tsx (run npm run build to measure the compiled server)'}`,
);
console.log('client: this process (Node fetch), separate from the server process; its CPU is shown per phase');
if (engines.includes('pglite')) results.push(await benchEngine('PGlite (embedded, DATA_DIR)', {}));
if (engines.includes('postgres')) {
  if (process.env.DATABASE_URL) results.push(await benchEngine('PostgreSQL (DATABASE_URL)', { DATABASE_URL: process.env.DATABASE_URL }));
  else if (postgresUnavailableReason()) console.log(`\nPostgreSQL skipped: ${postgresUnavailableReason()}`);
  else {
    const cluster = await startThrowawayCluster({ port: process.env.BENCH_PG_PORT ? Number(process.env.BENCH_PG_PORT) : undefined });
    try {
      results.push(await benchEngine('PostgreSQL (throwaway local cluster)', { DATABASE_URL: cluster.url }));
    } finally {
      cluster.stop();
    }
  }
}

console.log('\nsummary (p50 / p95 ms; ×hello = p95 over the hello world p95 of the same run):');
console.log('engine                                | listing GET cached        | cart GET                  | hello p50/p95 | RSS idle/loaded');
for (const r of results) {
  const cell = (x) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)} ×${(x.p95 / r.pair.p95).toFixed(1)}`.padEnd(25);
  console.log(
    `${r.engine.padEnd(37)} | ${cell(r.listing)} | ${cell(r.cart)} | ${`${r.pair.p50.toFixed(1)} / ${r.pair.p95.toFixed(1)}`.padEnd(13)} | ${r.idleRss.toFixed(0)} / ${r.peakRss.toFixed(0)} MB`,
  );
  console.log(
    `  server CPU a request: listing ${r.cpu.listing.toFixed(2)} ms, cart ${r.cpu.cart.toFixed(2)} ms (never kept: ${r.cpu.cartPost.toFixed(2)} ms), hello world ${r.cpu.hello.toFixed(2)} ms (its own process)`,
  );
  console.log(
    `  load average (1 min) at the end: ${r.load.toFixed(1)}; goals: cached listing p95 ≤ ${GOALS.listing} ms ${r.listing.p95 <= GOALS.listing ? 'met' : 'NOT met'}; cart p95 ≤ ${GOALS.cart} ms ${r.cart.p95 <= GOALS.cart ? 'met' : 'NOT met'}`,
  );
}
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
