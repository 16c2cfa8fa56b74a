import express from 'express';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerRenderResult } from '../src/app/server-render';
import { pageAssetLinks, pageAssetsOf } from './page-assets';
import { PageCache } from './page-cache';
import { earlyInteractionsCapture, pageHtml, serverRenderedPages, withRobots } from './page-render';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The shell's description." />
    <meta name="theme-color" content="#1f4f46" />
    <title>Lunette Eyewear</title>
    <link rel="stylesheet" crossorigin href="/assets/shell.css" media="print" data-deferred-stylesheet>
  </head>
  <body>
    <div id="root"><div class="boot-shell" aria-hidden="true"><div class="boot-header"><span class="boot-logo">Lunette</span></div></div></div>
    <script type="module" src="/assets/index.js"></script>
  </body>
</html>`;

const PAGE: Extract<ServerRenderResult, { kind: 'page' }> = {
  kind: 'page',
  status: 200,
  storeCode: 'fr',
  lang: 'fr-FR',
  html: '<main><h1>Aurora</h1></main>',
  head: {
    title: 'Aurora | Lunette',
    description: 'Un cadre',
    canonical: 'https://shop.test/fr/aurora.html',
    alternates: [],
    robots: null,
    openGraph: [],
    jsonLd: [],
  },
  pageModules: ['src/ui/product/product-page.tsx'],
  rendered: {
    storeConfig: { storeCode: 'fr', locale: 'fr_FR', currency: 'EUR', secureBaseMediaUrl: '/media/' },
    route: null,
    apollo: { ROOT_QUERY: { name: '</script><script>alert(1)</script>' } },
  },
};

describe('server-rendered page HTML', () => {
  const html = pageHtml(TEMPLATE, PAGE, { modulePreloads: ['/assets/product-page.js'], stylesheets: ['/assets/product-page.css'] });

  it('puts the page in #root, in its language, with its own head instead of the shell’s', () => {
    expect(html).toContain('<html lang="fr-FR">');
    expect(html).toContain('<div id="root"><main><h1>Aurora</h1></main></div>');
    expect(html).not.toContain('boot-shell');
    expect(html).toContain('<title data-page-head>Aurora | Lunette</title>');
    expect(html).not.toContain('<title>Lunette Eyewear</title>');
    expect(html).not.toContain("The shell's description.");
    expect(html).toContain('<meta name="theme-color" content="#1f4f46" />');
    expect(html).toContain('<link data-page-head rel="canonical" href="https://shop.test/fr/aurora.html">');
  });

  it('applies the stylesheets at once and links the page’s own code and styles', () => {
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shell.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/product-page.css">');
  });

  it('ADR 033: asks for its code once its LCP picture is painted: no script or module preload in the HTML, one loader that knows them', () => {
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const loaders = [...html.matchAll(/<script>(\(function\(u\)[\s\S]*?)<\/script>/g)];
    expect(loaders).toHaveLength(1);
    expect(loaders[0]![1]).toContain('{"entry":"/assets/index.js","preloads":["/assets/product-page.js"]}');
    expect(html.indexOf(loaders[0]![0])).toBeGreaterThan(html.indexOf('id="shop-rendered-page"'));
  });

  it("ADR 033: the loader carries the answer's nonce, so the Content-Security-Policy lets it run", () => {
    const withNonce = pageHtml(TEMPLATE, PAGE, { modulePreloads: [], stylesheets: [] }, 'n0nce+/=');
    expect(withNonce).toContain('<script nonce="n0nce+/=">(function(u)');
  });

  it('ADR 033: records what a shopper does before the code runs, in a script before #root with the same nonce', () => {
    const withNonce = pageHtml(TEMPLATE, PAGE, { modulePreloads: [], stylesheets: [] }, 'n0nce+/=');
    const capture = `<script nonce="n0nce+/=">${earlyInteractionsCapture()}</script><div id="root">`;
    expect(withNonce).toContain(capture);
    expect(html).toContain(`<script>${earlyInteractionsCapture()}</script><div id="root">`);
    // ES5 and small: it runs before anything else, on every server page.
    expect(earlyInteractionsCapture()).not.toMatch(/=>|\b(let|const|class)\b|`/);
    expect(earlyInteractionsCapture().length).toBeLessThan(1200);
  });

  it('hands the state over in a JSON script no value can break out of', () => {
    expect(html).toContain('<script type="application/json" id="shop-rendered-page">');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
  });
});

describe('the shell of a personal page', () => {
  it('tells search engines not to list it', () => {
    expect(withRobots(TEMPLATE, 'noindex, nofollow')).toContain('<meta name="robots" content="noindex, nofollow">\n</head>');
  });
});

