import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './test-backend';

let api: TestBackend;
beforeAll(async () => {
  api = await startTestBackend();
});
afterAll(() => api.close());

const EXPECTED = [
  ['default', 1, 'USD'],
  ['eu', 2, 'EUR'],
  ['us', 3, 'USD'],
  ['fr', 4, 'EUR'],
  ['es', 5, 'USD'],
  ['uk', 6, 'GBP'],
  ['nl', 7, 'EUR'],
  ['hk', 8, 'HKD'],
  ['mx', 11, 'MXN'],
  ['de', 12, 'EUR'],
  ['au', 19, 'AUD'],
  ['ca', 20, 'CAD'],
  ['ch', 21, 'CHF'],
] as const;

describe('store views', () => {
  it('spec §3 Store view: availableStores lists the 13 store views with their ids and currencies', async () => {
    const res = await api.gqlGet<{ availableStores: { store_code: string; id: number; default_display_currency_code: string; store_name: string }[] }>(
      '{ availableStores { store_code id store_name default_display_currency_code secure_base_media_url } }',
    );
    expect(res.errors).toBeUndefined();
    const stores = res.data!.availableStores;
    expect(stores.map((s) => [s.store_code, s.id, s.default_display_currency_code])).toEqual(EXPECTED.map((e) => [...e]));
    expect(stores.find((s) => s.store_code === 'fr')!.store_name).toBe('FR - France');
  });

  it('spec §9: the Store header selects the store view; without it the default store view is ca, locale en_CA', async () => {
    const fr = await api.gqlGet<{ storeConfig: { store_code: string; locale: string } }>('{ storeConfig { store_code locale } }', {}, { Store: 'fr' });
    expect(fr.data!.storeConfig).toEqual({ store_code: 'fr', locale: 'fr_FR' });
    const none = await api.gqlGet<{ storeConfig: { store_code: string; locale: string } }>('{ storeConfig { store_code locale } }');
    expect(none.data!.storeConfig).toEqual({ store_code: 'ca', locale: 'en_CA' });
  });

  it("an unknown Store header is refused with Magento's message", async () => {
    const res = await api.gqlGet('{ storeConfig { store_code } }', {}, { Store: 'atlantis' });
    expect(res.errors?.[0]?.message).toBe("The store that was requested wasn't found. Verify the store and try again.");
  });

  it('answers carry X-Magento-Cache-Id, different per store view', async () => {
    const a = await api.gqlGet('{ storeConfig { store_code } }', {}, { Store: 'uk' });
    const b = await api.gqlGet('{ storeConfig { store_code } }', {}, { Store: 'de' });
    expect(a.headers.get('x-magento-cache-id')).toMatch(/^[0-9a-f]{64}$/);
    expect(a.headers.get('x-magento-cache-id')).not.toBe(b.headers.get('x-magento-cache-id'));
  });

  it('lets caches keep anonymous catalog reads only; cart, customer and link answers are no-store', async () => {
    const catalog = await api.gqlGet('{ storeConfig { store_code } }');
    expect(catalog.headers.get('cache-control')).toBe('public, max-age=300');
    const cart = await api.gqlGet('query ($id: String!) { cart(cart_id: $id) { id } }', { id: 'nope' });
    expect(cart.headers.get('cache-control')).toBe('no-store');
    const signedIn = await api.gqlGet('{ storeConfig { store_code } }', {}, { Authorization: 'Bearer x' });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a mutation sent over GET', async () => {
    const res = await api.http(`/graphql?query=${encodeURIComponent('mutation { createEmptyCart }')}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
  });

  it("currency answers the store view's display currency and rate", async () => {
    const res = await api.gqlGet<{
      currency: { base_currency_code: string; default_display_currency_code: string; exchange_rates: { currency_to: string; rate: number }[] };
    }>('{ currency { base_currency_code default_display_currency_code exchange_rates { currency_to rate } } }', {}, { Store: 'uk' });
    expect(res.data!.currency).toEqual({
      base_currency_code: 'USD',
      default_display_currency_code: 'GBP',
      exchange_rates: [{ currency_to: 'GBP', rate: 0.79 }],
    });
  });

  it('keeps its data across a restart', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = `${mkdtempSync(`${tmpdir()}/eyewear-restart-`)}/db`;
    const first = await startTestBackend({ dataDir });
    expect(first.backend.seeded).toBe(true);
    await first.stop();
    const second = await startTestBackend({ dataDir });
    expect(second.backend.seeded).toBe(false);
    const res = await second.gqlGet<{ availableStores: unknown[] }>('{ availableStores { store_code } }');
    expect(res.data!.availableStores).toHaveLength(13);
    await second.close();
  }, 180_000); // seeds a fresh database twice over: slow on a loaded machine
});
