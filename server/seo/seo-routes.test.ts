import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { createShopServer, type ShopServer } from '../app';
import { serverGraphqlFetch } from '../backend-graphql';
import { readServerConfig } from '../config';
import { robotsTxt, seoRoutes } from './seo-routes';

const PUBLIC = 'https://shop.example';

async function listen(app: { listen(port: number, host: string, ready: () => void): Server }): Promise<{ url: string; server: Server }> {
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('SEO (ADR 014): robots.txt and sitemaps on the real embedded backend', () => {
  let shop: ShopServer;
  let url: string;
  let server: Server;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers });

  beforeAll(async () => {
    const dataDir = mkdtempSync(`${tmpdir()}/eyewear-seo-`);
    shop = await createShopServer(readServerConfig({ PORT: '0', DATA_DIR: dataDir, PUBLIC_URL: PUBLIC }), null);
    ({ url, server } = await listen(shop));
  });
  afterAll(async () => {
    server.close();
    await shop.close();
  });

  it('robots.txt allows the catalog, keeps crawlers out of cart, checkout, account, search, /graphql and /rest, and names every sitemap', async () => {
    const response = await get('/robots.txt', { 'X-Forwarded-Host': 'evil.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await response.text();
    const lines = text.split('\n');
    for (const rule of [
      'Disallow: /graphql',
      'Disallow: /rest/',
      'Disallow: /*/cart$',
      'Disallow: /*/checkout$',
      'Disallow: /*/search.html$',
      'Disallow: /*/search.html?',
    ])
      expect(lines).toContain(rule);
    for (const rule of ['Disallow: /*/sign-in$', 'Disallow: /*/order-history/', 'Disallow: /*/account-information$', 'Allow: /']) expect(lines).toContain(rule);
    expect(lines).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(lines.filter((l) => /^Sitemap: https:\/\/shop\.example\/[a-z]+\/sitemap\.xml$/.test(l))).toHaveLength(13);
    expect(text).not.toContain('evil.example');
  });

  it('the index lists the 13 store views’ sitemaps on the public origin, whatever X-Forwarded-Host says', async () => {
    const response = await get('/sitemap.xml', { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(13);
    expect(locs).toContain(`${PUBLIC}/ca/sitemap.xml`);
    expect(locs).toContain(`${PUBLIC}/fr/sitemap.xml`);
    expect(xml).not.toContain('evil.example');
  });

  it("a view's sitemap lists its home, a category, a product and a CMS page, with hreflang alternates and x-default", async () => {
    const response = await get('/fr/sitemap.xml', { 'X-Forwarded-Host': 'evil.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${PUBLIC}/fr/`);
    expect(locs).toContain(`${PUBLIC}/fr/eyeglasses.html`);
    expect(locs).toContain(`${PUBLIC}/fr/aurora-cat-eye.html`);
    expect(locs).toContain(`${PUBLIC}/fr/about-us`);
    expect(locs).not.toContain(`${PUBLIC}/fr/home`);
    expect(locs).not.toContain(`${PUBLIC}/fr/no-route`);
    expect(locs.length).toBeGreaterThan(20);
    expect(new Set(locs).size).toBe(locs.length);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en-US" href="${PUBLIC}/us/aurora-cat-eye.html"/>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${PUBLIC}/ca/aurora-cat-eye.html"/>`);
    expect(xml).not.toContain('evil.example');
  });

  it('a path under no store view is not a sitemap (left to the shop)', async () => {
    expect((await get('/nowhere/sitemap.xml')).status).toBe(404);
  });

  it('with no public origin the request’s own is used, never a forged X-Forwarded-Host', async () => {
    const app = express();
    app.use(seoRoutes({ publicOrigin: null, graphql: serverGraphqlFetch(shop.backend, null) }));
    const bare = await listen(app);
    try {
      const text = await (await fetch(`${bare.url}/robots.txt`, { headers: { 'X-Forwarded-Host': 'evil.example' } })).text();
      expect(text).toContain(`Sitemap: ${bare.url}/ca/sitemap.xml`);
      expect(text).not.toContain('evil.example');
    } finally {
      bare.server.close();
    }
  });

  it('a built sitemap is kept in memory: a second request asks GraphQL nothing', async () => {
    let asked = 0;
    const counting = { graphqlFetch: (request: Request) => (asked++, shop.backend!.graphqlFetch(request)) };
    const app = express().use(seoRoutes({ publicOrigin: PUBLIC, graphql: serverGraphqlFetch(counting, null) }));
    const bare = await listen(app);
    try {
      expect((await fetch(`${bare.url}/de/sitemap.xml`)).status).toBe(200);
      const afterFirst = asked;
      expect(afterFirst).toBeGreaterThan(2);
      expect((await fetch(`${bare.url}/de/sitemap.xml`)).status).toBe(200);
      expect((await fetch(`${bare.url}/sitemap.xml`)).status).toBe(200);
      expect(asked).toBe(afterFirst);
    } finally {
      bare.server.close();
    }
  });
});

describe('SEO (ADR 014): robots.txt rules', () => {
  it('keeps exact private pages apart from catalog pages that start the same way', () => {
    const text = robotsTxt('https://shop.example', ['ca']);
    expect(text).toContain('Disallow: /*/cart$\nDisallow: /*/cart?');
    expect(text).not.toMatch(/Disallow: \/\*\/cart\n/); // would also block /ca/cartier.html
  });
});
