import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seededTemplate } from '../backend/test/test-backend';

/**
 * A data folder holding a copy of the backend tests' seeded database (`DATA_DIR/db`, as the server
 * opens it): what these tests prove (a graceful stop, the folder's lock) does not depend on a first
 * start seeding an empty folder, which costs seconds of CPU a server (the contract tests cover it).
 */
async function seededDataDir(dir: string): Promise<string> {
  const dataDir = join(dir, 'data');
  cpSync(await seededTemplate('all-modules', undefined), join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

describe('the server stops gracefully', () => {
  it('on SIGTERM answers every request in flight, closes the database, exits 0 and takes no new connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunette-drain-'));
    const dataDir = await seededDataDir(dir);
    // A build of its own (the unit gate runs before npm run build): the shell alone, no server render.
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Lunette</title><div id="root"></div>');
    const port = 4700 + Math.floor(Math.random() * 100);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: join(dir, 'dist'), LOG_LEVEL: 'info', VITEST: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let out = '';
      await new Promise<void>((ready, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Shop ready')) ready();
        });
        child.once('exit', (code) => fail(new Error(`the server exited with ${code}: ${out}`)));
      });
      const query = '{products(filter:{category_uid:{eq:"Mw=="}},pageSize:12){items{sku description{html} price_range{minimum_price{final_price{value}}}}}}';
      // Connections opened first (kept alive by fetch), so the requests below are on the server when the signal comes.
      await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/health`).then((answer) => answer.text())));
      const inFlight = Array.from({ length: 20 }, () =>
        fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }).then(
          async (answer) => `${answer.status} ${(await answer.json()).errors ? 'errors' : 'data'}`,
          (error: Error) => `failed: ${error.message}`,
        ),
      );
      await new Promise((r) => setTimeout(r, 50));
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      child.kill('SIGTERM');
      expect(await Promise.all(inFlight)).toEqual(Array.from({ length: 20 }, () => '200 data'));
      expect(await exited).toBe(0);
      expect(out).toContain('SIGTERM: stopping');
      expect(out).toContain('"msg":"stopped"');
      await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a second server on the same PGlite folder refuses in one line, naming the process that has it, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunette-lock-'));
    const dataDir = await seededDataDir(dir);
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Lunette</title><div id="root"></div>');
    const start = (port: number) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: join(dir, 'dist'), LOG_LEVEL: 'info', VITEST: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output = { out: '', err: '' };
      child.stdout.on('data', (chunk: Buffer) => (output.out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output.err += chunk.toString()));
      return { child, output, exited: new Promise<number | null>((done) => child.once('exit', done)) };
    };
    const port = 4800 + Math.floor(Math.random() * 100);
    const first = start(port);
    try {
      await expect.poll(() => first.output.out, { timeout: 60_000, interval: 200 }).toContain('Shop ready');
      const second = start(port + 1);
      expect(await second.exited).toBe(1);
      const lines = second.output.out
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
      const refusal = lines.find((line) => line.level === 60);
      expect(refusal?.msg).toMatch(new RegExp(`is in use by another process \\(pid ${first.child.pid} `));
      expect(refusal?.err).toBeUndefined();
      expect(`${second.output.out}${second.output.err}`).not.toContain('at acquireDataDirLock');
      // The first one still answers: the refusal took nothing from it.
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a shop on every interface with no PUBLIC_URL refuses to start in one line, before it opens a database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunette-origin-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, HOST: '0.0.0.0', PORT: '4899', PUBLIC_URL: '', TRUST_PROXY: '', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'info', VITEST: '' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      expect(await new Promise<number | null>((done) => child.once('exit', done))).toBe(1);
      const [line] = out
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as { level: number; msg: string });
      expect(line).toMatchObject({ level: 60, msg: expect.stringContaining('PUBLIC_URL is required when the shop listens on every interface (HOST=0.0.0.0)') });
      expect(existsSync(join(dir, 'data'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
