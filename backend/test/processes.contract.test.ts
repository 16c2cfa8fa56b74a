import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { RAISE_STOCK_SQL } from '../../scripts/bench-checkout.mjs';
import { frameChoice, guestCheckout, verifyOrders, type CheckoutOutcome } from '../../scripts/guest-checkout.mjs';
import { startBalancer } from '../../scripts/loopback-balancer.mjs';
import { acquireDataDirLock, LOCK_FILE } from '../src/db/data-dir-lock';
import { openDatabase } from '../src/db/database';
import * as kit from './commerce-test-kit';
import type { TestBackend } from './test-backend';

// Several backend processes: on one PGlite folder the second refuses to start; on one
// PostgreSQL database (DATABASE_URL, the PostgreSQL suite) they share carts.
const FIXTURE = join(import.meta.dirname, 'fixtures', 'backend-process.ts');
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  url: string;
}

/** Starts a backend process; resolves with its URL, or rejects with what it printed when it exits first. */
function startProcess(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening (\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.on('exit', (code) => {
      running.delete(child);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

afterAll(async () => {
  await Promise.all([...running].map(stopProcess));
});

const postgresUrl = process.env.DATABASE_URL?.trim();

/** Runs `work` with the URL of a new empty database on DATABASE_URL's server, dropped afterwards. */
async function onFreshDatabase(prefix: string, work: (url: string) => Promise<void>): Promise<void> {
  const database = `lunette_${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${database}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

describe.skipIf(postgresUrl)('a PGlite data folder is one process’s', () => {
  it('a second process on the same folder refuses to start, naming the process that has it', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'eyewear-lock-')), 'db');
    const first = await startProcess({ DATA_DIR: dataDir });
    const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(first.child.pid);
    const second = await startProcess({ DATA_DIR: dataDir }).catch((error: Error) => error.message);
    expect(second).toMatch(/^exited with 1: /);
    expect(second).toContain(`is in use by another process (pid ${first.child.pid}`);
    expect(second).toContain('DATABASE_URL');
    await stopProcess(first.child);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  }, 120_000);

  it('a lock left by a process that is gone is stale and taken over; a live one is not', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'eyewear-stale-'));
    const file = join(dataDir, LOCK_FILE);
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const record = (pid: number) => JSON.stringify({ pid, host: hostname(), since: '2026-01-01T00:00:00Z' });
    writeFileSync(file, record(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(`is in use by another process (pid ${process.ppid}`);
    writeFileSync(file, record(dead!));
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(() => acquireDataDirLock(dataDir)).toThrow(/already open in this process/);
    lock.release();
    expect(existsSync(file)).toBe(false);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL database', () => {
  it('both start on one empty database (one migrates and seeds); a cart made through one is read and changed through the other; a purge in one reaches the other', async () => {
    await onFreshDatabase('two', async (url) => {
      const [a, b] = await Promise.all([startProcess({ DATABASE_URL: url }), startProcess({ DATABASE_URL: url })]);
      // The kit reads product options from the database; the processes answer everything else.
      const db = await openDatabase({ url });
      const via = (p: Started) =>
        ({
          backend: { db },
          gql: async (query: string, variables = {}, headers = {}) => {
            const res = await fetch(`${p.url}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...headers },
              body: JSON.stringify({ query, variables }),
            });
            return { status: res.status, headers: res.headers, ...((await res.json()) as object) };
          },
        }) as unknown as TestBackend;
      const cartId = await kit.guestCart(via(a));
      expect(await kit.addAurora(via(b), cartId, 2)).toEqual([]);
      expect(await kit.addAurora(via(a), cartId, 1)).toEqual([]);
      const read = await via(b).gql<{ cart: { total_quantity: number } }>('query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: cartId });
      expect(read.data?.cart.total_quantity).toBe(3);

      // ADR 034: A keeps the guest's cart answer; a change made through B shows through A at once
      // (A reads the cart's version before sending what it kept), with no purge message needed.
      const cartGet = async (p: Started) => {
        const params = new URLSearchParams({ query: 'query ($c: String!) { cart(cart_id: $c) { total_quantity } }', variables: JSON.stringify({ c: cartId }) });
        const res = await fetch(`${p.url}/graphql?${params}`);
        const body = (await res.json()) as { data: { cart: { total_quantity: number } } };
        return { kept: res.headers.get('x-lunette-private-answer') === 'HIT', quantity: body.data.cart.total_quantity };
      };
      await cartGet(a);
      expect(await cartGet(a)).toEqual({ kept: true, quantity: 3 });
      expect(await kit.addAurora(via(b), cartId, 1)).toEqual([]);
      expect(await cartGet(a)).toEqual({ kept: false, quantity: 4 });

      // A purge reaches every process's answer cache. A keeps the frame's answer; the order
      // placed through B takes stock (a catalog write in B), and A answers afresh.
      const frame = (p: Started) => fetch(`${p.url}/graphql?query=${encodeURIComponent('{products(filter:{sku:{eq:"LN1001"}}){items{sku stock_status}}}')}`);
      await frame(a);
      expect((await frame(a)).headers.get('x-magento-cache-debug')).toBe('HIT');
      await kit.readyForOrder(via(b), cartId);
      const placed = await via(b).gql<{ placeOrder: { order: { order_number: string } | null } }>(kit.PLACE_ORDER, { c: cartId });
      expect(placed.data?.placeOrder.order?.order_number).toBeTruthy();
      await vi.waitFor(async () => expect((await frame(a)).headers.get('x-magento-cache-debug')).toBe('MISS'), { timeout: 10_000, interval: 50 });
      await db.close();
      await Promise.all([stopProcess(a.child), stopProcess(b.child)]);
    });
  }, 120_000);
});

