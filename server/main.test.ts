import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('issue 18: the server stops gracefully', () => {
  it('on SIGTERM answers every request in flight, closes the database, exits 0 and takes no new connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunette-drain-'));
    const dataDir = join(dir, 'data');
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
});
