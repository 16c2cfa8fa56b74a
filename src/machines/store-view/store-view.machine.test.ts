import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  pathWithoutStoreCode,
  selectCartPricesIncludeTax,
  storeCodeOfPath,
  storeViewMachine,
  toLanguageTag,
  type StoreConfigSummary,
  type StoreViewInfo,
  type StoreViewInput,
} from './store-view.machine';

const CODES = ['default', 'eu', 'us', 'fr', 'es', 'uk', 'nl', 'hk', 'mx', 'de', 'au', 'ca', 'ch'] as const;
const STORES: StoreViewInfo[] = CODES.map((code) => ({
  code,
  name: code.toUpperCase(),
  currency: code === 'fr' ? 'EUR' : 'CAD',
  secureBaseMediaUrl: 'https://shop.test/media/',
}));

function start(input: Partial<StoreViewInput> & { pathname: string }, config?: Partial<StoreConfigSummary>) {
  const saveStoreView = vi.fn();
  const reloadAt = vi.fn();
  const fetchStoreConfig = vi.fn(async ({ input: i }: { input: { storeCode: string } }) => ({
    storeCode: i.storeCode,
    locale: 'fr_FR',
    currency: 'EUR',
    secureBaseMediaUrl: 'https://shop.test/media/',
    ...config,
  }));
  const machine = storeViewMachine.provide({
    actors: { fetchStoreViews: fromPromise(async () => STORES), fetchStoreConfig: fromPromise(fetchStoreConfig) },
    actions: { saveStoreView: (_, p) => saveStoreView(p), reloadAt: (_, p) => reloadAt(p) },
  });
  const actor = createActor(machine, { input: { knownCodes: CODES, defaultCode: 'ca', stored: {}, ...input } }).start();
  return { actor, saveStoreView, reloadAt, fetchStoreConfig };
}

