import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaCacheControl } from '../backend/src/modules/catalog/media.routes';
import { contentSecurityPolicy, createShopServer, readiness, SECURITY_HEADERS, type ShopServer } from './app';
import { readServerConfig } from './config';
import { accessLog, createLogger, type Logger } from './logger';
import { serverRenderedPages } from './page-render';

/** A logger whose JSON lines the test reads. */
function capturedLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ level: 'info', destination });
  return {
    logger,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** Listens on a free port: the shop through its front door (`shop.listen`), or a bare Express app. */
const listen = (app: { listen(port: number, host: string, ready: () => void): Server }) =>
  new Promise<{ server: Server; url: string }>((done) => {
    const server = app.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });

/** A port nothing listens on. */
async function closedPort(): Promise<string> {
  const { server, url } = await listen(express());
  await new Promise((done) => server.close(done));
  return url;
}

describe('operations of the shop server in proxy mode', () => {
  it('/health answers JSON from the process itself; /ready asks Magento, and an unreachable one is logged', async () => {
    const magento = await listen(express().use((_req, res) => res.json({ data: { __typename: 'Query' } })));
    const captured = capturedLogger();
    const shop = await createShopServer(readServerConfig({ PORT: '0', MAGENTO_BACKEND_URL: magento.url }), null, { logger: captured.logger });
    const { server, url } = await listen(shop);
    try {
      const health = await fetch(`${url}/health`);
      expect(health.headers.get('content-type')).toContain('application/json');
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${url}/ready`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', checks: { magento: 'ok' } }]);
    } finally {
      server.close();
      magento.server.close();
    }

    const gone = await closedPort();
    const down = capturedLogger();
    const lonely = await createShopServer(readServerConfig({ PORT: '0', MAGENTO_BACKEND_URL: gone }), null, { logger: down.logger });
    const lonelyServer = await listen(lonely);
    try {
      const ready = await fetch(`${lonelyServer.url}/ready`);
      expect(ready.status).toBe(503);
      // "not ready" is what /ready is for: a warning, not a server error
      expect(down.lines().find((line) => line.msg === 'GET /ready 503')).toMatchObject({ level: 40 });
      const proxied = await fetch(`${lonelyServer.url}/graphql?query=%7BstoreConfig%7Bcode%7D%7D`);
      expect(proxied.status).toBe(502);
      expect(await proxied.json()).toEqual({ message: 'The store cannot be reached.' });
      const logged = down.lines().find((line) => String(line.msg).startsWith('Magento proxy'));
      expect(logged).toMatchObject({ level: 50, code: 'ECONNREFUSED', path: '/graphql', msg: 'Magento proxy: unreachable' });
    } finally {
      lonelyServer.server.close();
    }
  });

  it('a Magento that does not answer in time is logged and answered 504, not left hanging', async () => {
    const silent = await listen(express().use(() => undefined)); // takes the request, never answers
    const captured = capturedLogger();
    const shop = await createShopServer(readServerConfig({ PORT: '0', MAGENTO_BACKEND_URL: silent.url }), null, {
      logger: captured.logger,
      proxyTimeoutMs: 300,
    });
    const { server, url } = await listen(shop);
    try {
      const answer = await fetch(`${url}/graphql?query=%7BstoreConfig%7Bcode%7D%7D`);
      expect(answer.status).toBe(504);
      expect(await answer.json()).toEqual({ message: 'The store did not answer in time.' });
      expect(captured.lines().find((line) => String(line.msg).startsWith('Magento proxy'))).toMatchObject({
        level: 50,
        msg: 'Magento proxy: no answer in time',
      });
    } finally {
      server.close();
      silent.server.closeAllConnections();
      silent.server.close();
    }
  });

  it('logs one access line per request (id, method, path, status, ms) and never a token, a password or a query string', async () => {
    const magento = await listen(express().use((_req, res) => res.status(401).json({ message: 'no' })));
    const captured = capturedLogger();
    // The request id of a trusted front (here the test itself, on loopback) names the line.
    const shop = await createShopServer(readServerConfig({ PORT: '0', MAGENTO_BACKEND_URL: magento.url, TRUST_PROXY: 'loopback' }), null, {
      logger: captured.logger,
    });
    const { server, url } = await listen(shop);
    try {
      const answer = await fetch(`${url}/graphql?query=secret-cart-id&password=hunter2`, {
        headers: { Authorization: 'Bearer token-abc', Cookie: 'session=cookie-xyz', 'X-Request-Id': 'req-42' },
      });
      expect(answer.headers.get('x-request-id')).toBe('req-42');
      await fetch(`${url}/rest/V1/integration/customer/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'a@b.c', password: 'hunter2' }),
      });
    } finally {
      server.close();
      magento.server.close();
    }
    const access = captured.lines().filter((line) => line.req);
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({ req: { id: 'req-42', method: 'GET', path: '/graphql' }, res: { status: 401 }, msg: 'GET /graphql 401' });
    expect(typeof access[0]!.ms).toBe('number');
    expect(typeof (access[1]!.req as { id: unknown }).id).toBe('string');
    const text = JSON.stringify(captured.lines());
    for (const secret of ['token-abc', 'cookie-xyz', 'hunter2', 'secret-cart-id', 'a@b.c']) expect(text).not.toContain(secret);
  });

  it('logs a designed 5xx (a rendered error page, "not ready") as a warning without a made-up stack; any other 5xx as an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunette-log-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<html lang="en"><head><meta name="description" content="shell"><title>Lunette</title></head><body><div id="root"><div><div></div></div></div></body></html>',
    );
    const captured = capturedLogger();
    const app = express()
      .use(accessLog(captured.logger))
      .get('/broken', (_req, res) => void res.status(500).send('no'))
      .use(
        serverRenderedPages({
          indexHtml: join(dir, 'index.html'),
          manifest: {},
          render: () =>
            Promise.resolve({
              kind: 'page',
              status: 500,
              storeCode: 'ca',
              lang: 'en-CA',
              html: '<main><h1>Something went wrong</h1></main>',
              head: {
                title: 'Something went wrong',
                description: '',
                canonical: 'http://shop.test/ca/x.html',
                alternates: [],
                robots: 'noindex',
                openGraph: [],
                jsonLd: [],
              },
              pageModules: [],
              rendered: { storeConfig: { storeCode: 'ca', locale: 'en_CA', currency: 'CAD', secureBaseMediaUrl: '/media/' }, route: null, apollo: {} },
            }),
          graphql: () => fetch,
          publicOrigin: 'http://shop.test',
        }),
      );
    const { server, url } = await listen(app);
    try {
      expect((await fetch(`${url}/ca/x.html`)).status).toBe(500);
      expect((await fetch(`${url}/broken`)).status).toBe(500);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const [page, broken] = captured.lines().filter((line) => line.req);
    expect(page).toMatchObject({ level: 40, res: { status: 500 }, msg: 'GET /ca/x.html 500' });
    expect(page).not.toHaveProperty('err');
    expect(broken).toMatchObject({ level: 50, res: { status: 500 }, err: { message: 'failed with status code 500' } });
  });

  it('readiness fails when the database does not answer', async () => {
    const broken = { db: { query: () => Promise.reject(new Error('database closed')) } } as unknown as Parameters<typeof readiness>[0];
    expect(await readiness(broken, null)).toEqual({ ok: false, checks: { database: 'database closed' } });
  });
});