describe('page assets', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'] },
    '_framework.js': { file: 'assets/framework.js' },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'], imports: ['_framework.js'] },
    'src/ui/product/product-page.tsx': { file: 'assets/product-page.js', css: ['assets/product-page.css'], imports: ['_framework.js', '_shared.js'] },
  };

  it('lists what a page module loads beyond index.html, styles first', () => {
    const assets = pageAssetsOf(manifest, ['src/ui/product/product-page.tsx']);
    expect(assets).toEqual({
      modulePreloads: ['/assets/product-page.js', '/assets/shared.js'],
      stylesheets: ['/assets/product-page.css', '/assets/shared.css'],
    });
    expect(pageAssetLinks(assets)).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/product-page.css"><link rel="stylesheet" crossorigin href="/assets/shared.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/product-page.js"><link rel="modulepreload" crossorigin href="/assets/shared.js">',
    );
  });

  it('lists a chunk once when several page modules live in it (their facades dropped, scripts/vite-facade-chunks.ts)', () => {
    const grouped = {
      ...manifest,
      'src/ui/shell/route-resolver.tsx': { file: 'assets/catalog.js', src: 'src/ui/shell/route-resolver.tsx', imports: ['_framework.js'] },
      'src/ui/catalog/category-page.tsx': { file: 'assets/catalog.js', src: 'src/ui/catalog/category-page.tsx', imports: ['_framework.js'] },
    };
    expect(pageAssetsOf(grouped, ['src/ui/shell/route-resolver.tsx', 'src/ui/catalog/category-page.tsx']).modulePreloads).toEqual(['/assets/catalog.js']);
  });
});

describe('the Content-Security-Policy of a rendered page', () => {
  it("gives React's inline scripts a fresh nonce per answer, named by that answer's policy", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lunette-csp-'));
    writeFileSync(join(dir, 'index.html'), TEMPLATE);
    const nonces: string[] = [];
    const app = express().use(
      serverRenderedPages({
        indexHtml: join(dir, 'index.html'),
        manifest: {},
        render: (request) => {
          nonces.push(request.nonce ?? '');
          return Promise.resolve({ ...PAGE, html: `<main><script nonce="${request.nonce}">$RC("B:0","S:0")</script></main>` });
        },
        graphql: () => fetch,
        publicOrigin: 'http://shop.test',
        contentSecurityPolicy: (nonce) => `script-src 'self' 'nonce-${nonce}'`,
      }),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fr/aurora.html`;
      const [first, second] = [await fetch(url), await fetch(url)];
      expect(nonces).toHaveLength(2);
      expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(nonces[1]).not.toBe(nonces[0]);
      expect(first.headers.get('content-security-policy')).toBe(`script-src 'self' 'nonce-${nonces[0]}'`);
      expect(await first.text()).toContain(`<script nonce="${nonces[0]}">`);
      expect(second.headers.get('content-security-policy')).toContain(nonces[1]);
    } finally {
      server.close();
    }
  });
});

describe('rendered pages kept until what they show changes (ADR 025)', () => {
  /** A server whose render asks GraphQL once, answered with `tags` (none: not a cacheable read). */
  async function serve(tags: () => string | null) {
    const dir = mkdtempSync(join(tmpdir(), 'lunette-page-cache-'));
    writeFileSync(join(dir, 'index.html'), TEMPLATE);
    const pageCache = new PageCache();
    let renders = 0;
    const app = express().use(
      serverRenderedPages({
        indexHtml: join(dir, 'index.html'),
        manifest: {},
        render: async (request) => {
          renders++;
          await request.fetch('http://shop.test/graphql?query=x');
          return { ...PAGE, html: `<main><h1>Render ${renders}</h1><script nonce="${request.nonce}">$RC("B:0","S:0")</script></main>` };
        },
        graphql: () => async () => {
          const header = tags();
          return new Response('{"data":{}}', { status: 200, headers: header ? { 'X-Magento-Tags': header } : {} });
        },
        publicOrigin: 'http://shop.test',
        contentSecurityPolicy: (nonce) => `script-src 'self' 'nonce-${nonce}'`,
        pageCache,
      }),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fr/aurora.html`;
    return { pageCache, renders: () => renders, get: () => fetch(url), close: () => server.close() };
  }

  it('a second visit gets the kept page, with its own nonce; a purge of a tag it shows renders it again', async () => {
    const shop = await serve(() => 'cat_p_1,FPC');
    try {
      await (await shop.get()).text();
      const second = await shop.get();
      const nonce = /'nonce-([^']+)'/.exec(second.headers.get('content-security-policy') ?? '')?.[1];
      const html = await second.text();
      expect(shop.renders()).toBe(1);
      expect(second.headers.get('x-magento-cache-debug')).toBe('HIT');
      expect(html).toContain('<h1>Render 1</h1>');
      expect(html).toContain(`<script nonce="${nonce}">`);
      shop.pageCache.purge(['cat_p_2']);
      await (await shop.get()).text();
      expect(shop.renders()).toBe(1);
      shop.pageCache.purge(['cat_p_1']);
      expect(await (await shop.get()).text()).toContain('<h1>Render 2</h1>');
    } finally {
      shop.close();
    }
  });

  it('a page made from an answer that is not a cacheable catalog read is rendered for every visit', async () => {
    const shop = await serve(() => null);
    try {
      await (await shop.get()).text();
      await (await shop.get()).text();
      expect(shop.renders()).toBe(2);
    } finally {
      shop.close();
    }
  });
});
