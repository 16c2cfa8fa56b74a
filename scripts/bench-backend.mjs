// `npm run bench`: the shop's server under 50 concurrent loopback clients, paired with
// graphql-yoga's hello world (scripts/bench-hello-yoga.mjs) measured in the same run by the same
// client, so that a shared, noisy machine shows in both and the ratios stay meaningful. The client is
// autocannon (a devDependency) in a process of its own for each phase (scripts/bench-load.mjs): the
// Node fetch client used before took 0.65–0.98 of a core from the server it measured.
//
// Reports, each phase as N clients × M requests: p50/p95/p99 and req/s of
//   - the category listing GET (anonymous, answered by the catalog answer cache after the first),
//   - a cart GET (each client its own guest cart with one configured frame; from the second on, the
//     kept answer sent after one statement checked its stamp, ADR 034),
//   - the same cart query as a POST (never kept: its statements and GraphQL every time), for context,
//   - the same listing as a POST (never cached: the resolvers and SQL every time), for context,
//   - the hello world, before, between and after (its median is what the ratios divide by);
// and the server's RSS idle (started, warmed up) and its peak under that load, and the CPU the
// server and the load generator spent per phase (on a 2-core machine the client's share of the
// cores is part of what the latencies show).
// Also: seed + start time on an empty DATA_DIR, and start time on existing data.
// And the checkout phase (ADR 038, scripts/bench-checkout.mjs): whole guest checkouts over HTTP by one
// shopper alone, then by BENCH_SHOPPERS (30) concurrent shoppers × BENCH_CHECKOUTS (2) each, /health
// sampled meanwhile, every order verified from the database afterwards (count, lines, totals, no
// doubles, no cross-talk); the throughput and placeOrder's p95 as ratios to the lone shopper's.
// Both engines: PGlite in a DATA_DIR, then PostgreSQL (ADR 017): DATABASE_URL when set, else a
// throwaway cluster (scripts/postgres-cluster.mjs) when this machine has or may install the
// server; BENCH_ENGINES=pglite or =postgres runs one. BENCH_PORT / BENCH_HELLO_PORT / BENCH_PG_PORT
// fix the ports (default: free ones).
// The compiled server (dist/.server/main.js, `npm run build`) is measured when it exists, else the
// sources through tsx (said in the output). Bounded: at most 120 s a phase; only 127.0.0.1 is contacted.
// Also a floor (scripts/bench-node-floor.mjs): Node's bare http server with a fixed body, under the same
// client: what the machine and the client allow at that moment, whatever the shop does.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { checkoutPhase, checkoutReport, RAISE_STOCK_SQL } from './bench-checkout.mjs';
import { verifyOrders } from './guest-checkout.mjs';
import { postgresUnavailableReason, startThrowawayCluster } from './postgres-cluster.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS_PER_CLIENT = Number(process.env.BENCH_REQUESTS ?? 200);
/**
 * Requests per client before each phase's measured ones, not measured (scripts/bench-load.mjs): the
 * figures are the server's steady state, not V8 compiling its hot paths. 40 measured
 * requests per client and no warm-up took about 0.3 s a phase: their p95 was the first answers'.
 */
const WARMUP_PER_CLIENT = Number(process.env.BENCH_WARMUP ?? 20);
/** The never-kept POST phases (context, not goals) are slow: at most this many requests per client. */
const POST_REQUESTS_PER_CLIENT = Math.min(REQUESTS_PER_CLIENT, 40);
const PHASE_DEADLINE_MS = 120_000;
const GOALS = { listing: 15, cart: 60 }; // p95 goals, in ms (docs/benchmarks.md)
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
/** BENCH_PHASES: which of listing, cart, customer, cartpost, uncached, checkout to measure (default all). */
const PHASES = new Set((process.env.BENCH_PHASES ?? 'listing,cart,customer,cartpost,uncached,checkout').split(','));
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 30);
const CHECKOUTS_PER_SHOPPER = Number(process.env.BENCH_CHECKOUTS ?? 2);
const skipped = { name: 'skipped', count: 0, rps: 0, p50: NaN, p95: NaN, p99: NaN, errors: 0, peakRss: 0, serverCores: NaN, clientCores: NaN };

