import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { acquireDataDirLock, LOCK_FILE } from '../src/db/data-dir-lock';
import { openDatabase } from '../src/db/database';
import * as kit from './commerce-test-kit';
import type { TestBackend } from './test-backend';

// Several backend processes: on one PGlite folder the second refuses to start (issue 18); on one
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
    const database = `lunette_two_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(postgresUrl!);
    url.pathname = `/${database}`;
    try {
      const [a, b] = await Promise.all([startProcess({ DATABASE_URL: url.toString() }), startProcess({ DATABASE_URL: url.toString() })]);
      // The kit reads product options from the database; the processes answer everything else.
      const db = await openDatabase({ url: url.toString() });
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

      // Issue 18: a purge reaches every process's answer cache. A keeps the frame's answer; the order
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
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