describe('storeView machine', () => {
  it('spec §2 Store-view prefix: codes are matched longest first', () => {
    expect(storeCodeOfPath('/default/cart', CODES)).toBe('default');
    expect(storeCodeOfPath('/de/cart', CODES)).toBe('de');
    expect(storeCodeOfPath('/deals', CODES)).toBeNull();
    expect(storeCodeOfPath('/ca', CODES)).toBe('ca');
    expect(pathWithoutStoreCode('/fr/eyeglasses.html', CODES)).toBe('/eyeglasses.html');
    expect(pathWithoutStoreCode('/fr', CODES)).toBe('/');
  });

  it('spec §9: locale from store config has underscores turned into hyphens; default en-CA', () => {
    expect(toLanguageTag('fr_FR')).toBe('fr-FR');
    expect(toLanguageTag(null)).toBe('en-CA');
  });

  it('spec §2: a URL naming another store saves code, currency and secure media URL, then reloads', async () => {
    const { actor, saveStoreView, reloadAt } = start({ pathname: '/fr/sunglasses.html', stored: { code: 'ca', currency: 'CAD', secureBaseMediaUrl: 'x' } });
    await waitFor(actor, (s) => s.hasTag('reloading'));
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'fr', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' });
    expect(reloadAt).toHaveBeenCalledWith({ path: '/fr/sunglasses.html' });
  });

  it('spec §2: that reload keeps the query and fragment (a link into the lens wizard with its colour and size lost them)', async () => {
    const { actor, reloadAt } = start({ pathname: '/de/customize/milo-round', search: '?color=52&size=172#lenses', stored: { code: 'ca', currency: 'CAD' } });
    await waitFor(actor, (s) => s.hasTag('reloading'));
    expect(reloadAt).toHaveBeenCalledWith({ path: '/de/customize/milo-round?color=52&size=172#lenses' });
  });

  it('spec §2: the URL of the current store (default ca when nothing is stored) loads its config without a reload', async () => {
    const { actor, reloadAt, saveStoreView } = start({ pathname: '/ca/' }, { locale: 'en_CA', currency: 'CAD' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(reloadAt).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ storeCode: 'ca', locale: 'en-CA', currency: 'CAD' });
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'ca', currency: 'CAD', secureBaseMediaUrl: 'https://shop.test/media/' });
  });

  it('a path without a store code uses the stored store view', async () => {
    const { actor, fetchStoreConfig } = start({ pathname: '/cart', stored: { code: 'uk', currency: 'GBP', secureBaseMediaUrl: 'm' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.storeCode).toBe('uk');
    expect(fetchStoreConfig.mock.calls[0]![0].input).toEqual({ storeCode: 'uk' });
  });

  it('a broken stored value (unknown code, or a code without its currency) counts as nothing stored', async () => {
    const { actor } = start({ pathname: '/cart', stored: { code: 'atlantis', currency: 'XXX' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.storeCode).toBe('ca');
  });

  it('spec §4 Other: switching store view saves the three keys and reloads on the same page of the new store', async () => {
    const { actor, saveStoreView, reloadAt } = start({ pathname: '/ca/cart' });
    await waitFor(actor, (s) => s.matches('ready'));
    saveStoreView.mockClear();
    actor.send({ type: 'storeView.switch', code: 'fr', path: '/cart' });
    await waitFor(actor, (s) => s.hasTag('reloading'));
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'fr', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' });
    expect(reloadAt).toHaveBeenCalledWith({ path: '/fr/cart' });
  });

  it('ignores a switch to an unknown code or to the current store', async () => {
    const { actor, reloadAt } = start({ pathname: '/ca/' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'storeView.switch', code: 'atlantis', path: '/' });
    actor.send({ type: 'storeView.switch', code: 'ca', path: '/' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('a failed store config keeps the store code, says why, and can be retried', async () => {
    let fail = true;
    const machine = storeViewMachine.provide({
      actors: {
        fetchStoreViews: fromPromise(async () => STORES),
        fetchStoreConfig: fromPromise(async () => {
          if (fail) throw new Error('Failed to fetch');
          return { storeCode: 'ca', locale: 'en_CA', currency: 'CAD', secureBaseMediaUrl: 'm' };
        }),
      },
    });
    const actor = createActor(machine, { input: { knownCodes: CODES, defaultCode: 'ca', pathname: '/ca/', stored: {} } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch');
    fail = false;
    actor.send({ type: 'storeView.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describe('storeView machine on a server-rendered page', () => {
  const RENDERED: StoreConfigSummary = { storeCode: 'fr', locale: 'fr_FR', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' };

  it('spec §2 Store-view prefix: the page already stands under the URL store, so it is saved with no reload and no config request', () => {
    const { actor, saveStoreView, reloadAt, fetchStoreConfig } = start({
      pathname: '/fr/aurora-cat-eye.html',
      stored: { code: 'ca', currency: 'CAD' },
      rendered: RENDERED,
    });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ storeCode: 'fr', locale: 'fr-FR', currency: 'EUR' });
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'fr', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' });
    expect(reloadAt).not.toHaveBeenCalled();
    expect(fetchStoreConfig).not.toHaveBeenCalled();
  });
});

describe('storeView machine: how the cart shows its prices (ADR 040)', () => {
  it("the store config's cart price display is kept: a view showing cart prices with tax says so, another does not", async () => {
    const fr = start({ pathname: '/fr/cart', stored: { code: 'fr', currency: 'EUR' } }, { cartPricesIncludeTax: true });
    expect(selectCartPricesIncludeTax(await waitFor(fr.actor, (s) => s.matches('ready')))).toBe(true);
    const ca = start({ pathname: '/ca/cart', stored: { code: 'ca', currency: 'CAD' } }, { storeCode: 'ca', cartPricesIncludeTax: false });
    expect(selectCartPricesIncludeTax(await waitFor(ca.actor, (s) => s.matches('ready')))).toBe(false);
  });

  it('a server-rendered page hands the setting over with its store config', () => {
    const { actor } = start({
      pathname: '/de/aurora-cat-eye.html',
      stored: { code: 'de', currency: 'EUR' },
      rendered: { storeCode: 'de', locale: 'de_DE', currency: 'EUR', secureBaseMediaUrl: '/media/', cartPricesIncludeTax: true },
    });
    expect(selectCartPricesIncludeTax(actor.getSnapshot())).toBe(true);
  });
});
