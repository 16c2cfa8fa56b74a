// One latency phase of `npm run bench` (scripts/bench-backend.mjs), in its own process so the load
// generator does not share the bench's event loop: autocannon (a devDependency) keeps `connections`
// keep-alive sockets busy until `amount` requests are answered, each connection with its own URL
// (e.g. its own cart's id), or POST `bodies` or `turns` (path, headers) in turn. Reads its phase as JSON in argv[2]; prints one JSON line: every
// latency's percentiles, req/s, failures by cause, and the CPU this process and the measured one
// (`pid`, read from /proc) spent meanwhile.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

const spec = JSON.parse(process.argv[2]);
/** CPU seconds (user + system) a process has used so far (USER_HZ 100). */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const latencies = [];
let sent = 0;
/** Answers sent from what the server kept (ADR 016's HIT, ADR 034's private HIT). */
let hits = 0;
const failures = new Map();
const failed = (kind) => failures.set(kind, (failures.get(kind) ?? 0) + 1);
/** The phase's requests (method, POST bodies or turns taken in turn, what counts as a failure). */
const options = (amount) => ({
  url: spec.urls,
  connections: spec.connections,
  amount,
  timeout: 30,
  headers: spec.headers,
  requests: [
    {
      method: spec.method ?? 'GET',
      // POST bodies, or paths and headers (a customer's token), taken in turn: one request built per request.
      ...(spec.bodies ? { setupRequest: (req) => ({ ...req, body: spec.bodies[sent++ % spec.bodies.length] }) } : {}),
      ...(spec.turns
        ? {
            setupRequest: (req) => {
              const turn = spec.turns[sent++ % spec.turns.length];
              return { ...req, ...turn, headers: { ...req.headers, ...turn.headers } };
            },
          }
        : {}),
      // A 200 with GraphQL errors is a failure too, counted by its first message.
      onResponse: (status, body, _context, headers) => {
        if (warming) return;
        for (const [name, value] of Object.entries(headers ?? {}))
          if (value === 'HIT' && /^x-(lunette-private-answer|magento-cache-debug)$/i.test(name)) hits++;
        if (status !== 200) failed(`HTTP ${status}: ${String(body).slice(0, 80)}`);
        else if (body.includes('"errors":')) failed(`HTTP 200: ${/"message":"([^"]{0,120})/.exec(body)?.[1] ?? 'errors'}`);
      },
    },
  ],
});
// Warm-up (not measured): the same requests, `warmup` per connection, so that the latencies are the
// server's steady state, not V8 compiling its hot paths nor the first answers' caches filling
// (a fresh raw Node server's p95 over 2,000 requests was 10–14 ms without it, 4 ms after).
let warming = Boolean(spec.warmup);
if (warming) await autocannon(options(spec.connections * spec.warmup));
warming = false;
const serverCpu = spec.pid ? cpuSeconds(spec.pid) : 0;
const clientCpu = ownCpuSeconds();
const instance = autocannon(options(spec.amount));
// The phase's time: from its first request sent to its last answer. autocannon's own start and finish
// are whole ticks of its 1 s sampler: a 2,000-request phase "lasted" 1 s however fast it went.
let firstSent = Infinity;
let lastAnswered = 0;
instance.on('response', (_client, _status, _bytes, ms) => {
  const now = performance.now();
  firstSent = Math.min(firstSent, now - ms);
  lastAnswered = now;
  latencies.push(ms);
});
// A phase stops sending at its deadline (a starved server): what was answered is reported, the rest counted as not sent.
const deadline = setTimeout(() => instance.stop(), spec.deadlineMs ?? 120_000);
instance.on('reqError', (error) => failed(`client: ${error.code ?? error.name}: ${String(error.message).slice(0, 80)}`));
const result = await instance;
const seconds = Math.max(lastAnswered - firstSent, 1) / 1000;
clearTimeout(deadline);
if (result.timeouts) failed(`client: ${result.timeouts} timeouts`);
if (latencies.length < spec.amount)
  failed(`not sent or not answered by the deadline (${(spec.deadlineMs ?? 120_000) / 1000} s): ${spec.amount - latencies.length}`);
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
process.stdout.write(
  `${JSON.stringify({
    count: latencies.length,
    rps: latencies.length / seconds,
    hits,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    errors: [...failures.values()].reduce((a, b) => a + b, 0),
    failures: [...failures],
    serverCores: spec.pid ? (cpuSeconds(spec.pid) - serverCpu) / seconds : null,
    clientCores: (ownCpuSeconds() - clientCpu) / seconds,
  })}\n`,
);
