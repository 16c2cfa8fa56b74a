// `npm run bench`'s checkout phase (ADR 038): whole guest checkouts over HTTP (scripts/guest-checkout.mjs),
// first by one shopper alone (the reference of the same run), then by N concurrent shoppers, with
// /health sampled meanwhile; the server's CPU read from /proc. The orders are verified from the
// database by the caller once the phase is over (verifyOrders).
import { readFileSync } from 'node:fs';
import { frameChoice, guestCheckout } from './guest-checkout.mjs';

/** The frames each checkout adds: one unit of each (two lines). Their stock is raised before the phase (`raiseStock`). */
export const CHECKOUT_FRAMES = ['LN1001', 'LN1003'];

/** Raises every variant's stock so that hundreds of checkouts never run out (the bench measures speed, not the last unit). */
export const RAISE_STOCK_SQL = "UPDATE catalog_product SET qty = 1000000, stock_status = 'IN_STOCK' WHERE type_id = 'simple'";

const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Samples GET /health every `everyMs` until stopped: its latencies. */
function sampleHealth(base, everyMs) {
  const latencies = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/health`);
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - started);
        else failures++;
      } catch {
        failures++;
      }
      await new Promise((done) => setTimeout(done, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { latencies, failures };
  };
}

/**
 * `shoppers` concurrent shoppers, each running `each` checkouts one after another; answers every
 * checkout (with its cart id for the verification), the throughput, placeOrder's latencies, /health's,
 * and the server's CPU milliseconds per checkout.
 */
async function run(base, pid, frames, shoppers, each, tag) {
  const timings = {};
  const checkouts = [];
  const failures = [];
  const stopHealth = sampleHealth(base, 50);
  const cpuBefore = pid ? cpuSeconds(pid) : NaN;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: shoppers }, async (_, s) => {
      for (let i = 0; i < each; i++) {
        const email = `${tag}-${s}-${i}@example.com`;
        try {
          const outcome = await guestCheckout(base, frames, { email, timings });
          checkouts.push({ ...outcome, email, variantSkus: frames.map((f) => f.variantSku) });
        } catch (error) {
          failures.push(error.message);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : NaN;
  const health = await stopHealth();
  const place = timings.PlaceOrder ?? [];
  return {
    shoppers,
    checkouts,
    failures,
    seconds,
    perSecond: checkouts.length / seconds,
    placeOrder: { p50: percentile(place, 50), p95: percentile(place, 95) },
    health: { p50: percentile(health.latencies, 50), p95: percentile(health.latencies, 95), samples: health.latencies.length, failures: health.failures },
    cpuMsPerCheckout: (cpu * 1000) / Math.max(1, checkouts.length),
  };
}

/**
 * The phase: 3 checkouts not measured (V8 compiling the paths), a lone shopper's `lone` checkouts,
 * then `shoppers` concurrent shoppers × `each` checkouts.
 */
export async function checkoutPhase(base, pid, { shoppers = 30, each = 2, lone = 8 } = {}) {
  const frames = [];
  for (const sku of CHECKOUT_FRAMES) frames.push(await frameChoice(base, sku));
  const warm = await run(base, pid, frames, 1, 3, 'warm');
  const alone = await run(base, pid, frames, 1, lone, 'alone');
  const crowd = await run(base, pid, frames, shoppers, each, 'crowd');
  return { frames, warm, alone, crowd, all: [...warm.checkouts, ...alone.checkouts, ...crowd.checkouts] };
}

/** The phase's lines for the bench's output. */
export function checkoutReport(result, verified) {
  const { alone, crowd } = result;
  const line = (r, name) =>
    `${name.padEnd(26)} ${String(r.checkouts.length).padStart(4)} checkouts in ${r.seconds.toFixed(1).padStart(5)} s = ${r.perSecond.toFixed(2).padStart(5)}/s  placeOrder p50 ${r.placeOrder.p50.toFixed(0).padStart(5)} ms p95 ${r.placeOrder.p95.toFixed(0).padStart(5)} ms  /health p50 ${r.health.p50.toFixed(1)} ms p95 ${r.health.p95.toFixed(1)} ms (${r.health.samples} samples)  server CPU ${r.cpuMsPerCheckout.toFixed(0)} ms a checkout  ${r.failures.length} failed`;
  return [
    line(alone, 'lone shopper'),
    line(crowd, `${crowd.shoppers} concurrent shoppers`),
    `throughput ratio ${(crowd.perSecond / alone.perSecond).toFixed(1)}× (goal ≥ 8×); placeOrder p95 ratio ${(crowd.placeOrder.p95 / alone.placeOrder.p95).toFixed(1)}× (goal ≤ 10×); /health p95 ${crowd.health.p95.toFixed(1)} ms (goal ≤ 50 ms)`,
    `verified from the database: ${verified.orders} orders for ${result.all.length} checkouts, ${verified.lost} lost, ${verified.doubled} doubled, ${verified.wrong.length} wrong${verified.wrong.length ? `: ${verified.wrong.slice(0, 5).join(' | ')}` : ''}`,
    ...[...new Set([...alone.failures, ...crowd.failures])].slice(0, 5).map((f) => `  failed: ${f}`),
  ];
}
