/**
 * Catalog and CMS URLs rendered on the server by the shop's own machines and views,
 * against the REAL embedded backend answering in-process (server/backend-graphql.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../backend/test/test-backend';
import { serverGraphqlFetch } from '../../server/backend-graphql';
import { renderShopPage, type ServerRenderResult } from '../../src/app/server-render';

let api: TestBackend;
beforeAll(async () => {
  api = await startTestBackend();
}, 180_000);
afterAll(() => api?.close());

const ORIGIN = 'http://shop.test';
const render = (url: string) => renderShopPage({ url, origin: ORIGIN, fetch: serverGraphqlFetch(api.backend, null)(ORIGIN) });
const page = (result: ServerRenderResult) => {
  if (result.kind !== 'page') throw new Error(`expected a page, got ${JSON.stringify(result)}`);
  return result;
};

describe('server render', () => {
  it('spec §2 Fallback: a product URL renders the product page, with the data and route it was rendered from', async () => {
    const result = page(await render('/ca/aurora-cat-eye.html'));
    expect(result.status).toBe(200);
    expect(result.html).toContain('Aurora');
    expect(result.html).toMatch(/<h1[^>]*>[^<]*Aurora/);
    expect(result.rendered.route).toEqual({
      pathname: '/aurora-cat-eye.html',
      outcome: { kind: 'page', page: expect.objectContaining({ type: 'PRODUCT', urlKey: 'aurora-cat-eye' }) },
    });
    expect(result.rendered.storeConfig).toMatchObject({ storeCode: 'ca', currency: 'CAD' });
    expect(JSON.stringify(result.rendered.apollo)).toContain('aurora-cat-eye');
  });

  it('spec §2: a category URL renders its listing', async () => {
    const result = page(await render('/ca/eyeglasses.html'));
    expect(result.status).toBe(200);
    expect(result.html).toMatch(/<h1[^>]*>[^<]*Eyeglasses/);
    expect(result.html).toContain('aurora-cat-eye.html');
  });

  it('spec §8: an unknown URL renders "page not found" with status 404', async () => {
    const result = page(await render('/ca/no-such-frame.html'));
    expect(result.status).toBe(404);
    expect(result.html).toContain('doesn&#x27;t exist');
  });

  it('renders the French store view in French', async () => {
    const result = page(await render('/fr/aurora-cat-eye.html'));
    expect(result.lang).toBe('fr-FR');
    expect(result.rendered.storeConfig.storeCode).toBe('fr');
    expect(result.html).toContain('>Boutique<');
  });

  it('spec §2 Fallback: a CMS page URL renders the CMS page', async () => {
    const result = page(await render('/ca/about-us'));
    expect(result.status).toBe(200);
    expect(result.rendered.route?.outcome).toEqual({ kind: 'page', page: { type: 'CMS_PAGE', identifier: 'about-us' } });
    expect(result.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it('spec §2: a route redirect is an HTTP redirect with its own code, under the same store', async () => {
    expect(await render('/ca/glasses.html')).toEqual({ kind: 'redirect', status: 301, location: '/ca/eyeglasses.html' });
    expect(await render('/fr/summer-sale.html?page=2')).toEqual({ kind: 'redirect', status: 302, location: '/fr/sale.html?page=2' });
  });

  it('the home page renders its CMS content', async () => {
    const result = page(await render('/ca/'));
    expect(result.status).toBe(200);
    expect(result.html).toContain('<main');
  });

  it('a backend that does not answer ends the render at its time limit: the server then sends the shell', async () => {
    const silent: typeof fetch = () => new Promise<Response>(() => undefined);
    await expect(renderShopPage({ url: '/ca/aurora-cat-eye.html', origin: ORIGIN, fetch: silent, timeoutMs: 300 })).rejects.toThrow(
      'The server render took longer than 300 ms',
    );
  });

  it('personal pages and paths without a store are left to the browser; search engines are kept off the personal ones', async () => {
    const personal = { kind: 'client', robots: 'noindex, nofollow' };
    expect(await render('/ca/cart')).toEqual(personal);
    expect(await render('/ca/checkout')).toEqual(personal);
    expect(await render('/ca/sign-in')).toEqual(personal);
    expect(await render('/ca/order-history')).toEqual(personal);
    expect(await render('/ca/try-on-glasses')).toEqual({ kind: 'client', robots: null });
    expect(await render('/aurora-cat-eye.html')).toEqual({ kind: 'client', robots: null });
    expect(await render('/cart')).toEqual({ kind: 'client', robots: null });
    expect(await render('/')).toEqual({ kind: 'client', robots: null });
  });

  it('spec §8 page not found: a path naming no store view that no page answers is a 404, not a soft one (the shell still serves it)', async () => {
    expect(await render('/xx/')).toEqual({ kind: 'client', robots: 'noindex, nofollow', status: 404 });
    expect(await render('/xx/eyeglasses.html')).toEqual({ kind: 'client', robots: 'noindex, nofollow', status: 404 });
    expect(await render('/eyeglasses.html')).toEqual({ kind: 'client', robots: null });
  });

  it('spec §2 /customize/{urlkey} and §8 page not found: a lens-wizard link naming no product answers 404; one naming a frame, 200', async () => {
    expect(await render('/ca/customize/bad')).toEqual({ kind: 'client', robots: 'noindex, nofollow', status: 404 });
    expect(await render('/de/customize/aurora-cat-eye')).toEqual({ kind: 'client', robots: 'noindex, nofollow' });
    expect(await render('/ca/customize')).toEqual({ kind: 'client', robots: 'noindex, nofollow' });
  });
});