describe('the built shop with the embedded backend', () => {
  let dir: string;
  let shop: ShopServer;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lunette-ops-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Lunette</title><div id="root"></div>');
    shop = await createShopServer(readServerConfig({ PORT: '0', DATA_DIR: join(dir, 'data') }), join(dir, 'dist'), {
      logger: createLogger({ level: 'silent' }),
    });
    ({ server, url } = await listen(shop));
  });
  afterAll(async () => {
    server.close();
    await shop.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('/health and /ready are answered by the server, not by the SPA fallback', async () => {
    const health = await fetch(`${url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', checks: { database: 'ok' } }]);
    expect(await (await fetch(`${url}/ca/`)).text()).toContain('<div id="root">');
  });

  it('answers a repeated catalog GET over HTTP from the answer cache, the same as the first time; never with Authorization', async () => {
    const query = `${url}/graphql?query=${encodeURIComponent('{products(filter:{category_uid:{eq:"Mw=="}},pageSize:12){total_count items{sku name url_key small_image{url label}}}}')}`;
    const first = await fetch(query, { headers: { Store: 'fr' } });
    const second = await fetch(query, { headers: { Store: 'fr' } });
    expect([first.headers.get('x-magento-cache-debug'), second.headers.get('x-magento-cache-debug')]).toEqual(['MISS', 'HIT']);
    const body = await first.text();
    expect(await second.text()).toBe(body);
    expect(second.headers.get('content-encoding')).toBe('gzip'); // compressed once, kept with the answer
    const brotli = await fetch(query, { headers: { Store: 'fr', 'Accept-Encoding': 'br' } });
    expect([brotli.headers.get('content-encoding'), brotli.headers.get('vary')]).toEqual(['br', expect.stringContaining('Accept-Encoding')]);
    expect(await brotli.text()).toBe(body);
    for (const name of ['content-type', 'cache-control', 'x-magento-tags', 'x-magento-cache-id'])
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    const signedIn = await fetch(query, { headers: { Store: 'fr', Authorization: 'Bearer someone' } });
    expect(signedIn.headers.get('x-magento-cache-debug')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const other = await fetch(query, { headers: { Store: 'ca' } });
    expect(other.headers.get('x-magento-cache-debug')).toBe('MISS');
  });

  it('a forged X-Forwarded-Host changes no cached answer: the next shopper gets links on the real host', async () => {
    const query = `${url}/graphql?query=${encodeURIComponent('{storeConfig{store_code base_media_url secure_base_link_url}}')}`;
    const forged = await fetch(query, { headers: { Store: 'de', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' } });
    expect(await forged.text()).not.toContain('evil.example');
    const next = await fetch(query, { headers: { Store: 'de' } });
    expect(next.headers.get('x-magento-cache-debug')).toBe('HIT');
    const body = await next.text();
    expect(body).not.toContain('evil.example');
    expect(body).toContain(new URL(url).host);
  });

  it('refuses a GraphQL body over the limit with 413, in GraphQL error form', async () => {
    const big = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ storeConfig { store_code } }${' '.repeat(300_000)}` }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ errors: [{ message: 'The request is too large.' }] });
    const small = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Store: 'ca' },
      body: JSON.stringify({ query: '{ storeConfig { store_code } }' }),
    });
    expect(await small.json()).toEqual({ data: { storeConfig: { store_code: 'ca' } } });
  });

  it('sends the security headers with a CSP of its own origins on pages and backend answers', async () => {
    for (const path of ['/ca/', '/graphql?query=%7BstoreConfig%7Bstore_code%7D%7D', '/health']) {
      const answer = await fetch(`${url}${path}`);
      expect(answer.headers.get('permissions-policy'), path).toBe(SECURITY_HEADERS['Permissions-Policy']);
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).not.toContain("'unsafe-eval'");
    }
  });

  it('keeps media originals briefly, and a versioned media URL for a year', async () => {
    expect(mediaCacheControl({})).toBe('public, max-age=3600, stale-while-revalidate=86400');
    expect(mediaCacheControl({ v: '3f9a2c' })).toBe('public, max-age=31536000, immutable');
    expect(mediaCacheControl({ v: '../x' })).toContain('max-age=3600');
  });
});

describe('contentSecurityPolicy', () => {
  it("names the shop's own origins: itself, PUBLIC_URL and a proxied Magento (whose answers may name its media)", () => {
    const csp = contentSecurityPolicy({ publicOrigin: 'https://shop.example', magentoBackendUrl: 'https://magento.example/base' });
    expect(csp).toContain("img-src 'self' https://shop.example https://magento.example data: blob:");
    expect(csp).toContain("connect-src 'self' https://shop.example https://magento.example");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy({ publicOrigin: null, magentoBackendUrl: null })).toContain("default-src 'self';");
  });
});
