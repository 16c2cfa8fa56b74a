import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopServer, SECURITY_HEADERS, trustProxySetting } from './app';
import { readServerConfig } from './config';

/** A stand-in Magento that answers with the headers it received. */
async function echoServer(): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use((req, res) => res.json(req.headers));
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function shopIn(env: NodeJS.ProcessEnv, magento: string) {
  const shop = await createShopServer(readServerConfig({ PORT: '0', ...env, MAGENTO_BACKEND_URL: magento }), null);
  const server = await new Promise<Server>((done) => {
    const s = shop.listen(0, '127.0.0.1', () => done(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const headersSeenByMagento = (url: string, headers: Record<string, string>) =>
  new Promise<Record<string, string>>((resolve, reject) => {
    const req = httpRequest(`${url}/graphql?query=%7BstoreConfig%7Bcode%7D%7D`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body) as Record<string, string>));
    });
    req.on('error', reject);
    req.end();
  });

describe('the server drops proxy headers it has no reason to trust', () => {
  let magento: Awaited<ReturnType<typeof echoServer>>;
  const servers: Server[] = [];
  beforeAll(async () => {
    magento = await echoServer();
  });
  afterAll(() => {
    for (const server of [magento.server, ...servers]) server.close();
  });

  it('with no TRUST_PROXY a client-sent X-Forwarded-Host never reaches Magento: the proxy names the real host', async () => {
    const shop = await shopIn({}, magento.url);
    servers.push(shop.server);
    const seen = await headersSeenByMagento(shop.url, { 'X-Forwarded-Host': 'evil.example', Forwarded: 'host=evil.example', 'X-Forwarded-For': '6.6.6.6' });
    expect(JSON.stringify(seen)).not.toContain('evil.example');
    expect(seen['x-forwarded-for']).not.toContain('6.6.6.6');
    expect(seen['x-forwarded-host']).toBe(new URL(shop.url).host);
  });

  it("with TRUST_PROXY naming the client, its X-Forwarded-Host is kept (it is the shop's proxy)", async () => {
    const shop = await shopIn({ TRUST_PROXY: 'loopback' }, magento.url);
    servers.push(shop.server);
    const seen = await headersSeenByMagento(shop.url, { 'X-Forwarded-Host': 'shop.example' });
    expect(seen['x-forwarded-host']).toContain('shop.example');
  });
});

describe('security headers on every answer', () => {
  it('the backend paths and the SPA both carry them: camera for the shop itself, no framing by others, no sniffing', async () => {
    const magento = await echoServer();
    const shop = await shopIn({}, magento.url);
    try {
      for (const path of ['/graphql?query=%7BstoreConfig%7Bcode%7D%7D', '/rest/V1/directory/countries']) {
        const answer = await fetch(`${shop.url}${path}`);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name), `${name} on ${path}`).toBe(value);
      }
      expect(SECURITY_HEADERS['Permissions-Policy']).toContain('camera=(self)');
      expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    } finally {
      shop.server.close();
      magento.server.close();
    }
  });
});

describe('TRUST_PROXY', () => {
  it('keeps proxy headers only from the proxy it names: a request from elsewhere has them dropped', async () => {
    const magento = await echoServer();
    // The test's requests come from 127.0.0.1: a proxy at another address is not them.
    const shop = await shopIn({ TRUST_PROXY: '10.0.0.1' }, magento.url);
    try {
      const seen = await headersSeenByMagento(shop.url, { 'X-Forwarded-Host': 'evil.example' });
      expect(JSON.stringify(seen)).not.toContain('evil.example');
    } finally {
      shop.server.close();
      magento.server.close();
    }
  });

  it('takes true and hop counts as Express does', () => {
    expect([trustProxySetting(null), trustProxySetting('true'), trustProxySetting('2'), trustProxySetting('loopback')]).toEqual([false, true, 2, 'loopback']);
  });
});