function startChild(args, env, readyText) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let ready = false;
    const read = (b) => {
      const text = b.toString();
      if (!ready && text.includes(readyText)) {
        ready = true;
        // From now on its output (the access log, a line a request) is drained unread, as a log
        // collector would take it, not decoded by this process on the same two cores.
        child.stdout.off('data', read);
        child.stdout.resume();
        done({ child, ms: performance.now() - started, text });
      }
    };
    child.stdout.on('data', read);
    child.once('exit', (code) => !ready && fail(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}
const stop = (child) =>
  new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', done);
    child.kill('SIGTERM');
  });
const rssMb = (pid) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

const LISTING =
  '{products(filter:{category_uid:{eq:"Mw=="}},pageSize:12,currentPage:1,sort:{position:ASC}){total_count page_info{current_page total_pages} items{uid name sku url_key stock_status price_range{minimum_price{regular_price{value currency} final_price{value currency}}} small_image{url label}} aggregations{attribute_code label count options{label value count}}}}';
const CART =
  'query Cart($id:String!){cart(cart_id:$id){id email total_quantity is_virtual items{uid quantity product{uid sku name url_key small_image{url}} prices{price{value currency} row_total{value currency}} ... on ConfigurableCartItem{configurable_options{option_label value_label} configured_variant{sku}}} prices{subtotal_excluding_tax{value currency} grand_total{value currency} applied_taxes{amount{value}}} applied_coupons{code}}}';
/** The same selection as a signed-in customer asks it (`customerCart`, their token in Authorization). */
const CUSTOMER_CART = CART.replace('query Cart($id:String!){cart(cart_id:$id)', 'query CustomerCart{customerCart');

/**
 * The server closes a keep-alive socket idle for 5 s (Node's keepAliveTimeout); a POST sent on one
 * at that moment is reset (ECONNRESET: undici retries idempotent GETs, not POSTs). Sockets left idle
 * by the previous phase's early finishers were so reused when the next phase began (13 and then 23
 * failed uncached POSTs on a starved PGlite server, measured 2026-11-27). Each phase starts after the
 * server has closed every idle socket: a race of the bench's client, not a failure of the shop.
 */
const SETTLE_MS = 6000;

/**
 * One phase: `CLIENTS` keep-alive connections sending `CLIENTS × REQUESTS_PER_CLIENT` requests in
 * all, by autocannon in its own process (scripts/bench-load.mjs), so the load generator's CPU is
 * not this process's and its event loop does not delay the responses it times. `load.urls`: one
 * URL per connection (each client its own cart) or one for all.
 */
async function phase(name, load, pid) {
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  let peakRss = pid ? rssMb(pid) : 0;
  const sampler = pid ? setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100) : null;
  const perClient = load.method === 'POST' ? POST_REQUESTS_PER_CLIENT : REQUESTS_PER_CLIENT;
  const warmup = load.method === 'POST' ? Math.ceil(WARMUP_PER_CLIENT / 4) : WARMUP_PER_CLIENT;
  const spec = { connections: CLIENTS, amount: CLIENTS * perClient, warmup, headers: HEADERS, pid, deadlineMs: PHASE_DEADLINE_MS, ...load };
  const child = spawn(process.execPath, ['scripts/bench-load.mjs', JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (b) => (out += b));
  // The load generator stops itself at the deadline and reports; this is the backstop.
  const deadline = setTimeout(() => child.kill('SIGTERM'), PHASE_DEADLINE_MS + 30_000);
  const code = await new Promise((done) => child.once('exit', done));
  clearTimeout(deadline);
  if (sampler) clearInterval(sampler);
  if (code !== 0) throw new Error(`${name}: the load generator exited with ${code} (deadline ${PHASE_DEADLINE_MS / 1000} s)`);
  const r = JSON.parse(out);
  return { name, ...r, failures: new Map(r.failures), serverCores: r.serverCores ?? NaN, peakRss };
}

/** What every request carries, as the storefront sends it: its store view and currency, and a browser's encodings. */
const HEADERS = { Store: 'ca', 'Content-Currency': 'CAD', 'Accept-Encoding': 'gzip, deflate, br' };
const getUrl = (url, query, variables) =>
  `${url}/graphql?query=${encodeURIComponent(query)}${variables ? `&variables=${encodeURIComponent(JSON.stringify(variables))}` : ''}`;

const gqlPost = (query, variables, token) =>
  fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Store: 'ca', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });

/** A new customer, signed in: their bearer token. */
async function customerToken(n) {
  const email = `bench${n}.${Date.now()}@example.com`;
  const password = 'Bench!2026-pass';
  const created = await (
    await gqlPost('mutation($i:CustomerCreateInput!){createCustomerV2(input:$i){customer{email}}}', {
      i: { email, firstname: 'Bench', lastname: `Shopper${n}`, password },
    })
  ).json();
  if (created.errors) throw new Error(`could not create a customer: ${JSON.stringify(created.errors)}`);
  const signedIn = await (
    await gqlPost('mutation($e:String!,$p:String!){generateCustomerToken(email:$e,password:$p){token}}', { e: email, p: password })
  ).json();
  return signedIn.data.generateCustomerToken.token;
}
/** A POST phase's load: the bodies sent in turn, as JSON. */
const postLoad = (bodies) => ({
  urls: [`${base}/graphql`],
  method: 'POST',
  headers: { ...HEADERS, 'Content-Type': 'application/json' },
  bodies: bodies.map((b) => JSON.stringify(b)),
});
const gqlGet = (url, query, variables) => fetch(getUrl(url, query, variables), { headers: HEADERS });

/** A guest cart with one configured frame (colour, size and the required lens options). */
async function cartWithAFrame(token) {
  const product = (
    await (
      await gqlPost(
        '{products(filter:{sku:{eq:"LN1001"}}){items{sku ... on ConfigurableProduct{configurable_options{values{uid}} options{required title ... on CustomizableRadioOption{radio: value{uid}} ... on CustomizableDropDownOption{dropdown: value{uid}}}}}}}',
      )
    ).json()
  ).data.products.items[0];
  const selected = [
    ...product.configurable_options.map((o) => o.values[0].uid),
    // Lenses need an index, which is not a required option since the frame alone is sold (ADR 035).
    ...product.options.filter((o) => o.required || o.title === 'Lens index').map((o) => (o.radio ?? o.dropdown)[0].uid),
  ];
  const id = token
    ? (await (await gqlPost('{customerCart{id}}', undefined, token)).json()).data.customerCart.id
    : (await (await gqlPost('mutation{createGuestCart{cart{id}}}')).json()).data.createGuestCart.cart.id;
  const added = await (
    await gqlPost(
      'mutation($c:String!,$o:[ID!]){addProductsToCart(cartId:$c,cartItems:[{sku:"LN1001",quantity:1,selected_options:$o}]){user_errors{message}}}',
      {
        c: id,
        o: selected,
      },
      token,
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
    )} req/s  ${r.errors} errors  ${r.count ? Math.round((100 * (r.hits ?? 0)) / r.count) : 0}% kept  cpu server ${Number.isNaN(r.serverCores) ? '  - ' : `${r.serverCores.toFixed(2)} (${((r.serverCores * 1000) / r.rps).toFixed(2)} ms a request)`} client ${r.clientCores.toFixed(2)}${hello ? `  ×hello p50 ${(r.p50 / hello.p50).toFixed(1)}, p95 ${(r.p95 / hello.p95).toFixed(1)}` : ''}`;
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `work(query)` on the shop's database while no server has it open (PGlite: its folder) or beside
 * the servers (PostgreSQL): raising stock before the checkout phase, verifying its orders after.
 */
async function withDatabase(dataDir, databaseUrl, work) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work((sql, params) => client.query(sql, params));
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: join(dataDir, 'db') });
  try {
    return await work((sql, params) => db.query(sql, params));
  } finally {
    await db.close();
  }
}

/** Starts the shop on one engine, measures it paired with the hello world, stops both; returns the figures. */
async function benchEngine(engine, env) {
  let hello;
  let floor;
  let second;
  const dataDir = mkdtempSync(join(tmpdir(), 'eyewear-bench-'));
  const serverEnv = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ...env };
  try {
    console.log(`\n== ${engine} ==`);
    const first = await startChild(serverArgs, serverEnv, 'Shop ready');
    console.log(`seed + start (empty database): ${(first.ms / 1000).toFixed(1)} s`);
    await stop(first.child);
    if (PHASES.has('checkout')) await withDatabase(dataDir, serverEnv.DATABASE_URL, (query) => query(RAISE_STOCK_SQL));
    second = await startChild(serverArgs, serverEnv, 'Shop ready');
    console.log(`start on existing data:        ${(second.ms / 1000).toFixed(1)} s`);
    hello = await startChild(['scripts/bench-hello-yoga.mjs'], { PORT: process.env.BENCH_HELLO_PORT ?? '0' }, 'ready ');
    const helloUrl = `http://127.0.0.1:${/ready (\d+)/.exec(hello.text)[1]}`;
    floor = await startChild(['scripts/bench-node-floor.mjs'], { PORT: '0' }, 'ready ');
    const floorUrl = `http://127.0.0.1:${/ready (\d+)/.exec(floor.text)[1]}`;
    const pid = second.child.pid;

    // Warm-up: every path once, and one cart per client.
    const carts = [];
    for (let i = 0; i < CLIENTS; i++) carts.push(await cartWithAFrame());
    // A signed-in customer per client, with one frame in their cart (ADR 034: kept under their token, the token checked).
    const customers = [];
    if (PHASES.has('customer')) for (let i = 0; i < CLIENTS; i++) customers.push(await customerToken(i));
    for (const token of customers) await cartWithAFrame(token);
    for (const url of [base, helloUrl]) await (await gqlGet(url, url === base ? LISTING : '{hello}')).json();
    await (await gqlGet(base, CART, { id: carts[0] })).json();
    await (await gqlPost(LISTING)).json();
    await new Promise((r) => setTimeout(r, 2000));
    const idleRss = rssMb(pid);

    // The hello world's own CPU per request too: what "as cheap as hello world" compares with.
    const helloPhase = () => phase('yoga hello world GET', { urls: [getUrl(helloUrl, '{hello}')] }, hello.child.pid);
    const hellos = [await helloPhase()];
    const nodeFloor = await phase('Node http, fixed 8 kB body (floor)', { urls: [`${floorUrl}/graphql`] }, floor.child.pid);
    const listing = PHASES.has('listing') ? await phase('category listing GET (cached)', { urls: [getUrl(base, LISTING)] }, pid) : skipped;
    hellos.push(await helloPhase());
    const cart = PHASES.has('cart') ? await phase('cart GET (kept, stamp checked)', { urls: carts.map((id) => getUrl(base, CART, { id })) }, pid) : skipped;
    const customerCart = PHASES.has('customer')
      ? await phase(
          'customerCart GET (signed in, kept)',
          {
            urls: [`${base}/graphql`],
            turns: customers.map((token) => ({ path: `/graphql?query=${encodeURIComponent(CUSTOMER_CART)}`, headers: { Authorization: `Bearer ${token}` } })),
          },
          pid,
        )
      : skipped;
    const cartPost = PHASES.has('cartpost')
      ? await phase('cart POST (never kept)', postLoad(carts.map((id) => ({ query: CART, variables: { id } }))), pid)
      : skipped;
    const uncached = PHASES.has('uncached') ? await phase('category listing POST (uncached)', postLoad([{ query: LISTING }]), pid) : skipped;
    hellos.push(await helloPhase());
    let checkout = null;
    if (PHASES.has('checkout')) {
      await new Promise((done) => setTimeout(done, SETTLE_MS));
      checkout = await checkoutPhase(base, pid, { shoppers: SHOPPERS, each: CHECKOUTS_PER_SHOPPER });
    }
    const pair = { p50: median(hellos.map((h) => h.p50)), p95: median(hellos.map((h) => h.p95)) };

    console.log(
      `${CLIENTS} concurrent clients × ${REQUESTS_PER_CLIENT} requests a phase (POSTs ${POST_REQUESTS_PER_CLIENT}), after ${WARMUP_PER_CLIENT} each not measured; loopback, keep-alive (autocannon, its own process):`,
    );
    console.log(row(nodeFloor));
    for (const h of hellos) console.log(row(h));
    for (const r of [listing, cart, customerCart, cartPost, uncached].filter((r) => r !== skipped)) console.log(row(r, pair));
    for (const r of [nodeFloor, ...hellos, listing, cart, customerCart, cartPost, uncached]) {
      for (const [kind, count] of r.failures ?? []) console.log(`  ${r.name} failed ${count}×: ${kind}`);
    }
    const peakRss = Math.max(listing.peakRss, cart.peakRss, customerCart.peakRss, cartPost.peakRss, uncached.peakRss);
    console.log(`hello world median of ${hellos.length} runs: p50 ${pair.p50.toFixed(1)} ms, p95 ${pair.p95.toFixed(1)} ms`);
    console.log(`server RSS: idle ${idleRss.toFixed(0)} MB, peak under load ${peakRss.toFixed(0)} MB`);
    if (checkout) {
      const load = loadavg()[0];
      // PGlite's folder is the server's alone while it runs: the orders are read once it has stopped.
      if (!serverEnv.DATABASE_URL) await stop(second.child);
      const verified = await withDatabase(dataDir, serverEnv.DATABASE_URL, (query) => verifyOrders(query, checkout.all, []));
      checkout.lines = checkoutReport(checkout, verified);
      checkout.load = load;
      console.log(`checkout phase (guest checkouts over HTTP, GraphQL; load average at its end ${load.toFixed(1)}):`);
      for (const l of checkout.lines) console.log(`  ${l}`);
    }
    const msPerRequest = (r) => (r.serverCores * 1000) / r.rps;
    const helloCpu = median(hellos.map(msPerRequest));
    return {
      engine,
      nodeFloor,
      listing,
      cart,
      customerCart,
      cartPost,
      uncached,
      pair,
      idleRss,
      peakRss,
      load: loadavg()[0],
      checkout,
      cpu: {
        listing: msPerRequest(listing),
        cart: msPerRequest(cart),
        customerCart: msPerRequest(customerCart),
        cartPost: msPerRequest(cartPost),
        hello: helloCpu,
      },
    };
  } finally {
    if (hello) await stop(hello.child);
    if (floor) await stop(floor.child);
    if (second) await stop(second.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const results = [];
console.log(
  `server: ${compiled ? `compiled (node ${[...serveFlags, 'dist/.server/main.js'].join(' ')})` : 'sources through tsx (run npm run build to measure the compiled server)'}`,
);
console.log(
  `client: autocannon ${JSON.parse(readFileSync('node_modules/autocannon/package.json', 'utf8')).version} in its own process (scripts/bench-load.mjs), one per phase; its CPU is shown per phase`,
);
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
console.log(
  'engine                                | listing GET cached        | cart GET                  | customerCart GET          | hello p50/p95 | Node floor p50/p95 | RSS idle/loaded',
);
for (const r of results) {
  const cell = (x) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)} ×${(x.p95 / r.pair.p95).toFixed(1)}`.padEnd(25);
  console.log(
    `${r.engine.padEnd(37)} | ${cell(r.listing)} | ${cell(r.cart)} | ${r.customerCart.count ? cell(r.customerCart) : '-'.padEnd(25)} | ${`${r.pair.p50.toFixed(1)} / ${r.pair.p95.toFixed(1)}`.padEnd(13)} | ${`${r.nodeFloor.p50.toFixed(1)} / ${r.nodeFloor.p95.toFixed(1)}`.padEnd(18)} | ${r.idleRss.toFixed(0)} / ${r.peakRss.toFixed(0)} MB`,
  );
  console.log(
    `  server CPU a request: listing ${r.cpu.listing.toFixed(2)} ms, cart ${r.cpu.cart.toFixed(2)} ms, customerCart ${r.cpu.customerCart.toFixed(2)} ms (never kept: ${r.cpu.cartPost.toFixed(2)} ms), hello world ${r.cpu.hello.toFixed(2)} ms (its own process)`,
  );
  console.log(
    `  load average (1 min) at the end: ${r.load.toFixed(1)}; goals: cached listing p95 ≤ ${GOALS.listing} ms ${r.listing.p95 <= GOALS.listing ? 'met' : 'NOT met'}; cart p95 ≤ ${GOALS.cart} ms ${r.cart.p95 <= GOALS.cart ? 'met' : 'NOT met'}; customerCart p95 ≤ ${GOALS.cart} ms ${r.customerCart.p95 <= GOALS.cart ? 'met' : 'NOT met'}; RSS ≤ 250 MB idle ${r.idleRss <= 250 ? 'met' : 'NOT met'}, ≤ 400 MB loaded ${r.peakRss <= 400 ? 'met' : 'NOT met'}`,
  );
  if (r.checkout) console.log(`  checkout (load average ${r.checkout.load.toFixed(1)}):\n${r.checkout.lines.map((l) => `    ${l}`).join('\n')}`);
}
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
