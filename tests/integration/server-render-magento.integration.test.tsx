/**
 * The server render through `MAGENTO_BACKEND_URL`: the shop's GraphQL goes over HTTP to
 * another process (the embedded backend run alone, as a stand-in for a Magento store).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverGraphqlFetch } from '../../server/backend-graphql';
import { renderShopPage } from '../../src/app/server-render';

let backend: ChildProcess;
let magentoUrl: string;
const dataDir = mkdtempSync(join(tmpdir(), 'ssr-magento-'));

beforeAll(async () => {
  backend = spawn(process.execPath, ['--import', 'tsx', 'server/backend-process.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, BACKEND_EXIT_WITH_PARENT: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  magentoUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    backend.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /BACKEND_READY (\S+)/.exec(out);
      if (ready?.[1]) resolve(ready[1]);
    });
    backend.on('exit', (code) => reject(new Error(`the backend process ended (${code}) before it was ready:\n${out}`)));
  });
}, 180_000);

afterAll(() => {
  backend?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

const ORIGIN = 'https://shop.example';
const render = (url: string) => renderShopPage({ url, origin: ORIGIN, fetch: serverGraphqlFetch(null, magentoUrl)(ORIGIN) });

describe('server render through MAGENTO_BACKEND_URL', () => {
  it('renders a product page from the remote store', async () => {
    const result = await render('/ca/aurora-cat-eye.html');
    expect(result.kind).toBe('page');
    if (result.kind !== 'page') return;
    expect(result.status).toBe(200);
    expect(result.html).toMatch(/<h1[^>]*>Aurora Cat-Eye<\/h1>/);
    expect(result.head.canonical).toBe('https://shop.example/ca/aurora-cat-eye.html');
  });

  it('answers not found with 404 and a route redirect with its code', async () => {
    const missing = await render('/ca/no-such-frame.html');
    expect(missing.kind === 'page' && missing.status).toBe(404);
    expect(await render('/ca/glasses.html')).toEqual({ kind: 'redirect', status: 301, location: '/ca/eyeglasses.html' });
  });
});