describe.skipIf(!postgresUrl)('a server process killed in the middle of checkouts (ADR 038, ADR 011)', () => {
  it('two processes behind a loopback balancer, one killed with SIGKILL while shoppers check out: no order lost or doubled, every shopper ends on the truth', async () => {
    await onFreshDatabase('kill', async (url) => {
      const [a, b] = await Promise.all([startProcess({ DATABASE_URL: url }), startProcess({ DATABASE_URL: url })]);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      await db.query(RAISE_STOCK_SQL);
      const targets = [a, b].map((p) => ({ host: '127.0.0.1', port: Number(new URL(p.url).port) }));
      const balancer = await startBalancer(targets);
      const base = `http://127.0.0.1:${balancer.port}`;
      const frames = [await frameChoice(base, 'LN1001'), await frameChoice(base, 'LN1003')];

      // 12 shoppers, 3 checkouts each, one after another; process A is killed once 6 orders exist,
      // with the other shoppers' requests in flight on both processes.
      const shoppers = 12;
      const each = 3;
      const outcomes: (CheckoutOutcome & { email: string; variantSkus: string[] })[] = [];
      const failures: string[] = [];
      let killedAt = -1;
      const killer = (async () => {
        for (;;) {
          // Every checkout ended (they all failed, say) before 6 orders: nothing left to kill A in the middle of.
          if (outcomes.length + failures.length === shoppers * each) return;
          const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales_order');
          if (rows[0]!.n >= 6) break;
          await new Promise((done) => setTimeout(done, 20));
        }
        killedAt = outcomes.length;
        a.child.kill('SIGKILL');
      })();
      await Promise.all(
        Array.from({ length: shoppers }, async (_, s) => {
          for (let i = 0; i < each; i++) {
            const email = `drill-${s}-${i}@example.com`;
            try {
              outcomes.push({ ...(await guestCheckout(base, frames, { email })), email, variantSkus: frames.map((f) => f.variantSku) });
            } catch (error) {
              failures.push((error as Error).message);
            }
          }
        }),
      );
      await killer;
      const verified = await verifyOrders((sql, params) => db.query(sql, params), outcomes, []);
      const lostAnswers = outcomes.reduce((n, o) => n + o.lost, 0);
      const unnamed = outcomes.filter((o) => o.placed && !o.orderNumber).length;
      console.log(
        `kill-one-process drill: ${shoppers * each} checkouts attempted, process A killed after ${killedAt} had ended; ${outcomes.length} ended, ${failures.length} failed; ` +
          `${verified.orders} orders in the database, ${verified.lost} lost, ${verified.doubled} doubled, ${verified.wrong.length} wrong; ` +
          `${lostAnswers} answers lost and asked about, ${unnamed} orders found by asking (ADR 011); connections given A/B: ${balancer.given.join('/')}`,
      );
      expect(failures).toEqual([]);
      expect(verified.wrong).toEqual([]);
      expect({ lost: verified.lost, doubled: verified.doubled }).toEqual({ lost: 0, doubled: 0 });
      expect(outcomes.every((o) => o.placed)).toBe(true);
      expect(verified.orders).toBe(shoppers * each);
      expect(a.child.signalCode).toBe('SIGKILL');
      await balancer.close();
      await stopProcess(b.child);
      await db.end();
    });
  }, 180_000);
});
